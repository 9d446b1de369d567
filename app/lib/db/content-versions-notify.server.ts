/**
 * Every content-version bump also says so on the `content_versions` channel
 * (payload `<scope>:<version>`, sent when the writing transaction commits),
 * so that web servers hold the versions in memory instead of reading them
 * per request (app/lib/page-cache/content-versions.server.ts, ADR 0030).
 *
 * Migration 0003 created `content_versions_bump` without it. This round may
 * not add a migration, so every migration run replaces the function here
 * (migrateDatabase in client.server.ts), and the web server's listener runs
 * it again before it trusts its memory. It only writes when the function's
 * body differs, under an advisory lock so that processes starting together
 * do not race on the catalog. A later migration can take it over.
 */
import type { Connection } from "./client.server";

export const CONTENT_VERSIONS_CHANNEL = "content_versions";

const BUMP_BODY = `
DECLARE
  bumped record;
BEGIN
  FOR bumped IN
    INSERT INTO public.content_versions (scope, version)
    SELECT scope, nextval('public.content_versions_seq') FROM (SELECT DISTINCT scope FROM unnest(scopes) AS scope WHERE scope IS NOT NULL ORDER BY scope) AS distinct_scopes
    ON CONFLICT (scope) DO UPDATE SET version = excluded.version
    RETURNING scope, version
  LOOP
    PERFORM pg_notify('${CONTENT_VERSIONS_CHANNEL}', bumped.scope || ':' || bumped.version);
  END LOOP;
END`;

const INSTALL_SQL = `DO $install$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('gavel.content_versions_bump'));
  IF (SELECT prosrc FROM pg_proc WHERE oid = 'public.content_versions_bump(text[])'::regprocedure) IS DISTINCT FROM $body$${BUMP_BODY}$body$ THEN
    CREATE OR REPLACE FUNCTION public.content_versions_bump(scopes text[]) RETURNS void LANGUAGE plpgsql AS $body$${BUMP_BODY}$body$;
  END IF;
END $install$`;

export async function installContentVersionNotifications(connection: Connection): Promise<void> {
  await connection.execute(INSTALL_SQL);
}
