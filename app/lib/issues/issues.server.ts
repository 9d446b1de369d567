/** Tracked issues: reading and writing the rows (admin curation, public pages). */
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities, trackedIssues } from "~/lib/db/schema";
import { BODIES, type Body } from "~/lib/constants";
import type { IssueForm } from "./form";

export type TrackedIssue = typeof trackedIssues.$inferSelect;

/** A uuid[] parameter (drizzle would spread a JS array into a row of parameters). */
export function uuidArray(ids: readonly string[]) {
  return sql`string_to_array(${ids.join(",")}, ',')::uuid[]`;
}

export function bodiesOf(values: readonly string[]): Body[] {
  return BODIES.filter((body) => values.includes(body));
}

export async function listIssues(): Promise<TrackedIssue[]> {
  return getDb().select().from(trackedIssues).orderBy(asc(trackedIssues.title), asc(trackedIssues.issueKey));
}

/** The cities an issue can follow, by name: the admin form's choices. */
export async function listIssueCityChoices() {
  return getDb()
    .select({ id: cities.id, name: cities.name, state: cities.state, locationKey: cities.locationKey })
    .from(cities)
    .orderBy(asc(cities.name));
}

/** The issues that follow a city, by title. */
export async function listCityIssues(cityId: string): Promise<TrackedIssue[]> {
  return getDb()
    .select()
    .from(trackedIssues)
    .where(sql`${cityId}::uuid = any(${trackedIssues.cityIds})`)
    .orderBy(asc(trackedIssues.title), asc(trackedIssues.issueKey));
}

export async function getIssueByKey(issueKey: string): Promise<TrackedIssue | null> {
  const [row] = await getDb().select().from(trackedIssues).where(eq(trackedIssues.issueKey, issueKey)).limit(1);
  return row ?? null;
}

export async function getIssue(id: string): Promise<TrackedIssue | null> {
  const [row] = await getDb().select().from(trackedIssues).where(eq(trackedIssues.id, id)).limit(1);
  return row ?? null;
}

/** The cities an issue follows (key and name), in the issue's order. */
export async function issueCities(issue: Pick<TrackedIssue, "cityIds">) {
  if (issue.cityIds.length === 0) return [];
  const rows = await getDb()
    .select({ id: cities.id, name: cities.name, state: cities.state, locationKey: cities.locationKey })
    .from(cities)
    .where(sql`${cities.id} = any(${uuidArray(issue.cityIds)})`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return issue.cityIds.flatMap((id) => byId.get(id) ?? []);
}

/** Whether every id names a city. */
export async function allCitiesExist(cityIds: readonly string[]): Promise<boolean> {
  if (cityIds.length === 0) return true;
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(cities)
    .where(sql`${cities.id} = any(${uuidArray(cityIds)})`);
  return Number(row?.count ?? 0) === new Set(cityIds).size;
}

export type SaveOutcome = { ok: true; id: string } | { ok: false; reason: "key-taken" | "not-found" };

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function values(form: IssueForm) {
  return {
    issueKey: form.issueKey,
    title: form.title,
    query: form.query,
    cityIds: [...new Set(form.cityIds)],
    bodies: bodiesOf(form.bodies),
  };
}

export async function createIssue(form: IssueForm): Promise<SaveOutcome> {
  try {
    const [row] = await getDb().insert(trackedIssues).values(values(form)).returning({ id: trackedIssues.id });
    return { ok: true, id: row!.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "key-taken" };
    throw error;
  }
}

export async function updateIssue(id: string, form: IssueForm): Promise<SaveOutcome> {
  try {
    const [row] = await getDb()
      .update(trackedIssues)
      .set({ ...values(form), updatedAt: new Date() })
      .where(eq(trackedIssues.id, id))
      .returning({ id: trackedIssues.id });
    return row ? { ok: true, id: row.id } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "key-taken" };
    throw error;
  }
}

export async function deleteIssue(id: string): Promise<boolean> {
  const rows = await getDb().delete(trackedIssues).where(eq(trackedIssues.id, id)).returning({ id: trackedIssues.id });
  return rows.length > 0;
}
