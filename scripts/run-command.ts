import { closeDatabase } from "../app/lib/db/client.server";
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
