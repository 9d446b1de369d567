/**
 * What tests/setup/global-setup.ts hands to every test file (through
 * vitest's provide/inject): which database runs and how to get a fresh one.
 * The `unit` and `once` projects (vitest.config.ts) get `none`.
 */
export type TestDatabaseContext =
  | { kind: "none" }
  | {
      kind: "pglite";
      /** A dumpDataDir() tarball of a migrated, empty database. */
      snapshot: string;
    }
  | {
      kind: "postgres";
      /** A database on the test server to run CREATE/DROP DATABASE from. */
      adminUrl: string;
      /** The migrated, empty database every test database is cloned from. */
      template: string;
      /** Prefix of the per-file databases, so that teardown finds leftovers. */
      prefix: string;
    };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseContext;
    /** "shared": the files of a worker share one set of imports (isolate false); per-file.ts then resets module state. */
    testProcess: "shared" | "own";
  }
}

/** Replaces the database name in a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Double-quotes an SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
