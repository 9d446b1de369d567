import { describe, expect, it } from "vitest";
import { createCity } from "../support/factories";
import { dbKind, dbTag, execSql, getTestConnection, resetConnection } from "../setup/db";

/**
 * The `db` workers on PGlite put a file's in-memory instance back for the
 * next file as the migrated snapshot left it (tests/setup/pglite-recycler.ts,
 * ADR 0088). Closing the connection puts it back here, so the next statement
 * meets what the next file would.
 */
describe.skipIf(dbKind !== "pglite")(`the worker's PGlite put back between files ${dbTag}`, () => {
  it("comes back empty, with the migrations' rows, fresh settings and no pg-boss schema", async () => {
    const [before] = await execSql<{ rows: number }>("select count(*)::int as rows from app_meta");
    await createCity({ name: "Leftover", locationKey: "leftover" });
    await execSql("set statement_timeout = 1234");
    await execSql("create schema pgboss; create table pgboss.job (id int)");
    await execSql("listen leftover_channel");
    const used = getTestConnection().pglite;

    await resetConnection();

    expect(await execSql("select location_key from cities")).toEqual([]);
    expect(await execSql("select count(*)::int as rows from app_meta")).toEqual([{ rows: before!.rows }]);
    expect(await execSql("show statement_timeout")).toEqual([{ statement_timeout: "0" }]);
    expect(await execSql("select nspname from pg_namespace where nspname = 'pgboss'")).toEqual([]);
    expect(await execSql("select pg_listening_channels() as channel")).toEqual([]);
    expect(getTestConnection().pglite).toBe(used);
  });

  it("is replaced by a new one when the file changed the schema", async () => {
    await execSql("alter table cities add column leftover text");
    const changed = getTestConnection().pglite;

    await resetConnection();

    expect(
      await execSql(
        "select column_name from information_schema.columns where table_name = 'cities' and column_name = 'leftover'",
      ),
    ).toEqual([]);
    expect(getTestConnection().pglite).not.toBe(changed);
  });
});
