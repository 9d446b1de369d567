import type { Request as ExpressRequest, Response } from "express";

/**
 * The short plain answers of the checks in front of React Router (the body
 * gate, the request checks): `text/plain`, `Cache-Control: no-store`. When
 * the body was not read to its end, the connection closes, so unread bytes
 * are never taken for the next request.
 */
export function answerPlainly(
  req: ExpressRequest,
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  if (!req.complete) closeAfterAnswer(req, res);
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (status === 204) return void res.end();
  res.type("text/plain").send(message);
}

const LINGER_MS = 2_000;

/**
 * Closes the connection once the answer is out. Meanwhile what the client
 * still sends is read and dropped for a moment: closing a socket with
 * unread bytes resets it, and a reset can destroy the answer before the
 * client has read it.
 */
export function closeAfterAnswer(req: ExpressRequest, res: Response) {
  res.setHeader("Connection", "close");
  req.resume();
  res.on("finish", () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref());
}
