/**
 * Backfill analyses and stories:
 *   npm run analyze -- --city riverton       one city's meetings
 *   npm run analyze -- --all                 every city
 *   npm run analyze -- --all --force         analyze and write again even where done
 * Runs the pipeline here (not through the job queue), with a progress bar on
 * stderr (plain lines when stderr is not a terminal), prints a summary, and
 * exits with 1 when any meeting failed. When the web server holds the
 * embedded database (which allows one process at a time), the work goes to
 * the server's queue instead: the command says what was queued and where
 * to follow it (docs/decisions/0050-backfill-through-the-queue.md).
 */
import { parseArgs } from "node:util";
import { prepareDatabaseOrHandOff, runCityCommand } from "./run-command";
import { backfill, type BackfillItem, type BackfillTarget } from "../app/lib/pipeline/backfill.server";

const USAGE = "Usage: npm run analyze -- (--city KEY | --all) [--force]";

function parseTarget(): { target: BackfillTarget; force: boolean } | null {
  const { values } = parseArgs({
    options: {
      city: { type: "string" },
      all: { type: "boolean" },
      force: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: false,
  });
  if (values.help || Boolean(values.city) === Boolean(values.all)) return null;
  return { target: values.city ? { cityKey: values.city } : { all: true }, force: values.force ?? false };
}

function describe(item: BackfillItem): string {
  if (item.error) return `failed: ${item.error}`;
  return `analysis ${item.analysis}, story ${item.story}`;
}

/** A bar redrawn in place on a terminal; one line per meeting otherwise (logs, CI). */
function progressReporter(stream: NodeJS.WriteStream) {
  const width = 28;
  return (done: number, total: number, item: BackfillItem) => {
    const label = `${done}/${total} ${item.cityKey}: ${item.title}`;
    if (!stream.isTTY) {
      stream.write(`${label} - ${describe(item)}\n`);
      return;
    }
    const filled = Math.round((done / Math.max(total, 1)) * width);
    const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.round((done / Math.max(total, 1)) * 100)}%`;
    const columns = stream.columns ?? 100;
    stream.write(`\r\x1b[2K${`${bar} ${label}`.slice(0, columns - 1)}`);
    if (done === total) stream.write("\n");
  };
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseTarget>;
  try {
    parsed = parseTarget();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    return 2;
  }
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  const opened = await prepareDatabaseOrHandOff({ command: "analyze", target: parsed.target, force: parsed.force });
  if (opened !== "opened") return opened;
  const started = Date.now();
  const summary = await backfill(parsed.target, {
    force: parsed.force,
    onStart: (total) => process.stderr.write(`${total} meeting(s) with a transcript to process.\n`),
    onProgress: progressReporter(process.stderr),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${summary.total} meeting(s) in ${seconds} s: ${summary.analysesWritten} analysis(es) written, ${summary.storiesWritten} story(ies) written, ${summary.failures.length} failed.`,
  );
  for (const failure of summary.failures)
    console.log(`  FAILED ${failure.cityKey} ${failure.id} "${failure.title}": ${failure.error}`);
  return summary.failures.length > 0 ? 1 : 0;
}

await runCityCommand(main);
