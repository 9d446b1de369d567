/**
 * The client's address as Express resolved it (honoring TRUST_PROXY).
 * server.ts always overwrites this header, so a client cannot forge it.
 */
export const CLIENT_IP_HEADER = "x-gavel-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
