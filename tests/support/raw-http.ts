import net from "node:net";

/**
 * HTTP/1.1 over a raw socket, for what fetch cannot show: several requests
 * on one keep-alive connection, a Content-Length that lies, a chunked body
 * that never ends, and whether the server closed the connection.
 */

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * How long read() and waitForClose() wait unless told otherwise: "until it
 * happens", far beyond what a loaded machine takes, so that a test asserts
 * what the server answered (or that it closed), never how fast (issue 28).
 * A server that never answers still fails the test, at its timeout.
 */
export const EVENTUALLY_MS = 120_000;

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;
  private readonly socket: net.Socket;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    // A reset after the answer is the server hanging up on unread bytes: fine here.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  /** Writes unless the server already hung up; resolves when the bytes are handed to the kernel. */
  write(data: string | Buffer): Promise<void> {
    if (this.closed || this.socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => this.socket.write(data, () => resolve()));
  }

  /** Leaves what the server sends unread (in the kernel's buffer), as a browser does while it uploads. */
  pauseReading(): void {
    this.socket.pause();
  }

  resumeReading(): void {
    this.socket.resume();
  }

  /** True once any answer bytes have arrived. */
  get answered(): boolean {
    return this.buffer.length > 0;
  }

  /** The next response, or null if none came within `timeoutMs` (or the connection closed first). */
  async read(timeoutMs = EVENTUALLY_MS): Promise<RawResponse | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = this.take();
      if (response) return response;
      if (this.closed || Date.now() >= deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  /** Resolves true when the server closes the connection within `timeoutMs`. */
  async waitForClose(timeoutMs = EVENTUALLY_MS): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
    return this.closed;
  }

  close() {
    this.socket.destroy();
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Parses one complete response off the front of the buffer. */
  private take(): RawResponse | null {
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0) return null;
    const [statusLine = "", ...lines] = this.buffer.subarray(0, end).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(" ")[1]);
    let rest = this.buffer.subarray(end + 4);
    let body: Buffer;
    if (headers["transfer-encoding"]?.includes("chunked")) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf("\r\n");
        if (lineEnd < 0) return null;
        const size = Number.parseInt(rest.subarray(0, lineEnd).toString(), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        rest = rest.subarray(lineEnd + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else if (headers["content-length"] !== undefined) {
      const length = Number(headers["content-length"]);
      if (rest.length < length) return null;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    } else if (status === 204 || status === 304) {
      body = Buffer.alloc(0);
    } else {
      if (!this.closed) return null; // the body runs to the end of the connection
      body = rest;
      rest = Buffer.alloc(0);
    }
    this.buffer = rest;
    return { status, headers, body: body.toString("utf8") };
  }
}
