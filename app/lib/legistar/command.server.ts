/**
 * `npm run ingest -- --city KEY --record` (scripts/ingest.ts): syncs one
 * city's official record here and now, and says what it stored
 * (docs/decisions/0067-legistar-record.md). When the server holds the
 * embedded database, the command hands it to the server's queue instead
 * (requestCityRecordSync, through app/lib/jobs/hand-off.server.ts).
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities } from "~/lib/db/schema";
import { countOf } from "~/lib/format/count";
import { UnknownCityError } from "~/lib/pipeline/backfill.server";
import { demoRecordMessage, isDemoClient } from "./demo-record";
import { requestLegistarSync, type LegistarSyncRequest } from "./requests.server";
import { getLegislativeSource } from "./store.server";
import { syncLegislativeRecord, type SyncCounts } from "./sync.server";

/** The city of a location key; throws UnknownCityError (exit 2) for an unknown key. */
async function cityOf(cityKey: string): Promise<{ id: string; name: string }> {
  const [city] = await getDb()
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(eq(cities.locationKey, cityKey));
  if (!city) throw new UnknownCityError(`No city with the key "${cityKey}".`);
  return city;
}

const noSource = (name: string) =>
  `${name} has no legislative system: save its Legistar client id in City Management (Legislative system) first.`;

/** "3 events, 7 items, 14 votes, 2 matters" (and the people and bodies when any were written). */
export function describeRecordCounts(written: SyncCounts): string {
  const parts = [
    countOf(written.events, "event"),
    countOf(written.eventItems, "item"),
    countOf(written.votes, "vote"),
    countOf(written.matters, "matter"),
  ];
  if (written.persons) parts.push(countOf(written.persons, "person", "people"));
  if (written.bodies) parts.push(countOf(written.bodies, "body", "bodies"));
  if (written.removed) parts.push(`${written.removed} removed`);
  return parts.join(", ");
}

export type RecordCommandResult = { ok: boolean; message: string };

/** Syncs the city's record here; the line to print, and whether it worked. */
export async function syncCityRecord(cityKey: string, options: { now?: Date } = {}): Promise<RecordCommandResult> {
  const city = await cityOf(cityKey);
  const source = await getLegislativeSource(city.id);
  if (!source) return { ok: false, message: noSource(city.name) };
  if (isDemoClient(source.clientId)) return { ok: false, message: demoRecordMessage(city.name) };
  const { written, error } = await syncLegislativeRecord(city.id, options);
  const from = `${city.name} (${source.clientId}.legistar.com)`;
  if (error)
    return {
      ok: false,
      message: `${from}: the sync failed: ${error} Stored before it stopped: ${describeRecordCounts(written)}.`,
    };
  return { ok: true, message: `${from}: stored ${describeRecordCounts(written)}.` };
}

/** For the hand-off: queues the city's sync in the server's queue. */
export async function requestCityRecordSync(
  cityKey: string,
): Promise<{ city: string; request: LegistarSyncRequest; noSource: string; demo: string }> {
  const city = await cityOf(cityKey);
  return {
    city: city.name,
    request: await requestLegistarSync(city.id, null),
    noSource: noSource(city.name),
    demo: demoRecordMessage(city.name),
  };
}
