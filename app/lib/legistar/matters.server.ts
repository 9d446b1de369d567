/**
 * One matter of a city's official record, as its page and feed show it
 * (issue 29, deliverable 6; docs/decisions/0076-bills-and-calendars.md):
 *
 *   await getMatter(cityId, "ORD 2026-14");
 *   // { id, file, title, type, status, introduced, passed, sponsors, attachments, actions: [...] }
 *
 * Every action of its history, in every body, in date order, with the
 * meeting it was taken at: the video at the item's moment once the event
 * is matched to one (the agenda moments of ADR 0069, read by
 * meetingAgenda), else the event's page; and the votes person by person
 * where the record has them (the votes on the matter's item at that
 * event). Addressed by file number within the city, so another city's
 * matter is never reached.
 */
import { sql } from "drizzle-orm";
import { keysetAfter, keysetOrder, type KeyColumn } from "~/lib/db/keyset.server";
import { queryRows } from "~/lib/db/rows.server";
import { meetingAgenda, minutesOf, webAddress } from "./agenda.server";

export type MatterVote = {
  personId: number;
  name: string;
  /** Whether the record has the person (their page exists). */
  known: boolean;
  value: string | null;
  valueName: string | null;
};

export type MatterAction = {
  id: number;
  date: string | null;
  bodyName: string | null;
  action: string | null;
  /** Legistar's passed flag name ("Pass", "Fail"), as it gives it. */
  passed: string | null;
  tally: string | null;
  mover: string | null;
  seconder: string | null;
  eventId: number | null;
  /** The matched video of the event, and where it takes the item up. */
  meetingId: string | null;
  seconds: number | null;
  momentLabel: string | null;
  votes: MatterVote[];
  /** When Gavel last stored a change to it (the feed entry's update). */
  updatedAt: string;
};

export type MatterView = MatterSummary & {
  /** When the record last changed the matter or one of its actions. */
  updatedAt: Date;
  sponsors: { personId: number | null; name: string; known: boolean; primary: boolean }[];
  attachments: { name: string; url: string }[];
  actions: MatterAction[];
};

type MatterRow = {
  id: number;
  file: string;
  title: string | null;
  type: string | null;
  status: string | null;
  body_name: string | null;
  introduced: string | null;
  passed: string | null;
  synced_at: Date | string;
};

export type MatterSummary = {
  id: number;
  file: string;
  title: string | null;
  type: string | null;
  status: string | null;
  bodyName: string | null;
  introduced: string | null;
  passed: string | null;
};

/** Where a matter stands in the list: its intro date and Legistar id. */
export type MatterKey = [string | null, number];

const MATTER_KEY: KeyColumn[] = [
  { expr: sql`m.intro_date`, desc: true, type: "date" },
  { expr: sql`m.legistar_id`, desc: true, type: "int" },
];

/**
 * The city's matters that have a file number (the address of their page),
 * newest introduced first (those without an intro date last), `limit` after
 * a matter's key, filtered by status and type as the record names them;
 * with the key of the next page's start (null on the last).
 */
export async function listMatters(
  cityId: string,
  filters: { status: string | null; type: string | null },
  after: MatterKey | null,
  limit: number,
): Promise<{ matters: MatterSummary[]; next: MatterKey | null }> {
  const rows = await queryRows<Omit<MatterRow, "synced_at">>(sql`
    select m.legistar_id as id, m.file, m.title, m.type_name as type, m.status_name as status, b.name as body_name,
      m.intro_date::text as introduced, m.passed_date::text as passed
    from legistar_matters m
    left join legistar_bodies b on b.city_id = m.city_id and b.legistar_id = m.body_legistar_id
    where m.city_id = ${cityId} and m.file is not null and m.file <> ''
      ${filters.status === null ? sql`` : sql`and m.status_name = ${filters.status}`}
      ${filters.type === null ? sql`` : sql`and m.type_name = ${filters.type}`}
      ${after ? sql`and ${keysetAfter(MATTER_KEY, after)}` : sql``}
    order by ${keysetOrder(MATTER_KEY)}
    limit ${limit + 1}`);
  const page = rows.slice(0, limit).map((row): MatterSummary => ({
    id: Number(row.id),
    file: row.file,
    title: row.title,
    type: row.type,
    status: row.status,
    bodyName: row.body_name,
    introduced: row.introduced,
    passed: row.passed,
  }));
  const last = page.at(-1);
  return { matters: page, next: rows.length > limit && last ? [last.introduced, last.id] : null };
}

/** The matter with this file number in the city (the newest, should the record hold two), or null. */
export async function findMatter(cityId: string, file: string): Promise<MatterRow | null> {
  const [row] = await queryRows<MatterRow>(sql`
    select m.legistar_id as id, m.file, m.title, m.type_name as type, m.status_name as status, b.name as body_name,
      m.intro_date::text as introduced, m.passed_date::text as passed, m.synced_at
    from legistar_matters m
    left join legistar_bodies b on b.city_id = m.city_id and b.legistar_id = m.body_legistar_id
    where m.city_id = ${cityId} and m.file = ${file}
    order by m.legistar_id desc
    limit 1`);
  return row ?? null;
}

/** The whole matter for its page and feed; null when the city's record has no such file number. */
export async function getMatter(cityId: string, file: string): Promise<MatterView | null> {
  const matter = await findMatter(cityId, file);
  if (!matter) return null;
  const [sponsors, attachments, histories, items, votes] = await Promise.all([
    queryRows<{ person_id: number | null; name: string | null; known: boolean; sequence: number | null }>(sql`
      select s.person_legistar_id as person_id, coalesce(p.full_name, s.name) as name,
        (p.legistar_id is not null) as known, s.sequence
      from legistar_matter_sponsors s
      left join legistar_persons p on p.city_id = s.city_id and p.legistar_id = s.person_legistar_id
      where s.city_id = ${cityId} and s.matter_legistar_id = ${matter.id}
      order by s.sequence nulls last, s.legistar_id`),
    queryRows<{ name: string | null; url: string | null }>(sql`
      select a.name, a.url from legistar_matter_attachments a
      where a.city_id = ${cityId} and a.matter_legistar_id = ${matter.id}
      order by a.legistar_id`),
    queryRows<{
      id: number;
      date: string | null;
      time: string | null;
      body_name: string | null;
      action: string | null;
      passed: string | null;
      tally: string | null;
      mover: string | null;
      seconder: string | null;
      event_id: number | null;
      meeting_id: string | null;
      synced_at: Date | string;
    }>(sql`
      select h.legistar_id as id, coalesce(h.action_date, e.date)::text as date, e.time,
        coalesce(h.body_name, e.body_name) as body_name, h.action_name as action, h.passed_flag_name as passed,
        h.tally, h.mover, h.seconder, e.legistar_id as event_id, ev.city_video_id as meeting_id, h.synced_at
      from legistar_matter_histories h
      left join legistar_events e on e.city_id = h.city_id and e.legistar_id = h.event_legistar_id
      left join legistar_event_videos ev on ev.city_id = e.city_id and ev.event_legistar_id = e.legistar_id
      where h.city_id = ${cityId} and h.matter_legistar_id = ${matter.id}`),
    queryRows<{ id: number; event_id: number }>(sql`
      select i.legistar_id as id, i.event_legistar_id as event_id from legistar_event_items i
      where i.city_id = ${cityId} and i.matter_legistar_id = ${matter.id}
      order by i.event_legistar_id, i.agenda_sequence, i.legistar_id`),
    queryRows<{
      item_id: number;
      person_id: number;
      name: string | null;
      known: boolean;
      value: string | null;
      value_name: string | null;
    }>(sql`
      select v.event_item_legistar_id as item_id, v.person_legistar_id as person_id,
        coalesce(p.full_name, v.person_name) as name, (p.legistar_id is not null) as known, v.value,
        v.value_name
      from legistar_event_items i
      join legistar_votes v on v.city_id = i.city_id and v.event_item_legistar_id = i.legistar_id and v.kind = 'vote'
      left join legistar_persons p on p.city_id = v.city_id and p.legistar_id = v.person_legistar_id
      where i.city_id = ${cityId} and i.matter_legistar_id = ${matter.id}
      order by name, v.person_legistar_id`),
  ]);

  const votesByItem = new Map<number, MatterVote[]>();
  for (const row of votes) {
    const list = votesByItem.get(row.item_id) ?? [];
    list.push({
      personId: row.person_id,
      name: row.name ?? "Unnamed",
      known: row.known === true || String(row.known) === "true",
      value: row.value,
      valueName: row.value_name,
    });
    votesByItem.set(row.item_id, list);
  }
  // The matter's item at each event: the first in agenda order that has votes, else the first.
  const itemOfEvent = new Map<number, number>();
  for (const item of items) {
    const chosen = itemOfEvent.get(item.event_id);
    if (chosen === undefined || (!votesByItem.has(chosen) && votesByItem.has(item.id)))
      itemOfEvent.set(item.event_id, item.id);
  }
  // The moments of the matched meetings' agendas (one read per meeting the matter went through).
  const meetingIds = [...new Set(histories.flatMap((h) => (h.meeting_id ? [h.meeting_id] : [])))];
  const agendas = new Map(await Promise.all(meetingIds.map(async (id) => [id, await meetingAgenda(id)] as const)));

  const actions = histories
    .sort(
      (a, b) =>
        (a.date ?? "9999").localeCompare(b.date ?? "9999") || minutesOf(a.time) - minutesOf(b.time) || a.id - b.id,
    )
    .map((h): MatterAction => {
      const itemId = h.event_id === null ? undefined : itemOfEvent.get(h.event_id);
      const moment = h.meeting_id
        ? (agendas.get(h.meeting_id)?.items.find((item) => item.id === itemId)?.moment ?? null)
        : null;
      return {
        id: h.id,
        date: h.date,
        bodyName: h.body_name,
        action: h.action?.trim() || null,
        passed: h.passed?.trim() || null,
        tally: h.tally?.trim() || null,
        mover: h.mover,
        seconder: h.seconder,
        eventId: h.event_id,
        meetingId: h.meeting_id,
        seconds: moment?.seconds ?? null,
        momentLabel: moment?.label ?? null,
        votes: itemId === undefined ? [] : (votesByItem.get(itemId) ?? []),
        updatedAt: new Date(h.synced_at).toISOString(),
      };
    });

  const stamps = [matter.synced_at, ...histories.map((h) => h.synced_at)].map((value) => new Date(value).getTime());
  return {
    id: matter.id,
    file: matter.file,
    title: matter.title,
    type: matter.type,
    status: matter.status,
    bodyName: matter.body_name,
    introduced: matter.introduced,
    passed: matter.passed,
    updatedAt: new Date(Math.max(...stamps)),
    sponsors: sponsors.map((row) => ({
      personId: row.person_id,
      name: row.name ?? "Unnamed sponsor",
      known: row.person_id !== null && (row.known === true || String(row.known) === "true"),
      primary: row.sequence === 0,
    })),
    attachments: attachments.flatMap((row) => {
      const url = webAddress(row.url);
      return url ? [{ name: row.name?.trim() || "Attachment", url }] : [];
    }),
    actions,
  };
}
