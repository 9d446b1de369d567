import type { IncomingMessage } from "node:http";

/**
 * A request's body as a web stream that reads the socket only as fast as
 * the action takes it (the request pauses whenever the stream's small
 * buffer is full), for the one route whose body the gate does not read (a
 * meeting's recording upload: body-gate.server.ts, streamsBody). Unlike
 * `Readable.toWeb`, canceling it (an action that stops reading, a refused
 * upload) never destroys the request: that would destroy the socket and the
 * answer with it. `release()` detaches it, so that the request handler can
 * read and drop the rest (closeAfterAnswer).
 */
export function streamedBody(req: IncomingMessage): { body: ReadableStream<Uint8Array>; release: () => void } {
  let released = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    release();
    controller.close();
  };
  const onFailure = () => {
    release();
    controller.error(new Error("The client stopped sending the request."));
  };
  const release = () => {
    if (released) return;
    released = true;
    req.off("data", onData).off("end", onEnd).off("aborted", onFailure).off("error", onFailure);
    req.off("close", onClose);
  };
  // A request that closes before its end was cut off (without "aborted" on newer Node versions).
  const onClose = () => {
    if (!req.complete) onFailure();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        // Paused first, so that adding the listener does not start the flow: pull() does.
        req.pause();
        req.on("data", onData).once("end", onEnd).once("aborted", onFailure).once("error", onFailure);
        req.once("close", onClose);
      },
      pull() {
        if (!released) req.resume();
      },
      cancel() {
        release();
        req.pause();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 256 * 1024 }),
  );
  return { body, release };
}
