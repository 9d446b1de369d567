/**
 * Backfill videos from the cities' sources (channels and playlists):
 *   npm run ingest -- --city riverton       one city's source URLs
 *   npm run ingest -- --all                 every city's
 *   npm run ingest -- --city KEY --record   the city's official record from its
 *                                           Legistar client, here and now: prints
 *                                           N events, N items, N votes, N matters
 *                                           stored, or the error (exit 1)
 *   npm run ingest -- --transcribe FILE --meeting ID
 *                                           the meeting's transcript from a local
 *                                           recording (audio or video) by speech-to-text
 *                                           (TRANSCRIPTION_BASE_URL; docs/operating.md,
 *                                           Speech-to-text): a progress line per chunk;
 *                                           run again after a failure, it resumes at
 *                                           the chunk that failed
 * Refreshes each URL here (not through the job queue) as the Refresh
 * Videos button does: new videos are saved in every city linked to the
 * URL, and their captions are queued for the worker (the web server's, or
 * `npm run worker`). Prints a progress line per URL and the counts, and
 * exits with 1 when any URL failed. When the web server holds the embedded
 * database (which allows one process at a time), the refreshes go to the
 * server's queue instead (docs/decisions/0050-backfill-through-the-queue.md).
 */
import { parseArgs } from "node:util";
import { prepareDatabaseOrHandOff, runCityCommand } from "./run-command";
import { transcribeCommand } from "./transcribe-command";
import { stopBoss } from "../app/lib/jobs/boss.server";
import { syncCityRecord } from "../app/lib/legistar/command.server";
import {
  describeRefreshCounts,
  NO_COUNTS,
  refreshSource,
  sourcesOf,
  type RefreshCounts,
  type SourceTarget,
} from "../app/lib/sources/refresh.server";

const USAGE = "Usage: npm run ingest -- (--city KEY | --all) | --city KEY --record | --transcribe FILE --meeting ID";

type Command =
  | { target: SourceTarget; record: false }
  | { target: { cityKey: string }; record: true }
  | { transcribe: string; meeting: string };

function parseCommand(): Command | null {
  const { values } = parseArgs({
    options: {
      city: { type: "string" },
      all: { type: "boolean" },
      record: { type: "boolean" },
      transcribe: { type: "string" },
      meeting: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: false,
  });
  if (values.transcribe !== undefined || values.meeting !== undefined) {
    if (values.help || !values.transcribe || !values.meeting || values.city || values.all || values.record) return null;
    return { transcribe: values.transcribe, meeting: values.meeting };
  }
  if (values.help || Boolean(values.city) === Boolean(values.all)) return null;
  if (values.record) return values.city ? { target: { cityKey: values.city }, record: true } : null;
  return { target: values.city ? { cityKey: values.city } : { all: true }, record: false };
}

/** `--record`: the city's official record from Legistar (docs/decisions/0067-legistar-record.md). */
async function record(cityKey: string): Promise<number> {
  const opened = await prepareDatabaseOrHandOff({ command: "record", target: { cityKey } });
  if (opened !== "opened") return opened;
  const result = await syncCityRecord(cityKey);
  if (result.ok) console.log(result.message);
  else console.error(result.message);
  return result.ok ? 0 : 1;
}

const describeCounts = describeRefreshCounts;

async function main(): Promise<number> {
  let command: Command | null;
  try {
    command = parseCommand();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    command = null;
  }
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  if ("transcribe" in command) return transcribeCommand(command.transcribe, command.meeting);
  if (command.record) return record(command.target.cityKey);
  const target = command.target;
  const opened = await prepareDatabaseOrHandOff({ command: "ingest", target });
  if (opened !== "opened") return opened;
  const sources = await sourcesOf(target);
  process.stderr.write(`${sources.length} source URL(s) to refresh.\n`);
  const total: RefreshCounts = { ...NO_COUNTS };
  let failedSources = 0;
  for (const [index, source] of sources.entries()) {
    const label = `${index + 1}/${sources.length} ${source.url}`;
    try {
      const counts = await refreshSource(source.id);
      for (const key of Object.keys(total) as Array<keyof RefreshCounts>) total[key] += counts[key];
      process.stderr.write(`${label} - ${describeCounts(counts)}\n`);
    } catch (error) {
      failedSources++;
      process.stderr.write(`${label} - FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  console.log(`${sources.length} source URL(s), ${failedSources} failed: ${describeCounts(total)}.`);
  return failedSources > 0 || total.failed > 0 ? 1 : 0;
}

await runCityCommand(main, stopBoss);
