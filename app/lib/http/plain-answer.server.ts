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

/** How long, and how much, a client may go on sending once answered before it is cut off. */
const LINGER = { ms: 30_000, bytes: 64 * 1024 * 1024 };

/**
 * Closes the connection once the answer is out, as a lingering close: the
 * answer is sent and our side shut, then what the client still sends is read
 * and dropped until its body ends (or LINGER runs out), and only then is the
 * socket destroyed. A browser uploads its whole body before it reads the
 * answer; a socket destroyed with bytes still coming resets the connection,
 * and a reset wipes the answer out of the browser's buffer: it shows a
 * connection error instead of our page.
 */
export function closeAfterAnswer(req: ExpressRequest, res: Response) {
  res.setHeader("Connection", "close");
  const socket = req.socket;
  let dropped = 0;
  const cutOff = () => socket.destroy();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER.bytes) cutOff();
  });
  req.resume();
  // Node calls destroySoon() once a "Connection: close" answer is written.
  socket.destroySoon = () => {
    socket.end();
    if (req.complete) return cutOff();
    req.once("end", cutOff);
    setTimeout(cutOff, LINGER.ms).unref();
  };
}
