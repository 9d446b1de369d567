/** `npm run db:migrate`: applies the migrations in drizzle/ to the configured database. */
import { closeDatabase } from "../app/lib/db/client.server";
import { prepareDatabaseOrExit } from "../app/lib/db/startup.server";

try {
  await prepareDatabaseOrExit();
  console.log("Migrations applied.");
} catch (error) {
  console.error("Migration failed:", error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
