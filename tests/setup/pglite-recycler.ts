import type { PGlite } from "@electric-sql/pglite";
import { PGLITE_RECYCLER, type PgliteRecycler } from "../../app/lib/db/client.server";

/**
 * One in-memory PGlite per `db` worker on PGlite, given back to the next test
 * file as the migrated snapshot left it (docs/decisions/0088-one-pglite-per-worker.md).
 * A new instance loaded from the snapshot costs about 1.7 s of CPU; putting
 * one back costs a tenth of that, and the PGlite phase opens one per file.
 *
 * The first instance of a worker is new, and its pristine state is read
 * before any statement of the file: the schema's fingerprint, the rows the
 * migrations wrote and the sequences' values. When a file is done, its
 * instance is put back only if, after the reset below, its fingerprint is
 * that one again; else it is closed and the next file gets a new one. So a
 * file that changed the schema (a table, a column, a trigger switched off, a
 * function, a role, a database setting) costs a new instance, never a leak.
 *
 * The reset: an open transaction rolled back; the channels listened to let
 * go (PGlite keeps them on its side too); DISCARD ALL (settings, prepared
 * statements, temporary tables, advisory locks); the pg-boss schema dropped
 * (a worker makes it again when it starts); every table of the app's schema
 * emptied with its identities restarted, the migrations' rows written back
 * and every sequence set back, with triggers off; the statistics reset (the
 * health check reads them).
 */

type Baseline = {
  snapshot: string;
  fingerprint: string;
  restore: string;
};

const FINGERPRINT = `
with ns as (
  select oid, nspname from pg_namespace
  where nspname not like 'pg\\_%' and nspname <> 'information_schema'
)
select md5(string_agg(line, E'\\n' order by line)) as fingerprint from (
  select 'ns ' || nspname as line from ns
  union all
  select 'rel ' || ns.nspname || '.' || c.relname || ' ' || c.relkind::text || c.relpersistence::text || c.relrowsecurity::text
    || coalesce(' ' || pg_get_viewdef(c.oid), '')
  from pg_class c join ns on ns.oid = c.relnamespace
  union all
  select 'col ' || c.oid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
    || ' ' || a.attnotnull::text || a.attgenerated::text || a.attidentity::text || coalesce(' ' || pg_get_expr(d.adbin, d.adrelid), '')
  from pg_attribute a join pg_class c on c.oid = a.attrelid join ns on ns.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped
  union all
  select 'con ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
  from pg_constraint where connamespace in (select oid from ns)
  union all
  select 'idx ' || pg_get_indexdef(indexrelid) from pg_index where indrelid in (select c.oid from pg_class c join ns on ns.oid = c.relnamespace)
  union all
  select 'trg ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
  union all
  select 'fn ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) from pg_proc p join ns on ns.oid = p.pronamespace
  union all
  select 'type ' || t.typname from pg_type t join ns on ns.oid = t.typnamespace
  union all
  select 'enum ' || enumtypid::regtype::text || ' ' || enumlabel from pg_enum
  union all
  select 'ext ' || extname || ' ' || extversion from pg_extension
  union all
  select 'policy ' || polrelid::regclass::text || ' ' || polname from pg_policy
  union all
  select 'role ' || rolname || ' ' || rolsuper::text || rolcanlogin::text from pg_roles
  union all
  select 'db ' || datname from pg_database
  union all
  select 'setting ' || setdatabase::text || ' ' || setrole::text || ' ' || array_to_string(setconfig, ',') from pg_db_role_setting
  union all
  select 'migrations ' || count(*) from drizzle.__drizzle_migrations
) lines`;

const BASELINE = Symbol.for("gavel.test.pgliteBaseline");
const SPARE = Symbol.for("gavel.test.pgliteSpare");
type Holder = typeof globalThis & { [BASELINE]?: Promise<Baseline | null>; [SPARE]?: PGlite };
const holder = globalThis as Holder;

/**
 * Writes into a session setting the SQL that puts the app's tables and
 * sequences back as they are now.
 */
const WRITE_RESTORE_SCRIPT = `
do $$
declare
  tables text;
  script text[] := '{}';
  t record;
  rows text;
begin
  select string_agg(c.oid::regclass::text, ', ') into tables
    from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p');
  script := script || format('truncate table %s restart identity cascade', tables);
  for t in
    select c.oid::regclass::text as name,
      (select string_agg(quote_ident(attname), ', ' order by attnum) from pg_attribute
        where attrelid = c.oid and attnum > 0 and not attisdropped and attgenerated = '') as columns
    from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
  loop
    execute format('select json_agg(t)::text from %s t', t.name) into rows;
    if rows is not null then
      script := script || format('insert into %s (%s) select %s from json_populate_recordset(null::%s, %L)',
        t.name, t.columns, t.columns, t.name, rows);
    end if;
  end loop;
  for t in select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value) as value,
      last_value is not null as called from pg_sequences where schemaname = 'public'
  loop
    script := script || format('select setval(%L, %s, %L)', t.name, t.value, t.called);
  end loop;
  perform set_config('gavel_test.restore', array_to_string(script, E';\n'), false);
end $$`;

/**
 * Reads the pristine instance's fingerprint and the SQL that puts it back.
 * The statements are queued at once, before the file's first: PGlite runs
 * them one at a time, in order.
 */
async function readBaseline(pglite: PGlite, snapshot: string): Promise<Baseline> {
  const printed = pglite.query<{ fingerprint: string }>(FINGERPRINT);
  const written = pglite.query(WRITE_RESTORE_SCRIPT);
  const scripted = pglite.query<{ script: string }>("select current_setting('gavel_test.restore') as script");
  const [{ rows: fingerprint }, , { rows: script }] = await Promise.all([printed, written, scripted]);
  return { snapshot, fingerprint: fingerprint[0]!.fingerprint, restore: script[0]!.script };
}

async function reset(pglite: PGlite, baseline: Baseline): Promise<boolean> {
  if (pglite.isInTransaction()) await pglite.exec("rollback");
  const { rows: channels } = await pglite.query<{ channel: string }>("select pg_listening_channels() as channel");
  for (const { channel } of channels) await pglite.unlisten(channel);
  await pglite.exec("discard all");
  await pglite.exec("drop schema if exists pgboss cascade");
  const { rows } = await pglite.query<{ fingerprint: string }>(FINGERPRINT);
  if (rows[0]!.fingerprint !== baseline.fingerprint) return false;
  await pglite.exec(
    `set session_replication_role = replica; ${baseline.restore}; reset session_replication_role; select pg_stat_reset();`,
  );
  return true;
}

const recycler: PgliteRecycler = {
  take(snapshot, create) {
    const spare = holder[SPARE];
    holder[SPARE] = undefined;
    if (spare && !spare.closed) {
      // The app wraps `transaction` on each instance it opens (deadlines.server.ts): unwrap it first.
      Reflect.deleteProperty(spare, "transaction");
      return spare;
    }
    const fresh = create();
    // Queued before any statement of the file: PGlite runs them one at a time, in order.
    holder[BASELINE] ??= readBaseline(fresh, snapshot).catch((error: unknown) => {
      console.warn("[test] the in-memory database's first state could not be read; each file gets a new one:", error);
      return null;
    });
    return fresh;
  },
  async give(pglite, snapshot) {
    const baseline = await holder[BASELINE];
    if (!baseline || baseline.snapshot !== snapshot || pglite.closed) return false;
    try {
      if (!(await reset(pglite, baseline))) return false;
    } catch (error) {
      console.warn("[test] the in-memory database could not be reset for the next file; it gets a new one:", error);
      return false;
    }
    holder[SPARE] = pglite;
    return true;
  },
};

/** Installs the recycler for this worker's files (tests/setup/per-file.ts, the `db` project on PGlite). */
export function recyclePglite(): void {
  (globalThis as typeof globalThis & { [PGLITE_RECYCLER]?: PgliteRecycler })[PGLITE_RECYCLER] = recycler;
}
