/**
 * What a page's content depends on, as one short token read in one tiny
 * query (docs/decisions/0030-rendered-page-cache.md). Database triggers
 * (migration 0003) bump `city:<uuid>` on every write to a city's rows and
 * `site` on writes to the rows every page shows; versions come from one
 * sequence and are never reused.
 * - Pages under /city/:key show that city and the site: its two versions.
 * - Every other page (home, /search, /meeting/:id, about…) may show any
 *   city: the largest version and their sum, which change with every bump
 *   (a bump always writes a value larger than the one it replaces).
 */
import { getConnection } from "~/lib/db/client.server";

const CITY_PATH = /^\/city\/([a-z0-9-]+)(?:[/.]|$)/;

const CITY_VERSIONS_SQL = `select coalesce(string_agg(scope || '=' || version, ',' order by scope), '') as token
  from content_versions
  where scope = 'site' or scope = (select 'city:' || id from cities where location_key = $1)`;

const ALL_VERSIONS_SQL = `select coalesce(max(version), 0) || '/' || coalesce(sum(version), 0) as token from content_versions`;

/**
 * Requests that arrive while the same versions are being read share that
 * read: under load, one query serves a burst of requests. (A write that
 * commits during the read shows from the next read, a few milliseconds on.)
 */
const inFlight = new Map<string, Promise<string>>();

export function contentVersionsOf(pathname: string): Promise<string> {
  const scope = CITY_PATH.exec(pathname)?.[1] ?? "";
  let read = inFlight.get(scope);
  if (!read) {
    read = readVersions(scope || undefined).finally(() => inFlight.delete(scope));
    inFlight.set(scope, read);
  }
  return read;
}

async function readVersions(cityKey: string | undefined): Promise<string> {
  const { rows } = cityKey
    ? await getConnection().execute(CITY_VERSIONS_SQL, [cityKey])
    : await getConnection().execute(ALL_VERSIONS_SQL, []);
  const token = (rows[0] as { token: string } | undefined)?.token ?? "";
  return cityKey ? `city ${token}` : `all ${token}`;
}
