/**
 * The bench corpus in a PostgreSQL cluster of its own, kept under
 * data/bench-corpus-<meetings>-v<version>/ (gitignored) so that reruns skip
 * the load. The cluster is started from the installed server binaries like
 * scripts/postgres-cluster.sh does (same flags), but its directory stays.
 *
 * Loading goes through the app's own storage path: cities and videos are
 * inserted with the app's schema, and each transcript is stored by
 * saveTranscript (app/lib/transcripts/store.server.ts), so the segments and
 * their generated search vectors are exactly what ingest stores.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "../../tests/support/free-port";
import { CORPUS_VERSION, corpusCities, corpusMeeting, meetingBankSentences } from "./generate";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LOAD_CONCURRENCY = 2;
const VIDEO_ROWS_PER_INSERT = 200;

export type CorpusCluster = { url: string; dir: string; stop(): void };

function binDir(): string {
  const found = fs.existsSync("/usr/lib/postgresql")
    ? fs
        .readdirSync("/usr/lib/postgresql")
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
        .find((dir) => fs.existsSync(`${dir}/initdb`))
    : undefined;
  const dir = process.env.PG_BIN_DIR ?? found;
  if (!dir) throw new Error("PostgreSQL server binaries not found (apt-get install -y postgresql)");
  return dir;
}

const isRoot = process.getuid?.() === 0;

/** Runs a server binary as the cluster's owner (PostgreSQL refuses root). */
function asOwner(command: string, args: string[]): void {
  const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
}

export function corpusDirectory(meetings: number): string {
  return path.join(ROOT, "data", `bench-corpus-${meetings}-v${CORPUS_VERSION}`);
}

/**
 * A postmaster.pid left by a cluster that is no longer running (a killed
 * bench, a restarted container) is removed; one whose process still runs a
 * postgres is another bench's cluster, and this one stops rather than start a
 * second server on its files (issue 34: an earlier version removed the file
 * of a running cluster).
 */
function removeStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (Number.isInteger(pid) && pid > 0 && isPostgresProcess(pid))
    throw new Error(
      `The bench corpus in ${dataDir} is in use by a running PostgreSQL (process ${pid}): wait for the other bench to end or stop it (pg_ctl -D ${dataDir} stop).`,
    );
  fs.rmSync(pidFile, { force: true });
}

function isPostgresProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0]!.includes("postgres");
  } catch {
    return false;
  }
}

export async function startCluster(dir: string): Promise<CorpusCluster> {
  const bin = binDir();
  const dataDir = path.join(dir, "pg");
  if (!fs.existsSync(dataDir)) {
    fs.mkdirSync(dir, { recursive: true });
    if (isRoot) execFileSync("chown", ["postgres:", dir]);
    asOwner(`${bin}/initdb`, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]);
  }
  removeStalePidFile(dataDir);
  const port = await freePort();
  const options = `-h 127.0.0.1 -p ${port} -k ${dataDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asOwner(`${bin}/pg_ctl`, [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "server.log"),
    "-w",
    "-t",
    "120",
    "-o",
    options,
    "start",
  ]);
  const stop = () => asOwner(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, stop };
}

function isDeadlock(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === "40P01") return true;
  return false;
}

/**
 * The two loaders' transactions can deadlock on the rows the triggers share
 * (content_versions of a city, search_lexicon's words): PostgreSQL rolls
 * one back, which is then run again.
 */
async function retryingDeadlocks<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= 5) throw error;
    }
  }
}

/** Inserts the corpus through the app's own storage path; returns the seconds it took. */
async function loadCorpus(meetings: number): Promise<number> {
  const started = performance.now();
  const { getConnection, getDb, migrateDatabase } = await import("~/lib/db/client.server");
  const { cities, cityVideos } = await import("~/lib/db/schema");
  const { saveTranscript } = await import("~/lib/transcripts/store.server");
  const { formatTranscriptText } = await import("~/lib/transcripts/format");
  await migrateDatabase();
  const sentences = meetingBankSentences();
  console.log(
    `  loading ${meetings} meetings (${sentences.length ? `MeetingBank sentences (${sentences.length}) mixed with synthetic lines` : "synthetic lines only"})…`,
  );
  const cityRows = await getDb()
    .insert(cities)
    .values(corpusCities().map(({ name, state, locationKey, status }) => ({ name, state, locationKey, status })))
    .returning({ id: cities.id });

  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < meetings) {
      const batch = Array.from({ length: Math.min(VIDEO_ROWS_PER_INSERT, meetings - next) }, () =>
        corpusMeeting(next++, meetings, sentences),
      );
      const ids = await retryingDeadlocks(() =>
        getDb()
          .insert(cityVideos)
          .values(
            batch.map((meeting) => ({
              cityId: cityRows[meeting.cityIndex]!.id,
              videoId: meeting.videoId,
              videoUrl: `https://www.youtube.com/watch?v=${meeting.videoId}`,
              title: meeting.title,
              description: meeting.description,
              publishedAt: meeting.publishedAt,
            })),
          )
          .returning({ id: cityVideos.id }),
      );
      for (const [i, meeting] of batch.entries()) {
        await retryingDeadlocks(() =>
          saveTranscript(ids[i]!.id, formatTranscriptText(meeting.segments), meeting.segments),
        );
      }
      done += batch.length;
      if (done % 1000 === 0 || done === meetings)
        console.log(`  ${done}/${meetings} meetings, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
  await getConnection().execute("vacuum analyze");
  return (performance.now() - started) / 1000;
}

/**
 * Starts the corpus cluster of this size, loading it first when it is not
 * there yet, and points this process's database (DATABASE_URL) at it.
 */
export async function openCorpus(meetings: number): Promise<CorpusCluster> {
  const dir = corpusDirectory(meetings);
  const loadedMark = path.join(dir, "loaded");
  if (!fs.existsSync(loadedMark)) fs.rmSync(dir, { recursive: true, force: true });
  const cluster = await startCluster(dir);
  process.env.DATABASE_URL = cluster.url;
  process.env.SEED_DEMO_DATA = "false";
  try {
    if (!fs.existsSync(loadedMark)) {
      const seconds = await loadCorpus(meetings);
      fs.writeFileSync(loadedMark, `${new Date().toISOString()} ${seconds.toFixed(0)} s\n`);
      console.log(`  corpus loaded in ${seconds.toFixed(0)} s, cached in ${path.relative(ROOT, dir)}/`);
    } else {
      console.log(
        `  corpus cached in ${path.relative(ROOT, dir)}/ (loaded ${fs.readFileSync(loadedMark, "utf8").trim()})`,
      );
      // A corpus cached before a newer migration gets it (and its backfill) here.
      const { migrateDatabase } = await import("~/lib/db/client.server");
      const started = performance.now();
      await migrateDatabase();
      const seconds = (performance.now() - started) / 1000;
      if (seconds > 1) console.log(`  migrated in ${seconds.toFixed(0)} s`);
    }
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return cluster;
}
