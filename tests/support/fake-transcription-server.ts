/**
 * A speech-to-text server on 127.0.0.1 that speaks the OpenAI contract
 * (`POST /v1/audio/transcriptions`, multipart, `response_format=verbose_json`)
 * for a recording made by tests/support/spoken-meeting.ts.
 *
 * It hears for real what it can without a model: it decodes the uploaded
 * audio with ffmpeg and finds where there is sound (speech islands), then
 * recognizes which of the meeting's lines those islands are by the pattern
 * of their starts, and answers each island's text at the island's own time
 * in the file it was sent (times from the start of that file, as a real
 * server does). So the app's chunk offsets are tested against where the
 * words really are.
 *
 * Scripted replies (one per request, in order; then `speech`): a server
 * error, a hang, a body that is not JSON or has no segments, a segment past
 * the end of the file or running backwards. Options: speaker labels
 * (`SPEAKER_00`… per voice) and hallucinations (a credit line and a "Thank
 * you." on long silence, a line repeated in a loop).
 */
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { PlacedLine } from "./spoken-meeting";

export type FakeTranscriptionReply =
  | { kind: "speech" }
  | { kind: "status"; status: number }
  /** Never answers: the client's timeout has to fire. */
  | { kind: "hang" }
  | { kind: "not-json" }
  /** JSON without `segments` (what `response_format=json` gives). */
  | { kind: "no-segments" }
  /** The speech, and one more segment ending 5 s after the end of the file. */
  | { kind: "past-end" }
  /** The speech, with its first segment ending before it starts. */
  | { kind: "backwards" };

export type TranscriptionRequest = {
  authorization: string | null;
  model: string | null;
  responseFormat: string | null;
  granularities: string[];
  fileName: string | null;
  fileType: string | null;
  /** The file's length in seconds, from its decoded samples. */
  seconds: number;
  /** Which of the meeting's lines were heard in the file, in order. */
  lineIndexes: number[];
  reply: FakeTranscriptionReply["kind"];
};

export type FakeTranscriptionOptions = { labels?: boolean; hallucinate?: boolean };

export type FakeTranscriptionServer = {
  /** TRANSCRIPTION_BASE_URL: the address without `/v1`. */
  baseUrl: string;
  requests: TranscriptionRequest[];
  script(...replies: FakeTranscriptionReply[]): void;
  options(options: FakeTranscriptionOptions): void;
  reset(): void;
  close(): Promise<void>;
};

type Island = { start: number; end: number };

const RATE = 16_000;
const FRAME = RATE / 50; // 20 ms
/** RMS of a 20 ms frame above which there is sound (about -40 dBFS). */
const SOUND_RMS = 330;
/** Pauses inside a line (between sentences, at commas) are shorter than this; the meeting's pauses are longer. */
const JOIN_GAP_SECONDS = 0.9;
/** Silence this long gets the hallucinations. */
const LONG_SILENCE_SECONDS = 6;

/** The file's samples, decoded by ffmpeg to mono 16 kHz 16-bit. */
function decode(file: Buffer): Promise<Int16Array> {
  return new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", [
      "-nostdin",
      "-loglevel",
      "error",
      "-i",
      "pipe:0",
      "-f",
      "s16le",
      "-ac",
      "1",
      "-ar",
      String(RATE),
      "pipe:1",
    ]);
    const out: Buffer[] = [];
    let errors = "";
    child.stdout.on("data", (data: Buffer) => out.push(data));
    child.stderr.on("data", (data: Buffer) => (errors += data.toString()));
    child.stdin.on("error", () => {}); // ffmpeg may stop reading first; its exit code tells
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg could not decode the upload: ${errors}`));
      const bytes = Buffer.concat(out);
      resolve(new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2)));
    });
    child.stdin.end(file);
  });
}

function islandsOf(samples: Int16Array): Island[] {
  const islands: Island[] = [];
  for (let frame = 0; frame * FRAME < samples.length; frame++) {
    let sum = 0;
    const end = Math.min(samples.length, (frame + 1) * FRAME);
    for (let i = frame * FRAME; i < end; i++) sum += samples[i]! * samples[i]!;
    if (Math.sqrt(sum / (end - frame * FRAME)) < SOUND_RMS) continue;
    const start = (frame * FRAME) / RATE;
    const stop = end / RATE;
    const last = islands.at(-1);
    if (last && start - last.end < JOIN_GAP_SECONDS) last.end = stop;
    else islands.push({ start, end: stop });
  }
  return islands.filter((island) => island.end - island.start >= 0.1);
}

/** Which line each island is: the offset at which the islands' starts best fit the lines' starts. */
function recognize(islands: Island[], lines: readonly PlacedLine[]): { island: Island; line: PlacedLine }[] {
  if (islands.length === 0) return [];
  let best: { offset: number; cost: number } | null = null;
  for (const line of lines) {
    const offset = line.start - islands[0]!.start;
    const cost = islands.reduce(
      (sum, island) => sum + Math.min(...lines.map((other) => Math.abs(island.start + offset - other.start))),
      0,
    );
    if (!best || cost < best.cost) best = { offset, cost };
  }
  return islands.flatMap((island) => {
    const at = island.start + best!.offset;
    const line = lines.find((candidate) => Math.abs(candidate.start - at) < 1.5);
    return line ? [{ island, line }] : [];
  });
}

type Segment = { id: number; start: number; end: number; text: string; speaker?: string };

function speech(
  heard: { island: Island; line: PlacedLine }[],
  seconds: number,
  voices: string[],
  { labels, hallucinate }: FakeTranscriptionOptions,
): Segment[] {
  const segments: Omit<Segment, "id">[] = [];
  const label = (line: PlacedLine) =>
    labels ? { speaker: `SPEAKER_${String(voices.indexOf(line.voice)).padStart(2, "0")}` } : {};
  let looped = false;
  for (const [index, { island, line }] of heard.entries()) {
    const segment = { start: round(island.start), end: round(island.end), text: ` ${line.text}`, ...label(line) };
    segments.push(segment);
    if (hallucinate && !looped && line.text.split(" ").length >= 4) {
      looped = true;
      segments.push(segment, segment, segment); // the same line in a loop
    }
    const next = heard[index + 1]?.island.start ?? seconds;
    if (hallucinate && next - island.end >= LONG_SILENCE_SECONDS) {
      const middle = (island.end + next) / 2;
      segments.push({ start: round(middle - 2), end: round(middle - 0.5), text: " Thank you." });
      segments.push({ start: round(middle), end: round(middle + 2), text: " Subtitles by the Amara.org community" });
    }
  }
  return segments.map((segment, id) => ({ id, ...segment }));
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}

/** Every answer closes its connection: no kept-alive socket carries over from one test to the next. */
const CLOSE = { connection: "close" };

function sendJson(response: http.ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { "content-type": "application/json", ...CLOSE });
  response.end(JSON.stringify(payload));
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeTranscriptionServer(
  lines: readonly PlacedLine[],
  initial: FakeTranscriptionOptions = {},
): Promise<FakeTranscriptionServer> {
  const requests: TranscriptionRequest[] = [];
  const queue: FakeTranscriptionReply[] = [];
  const sockets = new Set<Socket>();
  const voices = [...new Set(lines.map((line) => line.voice))];
  let options = { ...initial };

  // reset() starts a new generation: a request of an earlier test still being read or decoded (the
  // client gave up on it) neither records itself nor takes a reply scripted for a later test.
  let generation = 0;

  const server = http.createServer(async (request, response) => {
    const born = generation;
    // The reply is the one scripted when the request arrived, in the order requests arrive.
    const routed = request.method === "POST" && request.url === "/v1/audio/transcriptions";
    const reply = (routed && queue.shift()) || { kind: "speech" as const };
    try {
      if (!routed) return sendJson(response, 404, { error: { message: `no route ${request.method} ${request.url}` } });
      const body = await readBody(request);
      const form = await new Request("http://fake/", {
        method: "POST",
        headers: { "content-type": request.headers["content-type"] ?? "" },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get("file");
      if (!(file instanceof Blob)) return sendJson(response, 400, { error: { message: "no file" } });
      const samples = await decode(Buffer.from(await file.arrayBuffer()));
      const seconds = samples.length / RATE;
      const heard = recognize(islandsOf(samples), lines);
      if (born !== generation) return void response.destroy();
      requests.push({
        authorization: request.headers.authorization ?? null,
        model: form.get("model") as string | null,
        responseFormat: form.get("response_format") as string | null,
        granularities: form.getAll("timestamp_granularities[]") as string[],
        fileName: file instanceof File ? file.name : null,
        fileType: file.type || null,
        seconds,
        lineIndexes: heard.map(({ line }) => line.index),
        reply: reply.kind,
      });
      const segments = speech(heard, seconds, voices, options);
      const text = segments.map((segment) => segment.text).join("");
      switch (reply.kind) {
        case "status":
          return sendJson(response, reply.status, { error: { message: "fake transcription server error" } });
        case "hang":
          return; // the socket stays open until the client gives up or the server closes
        case "not-json":
          response.writeHead(200, { "content-type": "text/plain", ...CLOSE });
          return response.end(`<html>${text}</html>`);
        case "no-segments":
          return sendJson(response, 200, { text });
        case "past-end":
          segments.push({ id: segments.length, start: round(seconds - 1), end: round(seconds + 5), text: " And so" });
          break;
        case "backwards":
          if (segments[0]) segments[0] = { ...segments[0], end: segments[0].start - 2 };
          break;
      }
      sendJson(response, 200, { task: "transcribe", language: "english", duration: seconds, text, segments });
    } catch (error) {
      sendJson(response, 500, { error: { message: String(error) } });
    }
  });
  server.keepAliveTimeout = 0;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script: (...replies) => void queue.push(...replies),
    options: (next) => void (options = { ...next }),
    reset: () => {
      generation++;
      requests.length = 0;
      queue.length = 0;
      options = { ...initial };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
