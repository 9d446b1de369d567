/**
 * Backfill videos from the cities' sources (channels and playlists):
 *   npm run ingest -- --city riverton       one city's source URLs
 *   npm run ingest -- --all                 every city's
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
import { stopBoss } from "../app/lib/jobs/boss.server";
import {
  describeRefreshCounts,
  NO_COUNTS,
  refreshSource,
  sourcesOf,
  type RefreshCounts,
  type SourceTarget,
} from "../app/lib/sources/refresh.server";

const USAGE = "Usage: npm run ingest -- (--city KEY | --all)";

function parseTarget(): SourceTarget | null {
  const { values } = parseArgs({
    options: { city: { type: "string" }, all: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    allowPositionals: false,
  });
  if (values.help || Boolean(values.city) === Boolean(values.all)) return null;
  return values.city ? { cityKey: values.city } : { all: true };
}

const describeCounts = describeRefreshCounts;

async function main(): Promise<number> {
  let target: SourceTarget | null;
  try {
    target = parseTarget();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    target = null;
  }
  if (!target) {
    console.error(USAGE);
    return 2;
  }
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
