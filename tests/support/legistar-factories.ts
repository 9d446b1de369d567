import { legistarEventItems, legistarEvents } from "~/lib/db/schema";
import { matchCityEvents } from "~/lib/legistar/matching.server";
import { eventItemRecord, eventRecord } from "~/lib/legistar/records";
import { getLegislativeSource, saveLegislativeSource, upsertRecords } from "~/lib/legistar/store.server";
import { eventRow, itemRow } from "~/lib/legistar/sync.server";
import { body, event, eventItem } from "./legistar-fixtures";

/**
 * A city's legislative record written straight into the database, with days
 * of the test's choosing (the e2e specs' upcoming meetings are relative to
 * today, which a recorded fake server's are not). The records are built in
 * Legistar's shapes (legistar-fixtures.ts) and stored as the sync stores
 * them; the city's events are then matched to its videos.
 */

export type RecordItemInput = {
  id: number;
  number?: string | null;
  title: string;
  action?: string | null;
  passed?: "Pass" | "Fail" | null;
  tally?: string | null;
  matterFile?: string | null;
  videoIndex?: number | null;
};

export type RecordEventInput = {
  id: number;
  body: string;
  /** YYYY-MM-DD, the city's local day. */
  date: string;
  time?: string;
  minutes?: boolean;
  items?: RecordItemInput[];
};

export type LegislativeRecordOptions = { timeZone?: string; events: RecordEventInput[] };

export async function createLegislativeRecord(
  cityId: string,
  { timeZone = "America/Chicago", events }: LegislativeRecordOptions,
) {
  if (!(await getLegislativeSource(cityId))) await saveLegislativeSource(cityId, { clientId: "maplefalls", timeZone });
  const bodies = [...new Set(events.map((input) => input.body))];
  for (const input of events) {
    const raw = {
      ...event(input.id, body(100 + bodies.indexOf(input.body), input.body), input.date, { minutes: input.minutes }),
    };
    if (input.time) raw.EventTime = input.time;
    const record = eventRecord.parse(raw);
    await upsertRecords(legistarEvents, [eventRow(cityId, record, raw)]);
    await upsertRecords(
      legistarEventItems,
      (input.items ?? []).map((item, index) => {
        const itemRaw = eventItem(item.id, input.id, index + 1, {
          number: item.number,
          title: item.title,
          action: item.action,
          passed: item.passed,
          tally: item.tally,
          matter: item.matterFile ? { MatterFile: item.matterFile } : null,
          videoIndex: item.videoIndex,
        });
        return itemRow(cityId, input.id, eventItemRecord.parse(itemRaw), itemRaw);
      }),
    );
  }
  return matchCityEvents(cityId);
}
