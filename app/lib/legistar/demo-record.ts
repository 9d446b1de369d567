/**
 * The demo cities' official records (demo/legislative.ts) are stored under
 * client ids no Legistar client has ("demo-<city>"): they are the demo's own,
 * made up to match its meetings, and are never synced, tested or scheduled
 * against Legistar (no network a user did not configure).
 */
export const DEMO_CLIENT_PREFIX = "demo-";

export function isDemoClient(clientId: string): boolean {
  return clientId.startsWith(DEMO_CLIENT_PREFIX);
}

export function demoRecordMessage(cityName: string): string {
  return `The official record of ${cityName} is the demo's own, made up to match its demo meetings: it is never synced from Legistar.`;
}

/** What a sync of a demo record answers instead of asking Legistar. */
export const DEMO_NOT_SYNCED = "This record is the demo's own: it is never synced from Legistar.";
