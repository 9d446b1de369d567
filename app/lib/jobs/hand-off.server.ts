/**
 * `npm run analyze` and `npm run ingest` hand their work to the server that
 * holds the embedded database, instead of refusing
 * (docs/decisions/0050-backfill-through-the-queue.md).
 *
 * A drop box inside the database's own directory, `<dir>/gavel/inbox/`
 * (the lock's folder): reached by every path to the database, also from
 * another container sharing its volume, and by nothing on the network. The
 * server creates it readable and writable by its own user only, and takes
 * only regular files of that user (or root) named `<uuid>.json` holding a
 * valid request: queue a city's (or every city's) backfill, or its source
 * refreshes. Nothing else can be asked. The command writes the request
 * whole (a rename), the server claims it (another rename), queues the work
 * and answers in `<uuid>.reply.json`.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { getConnection } from "~/lib/db/client.server";
import { GAVEL_FOLDER } from "~/lib/db/pglite-directory.server";
import { settings } from "~/lib/env/settings.server";
import { queueBackfill, UnknownCityError } from "~/lib/pipeline/backfill.server";
import { requestSourceRefresh } from "~/lib/sources/requests.server";
import { requestCityRecordSync } from "~/lib/legistar/command.server";
import { sourcesOf } from "~/lib/sources/refresh.server";

const Target = z.union([
  z.object({ cityKey: z.string().trim().min(1).max(200) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const HandOffRequest = z.discriminatedUnion("command", [
  z.object({ id: z.uuid(), command: z.literal("analyze"), target: Target, force: z.boolean() }).strict(),
  z.object({ id: z.uuid(), command: z.literal("ingest"), target: Target }).strict(),
  /** `npm run ingest -- --city KEY --record`: the city's official record (docs/decisions/0067-legistar-record.md). */
  z
    .object({
      id: z.uuid(),
      command: z.literal("record"),
      target: z.object({ cityKey: Target.options[0].shape.cityKey }),
    })
    .strict(),
]);

export type HandOffRequest = z.infer<typeof HandOffRequest>;
/** A request as a command asks it (the id is added when it is sent). */
export type HandOffAsk = HandOffRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

export type HandOffReply =
  { ok: true; message: string; follow: string } | { ok: false; error: string; unknownCity?: boolean };

/** Requests are a few hundred bytes: anything bigger is not one. */
const MAX_REQUEST_BYTES = 4096;
const POLL_MS = 1000;
const REQUEST_FILE = /^([0-9a-f-]{36})\.json$/;

export function inboxOf(dataDir: string): string {
  return path.join(dataDir, GAVEL_FOLDER, "inbox");
}

// ------------------------------------------------------------------ the server

let poller: NodeJS.Timeout | null = null;

/**
 * Starts taking requests, when this process holds an embedded database on
 * disk (and runs the worker: call it after startWorker). Says so in the
 * lock file, which the commands read.
 */
export async function startHandOffInbox(): Promise<boolean> {
  const connection = getConnection();
  const dataDir = connection.dataDir;
  if (!dataDir || poller) return false;
  const inbox = inboxOf(dataDir);
  await fs.mkdir(inbox, { recursive: true, mode: 0o700 });
  await fs.chmod(inbox, 0o700);
  let busy = false;
  poller = setInterval(() => {
    if (busy) return;
    busy = true;
    takeRequests(inbox)
      .catch((error: unknown) => console.error("[hand-off] reading the inbox failed:", error))
      .finally(() => (busy = false));
  }, POLL_MS);
  poller.unref();
  connection.announce?.({ command: "server", takesHandOff: true });
  return true;
}

/** Stops taking requests (at shutdown, before the worker stops). */
export function stopHandOffInbox(): void {
  if (!poller) return;
  clearInterval(poller);
  poller = null;
  getConnection().announce?.({ takesHandOff: false });
}

async function takeRequests(inbox: string): Promise<void> {
  for (const name of (await fs.readdir(inbox)).sort()) {
    const match = REQUEST_FILE.exec(name);
    if (!match) continue;
    const id = match[1]!;
    const claimed = path.join(inbox, `${id}.taken`);
    try {
      await fs.rename(path.join(inbox, name), claimed); // the command can no longer withdraw it
    } catch {
      continue;
    }
    let reply: HandOffReply;
    try {
      const request = await readRequest(claimed, id);
      reply = request ? await perform(request) : { ok: false, error: "The request could not be understood." };
    } catch (error) {
      console.error(`[hand-off] request ${id} failed:`, error);
      reply = { ok: false, error: "The server could not queue the work; its log says why." };
    }
    await writeWhole(path.join(inbox, `${id}.reply.json`), JSON.stringify(reply));
    await fs.rm(claimed, { force: true });
  }
}

/** The request, if the file is one: a small regular file of this process's user (or root), valid JSON of the right shape. */
async function readRequest(file: string, id: string): Promise<HandOffRequest | null> {
  const stat = await fs.lstat(file);
  if (!stat.isFile() || stat.size > MAX_REQUEST_BYTES) return null;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid && stat.uid !== 0) return null;
  try {
    const parsed = HandOffRequest.safeParse(JSON.parse(await fs.readFile(file, "utf8")));
    return parsed.success && parsed.data.id === id ? parsed.data : null;
  } catch {
    return null;
  }
}

function jobsPage(): string {
  return `${settings().APP_URL}/admin/jobs`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

async function perform(request: HandOffRequest): Promise<HandOffReply> {
  const where = "all" in request.target ? "every city" : `the city ${request.target.cityKey}`;
  try {
    if (request.command === "analyze") {
      const run = await queueBackfill(request.target, { force: request.force, origin: "command" });
      const of = run.cityName ?? "every city";
      const skipped =
        run.skipped > 0
          ? ` (${plural(run.skipped, "other")} ${run.skipped === 1 ? "was" : "were"} already done or waiting)`
          : "";
      console.log(`[hand-off] npm run analyze: ${plural(run.queued, "meeting")} of ${of} queued${skipped}`);
      return {
        ok: true,
        message: `Analysis queued for ${plural(run.queued, "meeting")} of ${of}${skipped}.`,
        follow: `Follow the progress on ${jobsPage()} (Analyze every eligible meeting) or in the server's log.`,
      };
    }
    if (request.command === "record") {
      const { city, request: sync, noSource, demo } = await requestCityRecordSync(request.target.cityKey);
      if (sync.status === "no-source") return { ok: false, error: noSource };
      if (sync.status === "demo") return { ok: false, error: demo };
      console.log(`[hand-off] npm run ingest --record: the official record of ${city} ${sync.status}`);
      return {
        ok: true,
        message:
          sync.status === "queued"
            ? `The official record of ${city} is queued for a sync.`
            : `A sync of the official record of ${city} is already waiting or running.`,
        follow: `The Legislative system card of City Management shows when it ran and any error; or follow it on ${jobsPage()}.`,
      };
    }
    const sources = await sourcesOf(request.target);
    let queued = 0;
    for (const source of sources) {
      if ((await requestSourceRefresh(source.id, null)).status === "queued") queued++;
    }
    console.log(
      `[hand-off] npm run ingest: ${plural(queued, "source refresh", "source refreshes")} of ${where} queued`,
    );
    const waiting = sources.length - queued;
    return {
      ok: true,
      message:
        `${plural(sources.length, "source URL")} of ${where}: ${plural(queued, "refresh", "refreshes")} queued` +
        (waiting > 0 ? `, ${waiting} already waiting.` : "."),
      follow: `New videos get their captions, analyses and stories through the queue: follow them on ${jobsPage()} or in the server's log.`,
    };
  } catch (error) {
    if (error instanceof UnknownCityError) return { ok: false, error: error.message, unknownCity: true };
    throw error;
  }
}

// ----------------------------------------------------------------- the command

/**
 * Hands a request to the server holding the database in `dataDir` and waits
 * for its answer. Null when no answer came (the request is withdrawn when
 * the server had not taken it).
 */
export async function handOff(
  dataDir: string,
  request: HandOffAsk,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<HandOffReply | null> {
  const inbox = inboxOf(dataDir);
  const id = randomUUID();
  const requestFile = path.join(inbox, `${id}.json`);
  const replyFile = path.join(inbox, `${id}.reply.json`);
  await writeWhole(requestFile, JSON.stringify({ ...request, id }));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await readReply(replyFile);
    if (reply) return reply;
    if (Date.now() > deadline) {
      // Not taken yet: withdraw it. Taken meanwhile: its answer is on the way.
      const withdrawn = await fs.rm(requestFile).then(
        () => true,
        () => false,
      );
      if (withdrawn) return null;
      if (Date.now() > deadline + timeoutMs) return null;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function readReply(file: string): Promise<HandOffReply | null> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    return null;
  }
  await fs.rm(file, { force: true });
  try {
    return JSON.parse(text) as HandOffReply;
  } catch {
    return { ok: false, error: "The server's answer could not be read." };
  }
}

/**
 * Writes a file whole: written beside it, then renamed into place (readers
 * never see half of it). Readable by the other side whichever of the
 * server's user and root wrote it; the inbox itself (0700) keeps others out.
 */
async function writeWhole(file: string, content: string): Promise<void> {
  const draft = `${file}.${process.pid}.tmp`;
  await fs.writeFile(draft, content, { mode: 0o644 });
  await fs.rename(draft, file);
}
