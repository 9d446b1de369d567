/**
 * A real HTTP server on 127.0.0.1 that speaks just enough of the OpenAI
 * chat-completions API (`/v1/chat/completions` and `/chat/completions`) for
 * the SDK, with scripted replies: valid JSON, JSON in ``` fences, invalid
 * JSON, an HTTP error, a hang past the client's timeout, or a reply cut off
 * at the length limit. Every request is recorded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";

export type FakeReply =
  /** A normal reply whose content is the JSON of `body`. */
  | { kind: "json"; body: unknown }
  /** The JSON of `body` inside a ```json code fence. */
  | { kind: "fenced"; body: unknown }
  /** Any content, e.g. text that is not JSON. */
  | { kind: "text"; content: string }
  /** An HTTP error status with an OpenAI-style error body. */
  | { kind: "status"; status: number; message?: string }
  /** Never answers: the client's timeout has to fire. */
  | { kind: "hang" }
  /** finish_reason "length": the reply was cut off. */
  | { kind: "length"; content?: string }
  /** The model refuses. */
  | { kind: "refusal"; message: string };

export type RecordedRequest = {
  path: string;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema?: unknown } };
  };
};

export type ReplyHandler = (request: RecordedRequest, index: number) => FakeReply;

export type FakeOpenAiServer = {
  /** Base URL for the SDK, ending in /v1. */
  baseURL: string;
  requests: RecordedRequest[];
  readonly requestCount: number;
  /** Queues replies, one per request, in order. */
  script(...replies: FakeReply[]): void;
  /** Answers requests once the queue is empty. */
  otherwise(handler: ReplyHandler): void;
  reset(): void;
  close(): Promise<void>;
};

const NO_SCRIPT: FakeReply = { kind: "status", status: 500, message: "fake server: no scripted reply" };

function completion(model: string, content: string | null, finishReason: string, refusal: string | null = null) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message: { role: "assistant", content, refusal }, finish_reason: finishReason, logprobs: null },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function sendJson(response: http.ServerResponse, status: number, payload: unknown): void {
  // retry-after-ms keeps the SDK's retry back-off short in tests.
  response.writeHead(status, { "content-type": "application/json", "retry-after-ms": "10" });
  response.end(JSON.stringify(payload));
}

function answer(response: http.ServerResponse, reply: FakeReply, model: string): void {
  switch (reply.kind) {
    case "json":
      return sendJson(response, 200, completion(model, JSON.stringify(reply.body), "stop"));
    case "fenced":
      return sendJson(
        response,
        200,
        completion(model, `Here is the analysis:\n\`\`\`json\n${JSON.stringify(reply.body, null, 2)}\n\`\`\``, "stop"),
      );
    case "text":
      return sendJson(response, 200, completion(model, reply.content, "stop"));
    case "length":
      return sendJson(response, 200, completion(model, reply.content ?? '{"summary": "The council met and', "length"));
    case "refusal":
      return sendJson(response, 200, completion(model, null, "stop", reply.message));
    case "status":
      return sendJson(response, reply.status, {
        error: { message: reply.message ?? "fake server error", type: "server_error", code: null },
      });
    case "hang":
      return; // the socket stays open until the client gives up or the server closes
  }
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];
  const sockets = new Set<Socket>();
  let handler: ReplyHandler = () => NO_SCRIPT;

  const server = http.createServer(async (request, response) => {
    const path = (request.url ?? "").split("?")[0]!;
    if (request.method !== "POST" || !/^(?:\/v1)?\/chat\/completions$/.test(path)) {
      return sendJson(response, 404, {
        error: { message: `fake server: no route ${request.method} ${path}`, type: "not_found" },
      });
    }
    const raw = await readBody(request);
    const recorded: RecordedRequest = { path, body: raw ? (JSON.parse(raw) as RecordedRequest["body"]) : {} };
    const index = requests.push(recorded) - 1;
    const reply = queue.shift() ?? handler(recorded, index);
    answer(response, reply, recorded.body.model ?? "fake-model");
  });
  // Idle connections stay open until the client closes them (or close() ends them all). With
  // Node's default keep-alive timeout (5 s, plus a 1 s buffer) the server could time out a pooled connection the
  // client was just reusing: the client's pool (undici's fetch, timed from its own coarse ticks)
  // still held it as alive when CPU-bound work (the offline analyzer of the test before) had kept
  // the event loop busy past that; the request was written, the server destroyed the "idle"
  // socket with it unread, and the SDK's ECONNRESET read as "the AI service could not be
  // reached" in pipeline-analysis.test.ts on a busy machine (issue 28).
  server.keepAliveTimeout = 0;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get requestCount() {
      return requests.length;
    },
    script: (...replies) => void queue.push(...replies),
    otherwise: (next) => void (handler = next),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      handler = () => NO_SCRIPT;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Points the app's AI settings at a fake model: no client retries, and a timeout generous enough for a loaded machine. */
export function useFakeModel(server: Pick<FakeOpenAiServer, "baseURL">): void {
  process.env.OPENAI_API_KEY = "sk-test";
  process.env.OPENAI_BASE_URL = server.baseURL;
  process.env.OPENAI_MAX_RETRIES = "0";
  // Generous, so that a loaded machine never turns a slow answer into a timeout. (The "could not be
  // reached" once blamed on a 5 s timeout was a reset connection: see keepAliveTimeout above.)
  process.env.OPENAI_TIMEOUT_MS = "15000";
}
