import { SettingsError } from "~/lib/env/settings.server";
import { closeDatabase, getConnection, migrateDatabase } from "./client.server";
import { checkDatabaseHealth, RowsLostError } from "./health.server";
import { DatabaseStartError } from "./start-error.server";

/**
 * What every entry point (server, scripts) does first: open the database,
 * apply the migrations and check that the data can be read and written.
 * Anything that goes wrong becomes a DatabaseStartError naming the
 * database (or a SettingsError, when the settings are not valid); nothing
 * is created, replaced or seeded in its place.
 */
export async function prepareDatabase(): Promise<void> {
  let opened: { kind: "pglite" | "postgres"; location: string } = { kind: "pglite", location: "the database" };
  try {
    const connection = getConnection();
    opened = connection;
    await connection.ready();
    await migrateDatabase();
    await checkDatabaseHealth().catch((error: unknown) => {
      // Rows lost behind the app's back: said loudly, and /healthz fails,
      // but the commands that repair or accept it must still run.
      if (!(error instanceof RowsLostError)) throw error;
      console.error(error.message);
    });
  } catch (error) {
    if (error instanceof DatabaseStartError || error instanceof SettingsError) throw error;
    throw new DatabaseStartError(cannotOpenMessage(opened, error), { cause: error });
  }
}

/**
 * prepareDatabase() for entry points: a DatabaseStartError or SettingsError
 * is printed as the plain message it is (no stack trace) and the process
 * exits with 1.
 */
export async function prepareDatabaseOrExit(): Promise<void> {
  try {
    await prepareDatabase();
  } catch (error) {
    if (!(error instanceof DatabaseStartError || error instanceof SettingsError)) throw error;
    console.error(error.message);
    await closeDatabase().catch(() => undefined);
    process.exit(1);
  }
}

function cannotOpenMessage(
  { kind, location }: { kind: "pglite" | "postgres"; location: string },
  error: unknown,
): string {
  const reason = innermostMessage(error);
  const what = `${location.charAt(0).toUpperCase()}${location.slice(1)}`;
  if (kind === "pglite") {
    return (
      `${what} could not be opened and read: ${reason}. It may be damaged. ` +
      `Gavel did not replace it and loaded no demo data. ` +
      `Restore the directory from a backup, or move it away to start over with a new database.`
    );
  }
  return `${what} could not be opened and read: ${reason}. Check DATABASE_URL and that the server accepts connections and writes.`;
}

/**
 * Drizzle wraps the database's own error ("Failed query: ...") in `cause`:
 * the innermost says what is wrong. PGlite's WebAssembly side throws plain
 * objects rather than Errors (Emscripten's file system errors, its exit
 * status): their fields are spelled out, never "[object Object]".
 */
export function innermostMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause !== undefined && current.cause !== null) current = current.cause;
  return describeThrown(current);
}

function describeThrown(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  if (typeof value !== "object" || value === null) return String(value);
  const fields = value as Record<string, unknown>;
  if (typeof fields.message === "string" && fields.message) return fields.message;
  const parts = ["name", "code", "errno", "status"]
    .filter((key) => typeof fields[key] === "string" || typeof fields[key] === "number")
    .map((key) => `${key} ${String(fields[key])}`);
  if (parts.length > 0) return `the embedded database's engine stopped (${parts.join(", ")})`;
  try {
    return `an unexpected error (${JSON.stringify(value).slice(0, 200)})`;
  } catch {
    return "an unexpected error";
  }
}
