/**
 * Fuzz run (not a test): the built server on a throwaway embedded database
 * with the demo data, under the kind of traffic that once stopped it
 * (issue 17): an authorization sweep over every admin route, malformed
 * posts (wrong types, broken encodings, bodies of 1 byte to 10 MB, some cut
 * off mid-upload, some half-sent and left open), junk GETs, slow-loris
 * clients, for `--fuzz-seconds` (default 120). Meanwhile /healthz is polled
 * every 2 s with a 1 s deadline. Reports the answers by status, requests
 * with no answer within 15 s, health failures, and how long SIGTERM takes.
 *
 *   npm run build && npm run bench -- --only fuzz [--fuzz-seconds 900]
 *
 * Goals: no request without an answer, every health poll answered, 5xx only
 * where a test says so (none today), exit within SHUTDOWN_TIMEOUT_MS + 5 s.
 */
import net from "node:net";
import { describeMemory, hasBuild, startBuiltServer } from "./soak";

const ADMIN_ROUTES = [
  "/admin",
  "/admin/city-management",
  "/admin/content-management",
  "/admin/youtube-manager",
  "/admin/business-directory",
  "/admin/product-feedback",
  "/admin/story-playground",
  "/admin/jobs",
  "/admin/analytics",
];
const FORM_ROUTES = ["/contact", "/auth", "/profile", "/", "/city/springfield", "/search", ...ADMIN_ROUTES];
const TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "application/json",
  "text/plain",
  "",
];
const NO_ANSWER_MS = 15_000;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function junkBody(): Buffer {
  const size = pick([0, 1, 100, 5_000, 70_000, 1_000_000, 5_000_000, 10_000_000]);
  const kind = pick(["percent", "binary", "fields"]);
  if (kind === "binary") return Buffer.alloc(size, Math.floor(Math.random() * 256));
  if (kind === "percent") return Buffer.from("a=%E0%A4%A".repeat(Math.ceil(size / 10)).slice(0, size));
  return Buffer.from("intent=update&email=x%40y&message=" + "z".repeat(Math.max(0, size - 34)));
}

type Tally = { statuses: Map<string, number>; unanswered: number; healthFailures: string[] };

function count(tally: Tally, key: string) {
  tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
}

/** One raw request: the whole body, or only part of it and then a hang-up or a silence. */
function rawPost(port: number, url: string, body: Buffer, mode: "whole" | "cut" | "half"): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    const done = (result: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    // A half-sent body is answered at the body deadline (REQUEST_BODY_TIMEOUT_MS, 30 s by default).
    const timer = setTimeout(() => done("no answer"), mode === "half" ? NO_ANSWER_MS + 30_000 : NO_ANSWER_MS);
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status) done(status);
    });
    socket.on("error", () => done(mode === "cut" ? "cut" : "reset"));
    socket.on("close", () => done(mode === "cut" ? "cut" : answer ? "closed" : "closed without answer"));
    socket.on("connect", () => {
      const head =
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${pick(TYPES)}\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
      socket.write(head);
      if (mode === "whole") socket.write(body);
      else socket.write(body.subarray(0, Math.floor(body.length / 2)), () => mode === "cut" && socket.destroy());
    });
  });
}

function slowLoris(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`GET / HTTP/1.1\r\nHost: x\r\n`));
    const drip = setInterval(() => socket.write(`X-${Date.now()}: 1\r\n`), 1_000);
    const started = Date.now();
    const finish = (result: string) => {
      clearInterval(drip);
      socket.destroy();
      resolve(result);
    };
    socket.on("data", (chunk) => finish(`loris ${/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString())?.[1] ?? "?"}`));
    socket.on("error", () => finish("loris reset"));
    socket.on("close", () => finish(`loris closed after ${Math.round((Date.now() - started) / 1000)} s`));
    setTimeout(() => finish("loris still open after 60 s"), 60_000);
  });
}

async function get(base: string, url: string, tally: Tally) {
  try {
    const response = await fetch(base + url, { signal: AbortSignal.timeout(NO_ANSWER_MS), redirect: "manual" });
    await response.arrayBuffer();
    count(tally, String(response.status));
  } catch {
    tally.unanswered++;
    count(tally, "GET no answer");
  }
}

async function pollHealth(base: string, tally: Tally, until: () => boolean) {
  while (!until()) {
    const started = Date.now();
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (!response.ok) tally.healthFailures.push(`${new Date().toISOString()} ${response.status}`);
    } catch {
      tally.healthFailures.push(`${new Date().toISOString()} no answer within 1 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 2_000 - (Date.now() - started))));
  }
}

export async function runFuzz({ seconds }: { seconds: number }): Promise<void> {
  if (!hasBuild()) {
    console.log("  skipped: no build (npm run build first)");
    return;
  }
  const server = await startBuiltServer();
  const port = Number(new URL(server.baseUrl).port);
  const tally: Tally = { statuses: new Map(), unanswered: 0, healthFailures: [] };
  const ends = Date.now() + seconds * 1000;
  const over = () => Date.now() > ends;
  const health = pollHealth(server.baseUrl, tally, over);

  for (const route of ADMIN_ROUTES) await get(server.baseUrl, route, tally);
  const before = await server.memory();
  const clients = Array.from({ length: 8 }, async (_, client) => {
    while (!over()) {
      const roll = Math.random();
      if (client === 0 && roll < 0.05) count(tally, await slowLoris(port));
      else if (roll < 0.3)
        await get(server.baseUrl, pick(["/", "/about", `/search?q=${"%FF".repeat(50)}`, "/x/../../etc"]), tally);
      else {
        const mode = pick(["whole", "whole", "whole", "cut", "half"] as const);
        const url = pick(FORM_ROUTES);
        const result = await rawPost(port, url, junkBody(), mode);
        if (result === "no answer" || result === "closed without answer") tally.unanswered++;
        count(tally, `POST ${mode}: ${result}${result.startsWith("5") ? ` ${url}` : ""}`);
      }
    }
  });
  await Promise.all(clients);
  await health;
  const after = await server.memory();

  const stopping = Date.now();
  await server.stop();
  const rows = [...tally.statuses.entries()].sort(([a], [b]) => a.localeCompare(b));
  console.log(`  ${seconds} s, 8 clients; answers:`);
  for (const [key, n] of rows) console.log(`    ${key.padEnd(48)} ${n}`);
  console.log(`  requests without an answer within ${NO_ANSWER_MS / 1000} s: ${tally.unanswered}`);
  console.log(
    `  health polls failed: ${tally.healthFailures.length}${tally.healthFailures.length ? ` (${tally.healthFailures.slice(0, 5).join("; ")})` : ""}`,
  );
  console.log(`  SIGTERM to exit: ${Date.now() - stopping} ms`);
  console.log(describeMemory("memory before the fuzz", before));
  console.log(describeMemory("memory after it", after));
}
