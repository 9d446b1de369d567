import path from "node:path";
import { closeDatabase } from "../app/lib/db/client.server";
import { DatabaseInUseError, DatabaseStartError } from "../app/lib/db/start-error.server";
import { prepareDatabase } from "../app/lib/db/startup.server";
import { settings, SettingsError } from "../app/lib/env/settings.server";
import { handOff, type HandOffAsk } from "../app/lib/jobs/hand-off.server";
import { UnknownCityError } from "../app/lib/pipeline/backfill.server";

/**
 * Runs a city command (`npm run analyze`, `npm run ingest`) and exits with
 * its status: 2 for an unknown city, 1 for any other error. The database
 * (and whatever `cleanup` closes) is always closed first.
 */
export async function runCityCommand(main: () => Promise<number>, cleanup?: () => Promise<void>): Promise<never> {
  let status: number;
  try {
    status = await main();
  } catch (error) {
    console.error(error instanceof UnknownCityError ? error.message : error);
    status = error instanceof UnknownCityError ? 2 : 1;
  } finally {
    await cleanup?.();
    await closeDatabase();
  }
  process.exit(status);
}

/**
 * Opens the database for a city command; when the Gavel server holds the
 * embedded database (and runs the worker), hands the work to it instead
 * (docs/decisions/0050) and says what it queued and where to follow it.
 * "opened", or the exit status of the hand-off or of the refusal.
 */
export async function prepareDatabaseOrHandOff(request: HandOffAsk): Promise<"opened" | number> {
  try {
    await prepareDatabase();
    return "opened";
  } catch (error) {
    if (error instanceof DatabaseInUseError && error.owner?.takesHandOff) {
      console.error(
        `The embedded database is in use by the Gavel server (process ${error.owner.pid} of host ${error.owner.hostname}): handing the work to it.`,
      );
      let reply;
      try {
        reply = await handOff(path.resolve(settings().PGLITE_DATA_DIR), request);
      } catch (handOffError) {
        const reason = handOffError instanceof Error ? handOffError.message : String(handOffError);
        console.error(
          `The work could not be handed to the server (${reason}). Run this as the user the server runs as, or stop the server and run this again.`,
        );
        return 1;
      }
      if (!reply) {
        console.error(
          "The server did not take the request within a minute, and nothing was queued. " +
            "Check that it still runs (its log), then run this again; or stop it and run this again to do the work here.",
        );
        return 1;
      }
      if (!reply.ok) {
        console.error(reply.error);
        return reply.unknownCity ? 2 : 1;
      }
      console.log(`The server took it. ${reply.message}`);
      console.log(reply.follow);
      return 0;
    }
    if (error instanceof DatabaseStartError || error instanceof SettingsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
