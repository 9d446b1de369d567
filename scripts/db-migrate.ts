/** `npm run db:migrate`: applies the migrations in drizzle/ to the configured database. */
import { closeDatabase, migrateDatabase } from "../app/lib/db/client.server";

try {
  await migrateDatabase();
  console.log("Migrations applied.");
} catch (error) {
  console.error("Migration failed:", error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
