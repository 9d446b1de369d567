/**
 * The SQL of the official record (docs/decisions/0067-legistar-record.md):
 * the legislative source of a city, and upserts of Legistar records keyed by
 * (city, Legistar id). A row is rewritten only when the record as sent
 * (`raw`) changed, so a re-run writes nothing; each call answers how many
 * rows it inserted or changed.
 */
import { and, eq, getTableColumns, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~/lib/db/client.server";
import {
  legislativeSources,
  legistarAgreements,
  legistarBodies,
  legistarEventItems,
  legistarEvents,
  legistarMatterAttachments,
  legistarMatterHistories,
  legistarMatters,
  legistarMatterSponsors,
  legistarOfficeRecords,
  legistarPersons,
  legistarVotes,
} from "~/lib/db/schema";
import type { VotePatterns } from "./vote-values";

export type LegislativeSource = typeof legislativeSources.$inferSelect;

export type SourceInput = {
  clientId: string;
  /** A new token; null removes the saved one; undefined keeps it. */
  token?: string | null;
  timeZone: string;
  /** The city's own vote value names; undefined keeps the saved ones. */
  votePatterns?: VotePatterns;
};

const RECORD_TABLES = [
  legistarBodies,
  legistarPersons,
  legistarOfficeRecords,
  legistarEvents,
  legistarEventItems,
  legistarVotes,
  legistarMatters,
  legistarMatterHistories,
  legistarMatterSponsors,
  legistarMatterAttachments,
  legistarAgreements,
] as const;

/**
 * Saves the city's Legistar client. Another client id is another
 * legislative system: the record stored from the old one is removed (its
 * ids mean nothing in the new one) and the next sync reads everything.
 * Answers whether the client changed.
 */
export async function saveLegislativeSource(cityId: string, input: SourceInput): Promise<{ clientChanged: boolean }> {
  return getDb().transaction(async (tx) => {
    const [saved] = await tx
      .select({ clientId: legislativeSources.clientId })
      .from(legislativeSources)
      .where(eq(legislativeSources.cityId, cityId))
      .for("update");
    const clientChanged = Boolean(saved) && saved!.clientId.toLowerCase() !== input.clientId.toLowerCase();
    if (clientChanged) for (const table of RECORD_TABLES) await tx.delete(table).where(eq(table.cityId, cityId));
    const values = {
      clientId: input.clientId,
      timeZone: input.timeZone,
      ...(input.token === undefined ? {} : { token: input.token || null }),
      ...(input.votePatterns === undefined ? {} : { votePatterns: input.votePatterns }),
      ...(clientChanged ? { lastSyncedAt: null, lastError: null, lastErrorAt: null } : {}),
    };
    await tx
      .insert(legislativeSources)
      .values({ cityId, ...values })
      .onConflictDoUpdate({ target: legislativeSources.cityId, set: values });
    return { clientChanged };
  });
}

export async function getLegislativeSource(cityId: string): Promise<LegislativeSource | null> {
  const [source] = await getDb().select().from(legislativeSources).where(eq(legislativeSources.cityId, cityId));
  return source ?? null;
}

export async function markSyncStarted(cityId: string, at: Date): Promise<void> {
  await getDb().update(legislativeSources).set({ lastAttemptAt: at }).where(eq(legislativeSources.cityId, cityId));
}

/** A sync that finished: the next one reads from `startedAt` (less the look-back); the last error is cleared. */
export async function markSyncSucceeded(cityId: string, startedAt: Date): Promise<void> {
  await getDb()
    .update(legislativeSources)
    .set({ lastSyncedAt: startedAt, lastError: null, lastErrorAt: null })
    .where(eq(legislativeSources.cityId, cityId));
}

/**
 * The city's pages depend on its record now (its people): a sync that wrote
 * something bumps the city's content version, so the rendered-page cache
 * (docs/decisions/0030-rendered-page-cache.md) drops them. The record's
 * tables carry no content-version trigger.
 */
export async function markCityContentChanged(cityId: string): Promise<void> {
  await getDb().execute(sql`select public.content_versions_bump(array[${`city:${cityId}`}]::text[])`);
}

/** A sync that failed: what it stored stays; `lastSyncedAt` does not move, so the next run reads the same window again. */
export async function markSyncFailed(cityId: string, message: string, at: Date): Promise<void> {
  await getDb()
    .update(legislativeSources)
    .set({ lastError: message, lastErrorAt: at })
    .where(eq(legislativeSources.cityId, cityId));
}

type RecordTable =
  | typeof legistarBodies
  | typeof legistarPersons
  | typeof legistarOfficeRecords
  | typeof legistarEvents
  | typeof legistarEventItems
  | typeof legistarVotes
  | typeof legistarMatters
  | typeof legistarMatterHistories
  | typeof legistarMatterSponsors
  | typeof legistarMatterAttachments;

const CHUNK = 500;

/** Inserts the rows, or rewrites those whose raw record changed; answers how many were written. */
export async function upsertRecords<Table extends RecordTable>(
  table: Table,
  rows: Array<Table["$inferInsert"]>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = getTableColumns(table as PgTable) as Record<string, { name: string }>;
  const keys = table === legistarVotes ? ["cityId", "kind", "legistarId"] : ["cityId", "legistarId"];
  const set: Record<string, SQL> = {};
  for (const [property, column] of Object.entries(columns))
    if (!keys.includes(property) && property !== "syncedAt") set[property] = sql.raw(`excluded."${column.name}"`);
  set.syncedAt = sql`now()`;
  const target = keys.map((key) => (table as unknown as Record<string, unknown>)[key]);
  let written = 0;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const result = await getDb()
      .insert(table as PgTable)
      .values(rows.slice(start, start + CHUNK) as never)
      .onConflictDoUpdate({
        target: target as never,
        set,
        setWhere: sql`${table.raw} is distinct from excluded."raw"`,
      })
      .returning({ id: table.legistarId });
    written += result.length;
  }
  return written;
}

/** Removes a parent's children that Legistar no longer lists (an item taken off an agenda, a vote corrected). */
export async function removeOtherChildren(
  cityId: string,
  kind: "items" | "votes" | "roll-calls" | "histories" | "sponsors" | "attachments",
  parentId: number,
  keep: number[],
): Promise<number> {
  const db = getDb();
  const notKept = (column: AnyPgColumn) => (keep.length ? notInArray(column, keep) : sql`true`);
  const removed = await (() => {
    switch (kind) {
      case "items":
        return db
          .delete(legistarEventItems)
          .where(
            and(
              eq(legistarEventItems.cityId, cityId),
              eq(legistarEventItems.eventLegistarId, parentId),
              notKept(legistarEventItems.legistarId),
            ),
          )
          .returning({ id: legistarEventItems.legistarId });
      case "votes":
      case "roll-calls":
        return db
          .delete(legistarVotes)
          .where(
            and(
              eq(legistarVotes.cityId, cityId),
              eq(legistarVotes.kind, kind === "votes" ? "vote" : "roll-call"),
              eq(legistarVotes.eventItemLegistarId, parentId),
              notKept(legistarVotes.legistarId),
            ),
          )
          .returning({ id: legistarVotes.legistarId });
      case "histories":
        return db
          .delete(legistarMatterHistories)
          .where(
            and(
              eq(legistarMatterHistories.cityId, cityId),
              eq(legistarMatterHistories.matterLegistarId, parentId),
              notKept(legistarMatterHistories.legistarId),
            ),
          )
          .returning({ id: legistarMatterHistories.legistarId });
      case "sponsors":
        return db
          .delete(legistarMatterSponsors)
          .where(
            and(
              eq(legistarMatterSponsors.cityId, cityId),
              eq(legistarMatterSponsors.matterLegistarId, parentId),
              notKept(legistarMatterSponsors.legistarId),
            ),
          )
          .returning({ id: legistarMatterSponsors.legistarId });
      default:
        return db
          .delete(legistarMatterAttachments)
          .where(
            and(
              eq(legistarMatterAttachments.cityId, cityId),
              eq(legistarMatterAttachments.matterLegistarId, parentId),
              notKept(legistarMatterAttachments.legistarId),
            ),
          )
          .returning({ id: legistarMatterAttachments.legistarId });
    }
  })();
  return removed.length;
}

/** A record Legistar answers 410 Gone for: deleted there, deleted here (its children with it). */
export async function removeRecord(cityId: string, kind: "event" | "matter", legistarId: number): Promise<void> {
  const table = kind === "event" ? legistarEvents : legistarMatters;
  await getDb()
    .delete(table)
    .where(and(eq(table.cityId, cityId), eq(table.legistarId, legistarId)));
}

/** Which of these matters are stored already. */
export async function storedMatterIds(cityId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await getDb()
    .select({ id: legistarMatters.legistarId })
    .from(legistarMatters)
    .where(and(eq(legistarMatters.cityId, cityId), inArray(legistarMatters.legistarId, ids)));
  return new Set(rows.map((row) => row.id));
}
