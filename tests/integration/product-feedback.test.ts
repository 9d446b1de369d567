import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { productFeedback } from "~/lib/db/schema";
import { FEEDBACK_PAGE_SIZE, FEEDBACK_RATE_LIMIT, RANK_IGNORED } from "~/lib/feedback/feedback";
import { CLIENT_IP_HEADER } from "~/lib/http/client-ip.server";
import { HONEYPOT_FIELD_NAME } from "~/lib/http/honeypot";
import { getToast } from "~/lib/toast/toast.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/product-feedback";
import { action as feedbackAction, loader as feedbackLoader } from "~/routes/feedback";
import { callAction, callLoader, cookiesFrom, dbTag, getTestDb, TEST_ORIGIN, type RouteResult } from "../setup";
import { createSignedInUser } from "../support/factories";

/**
 * Product feedback end to end through the route modules: what a visitor and
 * a member send and what is stored (never an e-mail from the form, only a
 * page path of this site), the honeypot and the rate limit; the admin's
 * updates of status, severity and rank, refusals, forged posts from a
 * member and a visitor; the list's order, filters and pages.
 */

let admin: { cookie: string };
let member: { cookie: string; email: string };
let ipCounter = 0;
/** A client address of its own per post, so that the rate limit only bites where a test asks for it. */
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
}, 60_000);

beforeEach(async () => {
  await getTestDb().delete(productFeedback);
});

const send = (fields: Record<string, string>, { cookie, ip }: { cookie?: string; ip?: string } = {}) =>
  callAction(feedbackAction, "/feedback", fields, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), [CLIENT_IP_HEADER]: ip ?? freshIp() },
  });

async function toastOf(result: RouteResult) {
  if (result.data && typeof result.data === "object" && "toast" in result.data) return result.data.toast as never;
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookiesFrom(result) } }))).toast;
}

const stored = () => getTestDb().select().from(productFeedback);

describe(`feedback from users ${dbTag}`, () => {
  it("keeps a visitor's feedback without an e-mail, even one the form forges, and thanks them on the page", async () => {
    const result = await send({
      type: "Bug",
      text: "  The map does not load.  ",
      severity: "3",
      page: "/city/alder-creek?tab=meetings#top",
      email: "forged@example.com",
      userEmail: "forged@example.com",
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/city/alder-creek?tab=meetings");
    expect(await toastOf(result)).toMatchObject({ type: "success", title: "Thanks for your feedback" });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      feedbackType: "Bug",
      feedbackText: "The map does not load.",
      severity: 3,
      pageUrl: "/city/alder-creek?tab=meetings",
      userEmail: null,
      status: "New",
      rank: null,
    });
  });

  it("keeps a member's e-mail from the session, not the form's", async () => {
    const result = await send(
      { type: "Idea", text: "E-mail me new stories.", page: "/profile", email: "someone-else@example.com" },
      { cookie: member.cookie },
    );
    expect(result.status).toBe(302);
    const [row] = await stored();
    expect(row).toMatchObject({ userEmail: member.email, feedbackType: "Idea", severity: null });
  });

  it("keeps only a path of this site: an outside or odd address is dropped, the feedback kept", async () => {
    const pages = [
      "https://evil.example/phish",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "http://localhost/meeting/abc?t=42",
    ];
    for (const page of pages) {
      const result = await send({ type: "Other", text: `from ${page}`, page });
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe(page.startsWith("http://localhost") ? "/meeting/abc?t=42" : "/");
    }
    const byText = new Map((await stored()).map((row) => [row.feedbackText, row.pageUrl]));
    expect(byText.get("from https://evil.example/phish")).toBeNull();
    expect(byText.get("from //evil.example/x")).toBeNull();
    expect(byText.get("from /\\evil.example")).toBeNull();
    expect(byText.get("from javascript:alert(1)")).toBeNull();
    expect(byText.get("from http://localhost/meeting/abc?t=42")).toBe("/meeting/abc?t=42");
  });

  it("answers the dialog with data and a thanks toast, not a redirect", async () => {
    const result = await send({ type: "Bug", text: "From the dialog", page: "/search?q=water", dialog: "1" });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ sent: true, toast: { title: "Thanks for your feedback" } });
    expect((await stored())[0]?.pageUrl).toBe("/search?q=water");
  });

  it("refuses a form without a type or text, or with a severity out of range, and keeps nothing", async () => {
    const refused: Array<Record<string, string>> = [
      { type: "", text: "x" },
      { type: "Bug", text: "   " },
      { type: "Complaint", text: "x" },
      { type: "Bug", text: "x", severity: "9" },
      { type: "Bug", text: "x".repeat(5001) },
    ];
    for (const fields of refused) {
      const result = await send(fields);
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({ sent: false, toast: { type: "error" } });
    }
    expect(await stored()).toHaveLength(0);
  });

  it("thanks a bot that filled the honeypot like anyone, and keeps nothing", async () => {
    const result = await send({
      type: "Bug",
      text: "Buy now",
      page: "/",
      [HONEYPOT_FIELD_NAME]: "http://spam.example",
    });
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({ type: "success", title: "Thanks for your feedback" });
    expect(await stored()).toHaveLength(0);
  });

  it("limits one client address to 10 an hour, with a clear message; others are not held up", async () => {
    const ip = "10.99.0.1";
    for (let index = 0; index < FEEDBACK_RATE_LIMIT.limit; index++) {
      expect((await send({ type: "Bug", text: `number ${index}` }, { ip })).status).toBe(302);
    }
    const refused = await send({ type: "Bug", text: "one too many" }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data).toMatchObject({
      toast: { type: "error", title: "Too much feedback from your connection" },
    });
    expect((await send({ type: "Bug", text: "from elsewhere" }, { ip: "10.99.0.2" })).status).toBe(302);
    const texts = (await stored()).map((row) => row.feedbackText);
    expect(texts).toHaveLength(FEEDBACK_RATE_LIMIT.limit + 1);
    expect(texts).not.toContain("one too many");
  });

  it("pre-fills the form page from its address, keeping only a path of this site", async () => {
    const result = await callLoader(
      feedbackLoader,
      `/feedback?type=content%20error&page=${encodeURIComponent("/meeting/abc?t=90")}&quote=${encodeURIComponent("We approved it")}`,
    );
    expect(result.data).toMatchObject({
      prefill: { type: "Content error", page: "/meeting/abc?t=90", text: "About “We approved it”:\n\n" },
      signedInAs: null,
    });
    expect(result.headers.get("Cache-Control")).toContain("public");
    const outside = await callLoader(feedbackLoader, "/feedback?page=https%3A%2F%2Fevil.example%2F&type=nope", {
      headers: { Cookie: member.cookie },
    });
    expect(outside.data).toMatchObject({ prefill: { type: null, page: null, text: "" }, signedInAs: member.email });
  });
});

// ---------------------------------------------------------------- admin

type AdminRow = { id: string; feedbackText: string; rank: number | null; status: string; severity: number | null };
type AdminList = { rows: AdminRow[]; total: number; page: number; pageCount: number };

async function insert(rows: Array<Partial<typeof productFeedback.$inferInsert>>) {
  return getTestDb()
    .insert(productFeedback)
    .values(rows.map((row, index) => ({ feedbackType: "Bug", feedbackText: `feedback ${index}`, ...row })))
    .returning();
}

async function list(query = "", cookie: string | null = admin.cookie): Promise<RouteResult> {
  return callLoader(adminLoader, `/admin/product-feedback${query ? `?${query}` : ""}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
}

const update = (fields: Record<string, string>, cookie: string | null = admin.cookie) =>
  callAction(adminAction, "/admin/product-feedback", fields, { headers: cookie ? { Cookie: cookie } : {} });

async function rowOf(id: string) {
  const [row] = await getTestDb().select().from(productFeedback).where(eq(productFeedback.id, id));
  return row!;
}

describe(`the product feedback admin ${dbTag}`, () => {
  it("lists by rank ascending, unranked last and newest first among equals", async () => {
    await insert([
      { feedbackText: "unranked old", rank: null, createdAt: new Date("2026-01-01T00:00:00Z") },
      { feedbackText: "rank 2", rank: 2 },
      { feedbackText: "unranked new", rank: null, createdAt: new Date("2026-06-01T00:00:00Z") },
      { feedbackText: "rank 0.5", rank: 0.5 },
      { feedbackText: "rank 2 newer", rank: 2, createdAt: new Date("2099-01-01T00:00:00Z") },
      { feedbackText: "rank -1", rank: -1 },
    ]);
    const data = (await list()).data as AdminList;
    expect(data.rows.map((row) => row.feedbackText)).toEqual([
      "rank -1",
      "rank 0.5",
      "rank 2 newer",
      "rank 2",
      "unranked new",
      "unranked old",
    ]);
    expect(data.total).toBe(6);
  });

  it("filters by status and type, and pages past 50 rows", async () => {
    await insert(
      Array.from({ length: 60 }, (_, index) => ({
        feedbackText: `row ${index}`,
        rank: index,
        status: index % 3 === 0 ? "Closed" : "New",
        feedbackType: index % 2 === 0 ? "Idea" : "Bug",
      })),
    );
    const first = (await list()).data as AdminList;
    expect(first).toMatchObject({ total: 60, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(FEEDBACK_PAGE_SIZE);
    const second = (await list("page=2")).data as AdminList;
    expect(second.rows.map((row) => row.feedbackText)).toEqual(
      Array.from({ length: 10 }, (_, index) => `row ${50 + index}`),
    );
    expect(((await list("page=9")).data as AdminList).page).toBe(2);
    const closed = (await list("status=Closed")).data as AdminList;
    expect(closed.total).toBe(20);
    expect(closed.rows.every((row) => row.status === "Closed")).toBe(true);
    const closedIdeas = (await list("status=Closed&type=Idea")).data as AdminList;
    expect(closedIdeas.total).toBe(10);
    expect(((await list("status=Bogus&type=Nope")).data as AdminList).total).toBe(60);
    await getTestDb().delete(productFeedback);
    expect(((await list()).data as AdminList).rows).toEqual([]);
  });

  it("saves status, severity and rank from a per-row Save and returns to the list with 'Feedback updated'", async () => {
    const [row] = await insert([{ feedbackText: "triage me" }]);
    const result = await update({
      id: row!.id,
      status: "Active",
      severity: "5",
      rank: "1.25",
      returnTo: "/admin/product-feedback?status=New&page=2",
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/product-feedback?status=New&page=2");
    expect(await toastOf(result)).toMatchObject({ type: "success", title: "Feedback updated" });
    expect(await rowOf(row!.id)).toMatchObject({ status: "Active", severity: 5, rank: 1.3 });
  });

  it("saves one field at a time from the page's script, leaving the others as they are", async () => {
    const [row] = await insert([{ feedbackText: "one at a time", status: "New", severity: 2, rank: 4 }]);
    const status = await update({ id: row!.id, status: "Closed", js: "1" });
    expect(status.status).toBe(200);
    expect(status.data).toMatchObject({ saved: true, toast: { title: "Feedback updated" } });
    expect(await rowOf(row!.id)).toMatchObject({ status: "Closed", severity: 2, rank: 4 });
    await update({ id: row!.id, severity: "", js: "1" });
    expect(await rowOf(row!.id)).toMatchObject({ status: "Closed", severity: null, rank: 4 });
    await update({ id: row!.id, rank: "0.1", js: "1" });
    expect(await rowOf(row!.id)).toMatchObject({ rank: 0.1 });
    await update({ id: row!.id, rank: "", js: "1" });
    expect(await rowOf(row!.id)).toMatchObject({ rank: null });
  });

  it("ignores a rank that is not a number: the row keeps its rank, and the message says so", async () => {
    const [row] = await insert([{ feedbackText: "keep my rank", rank: 3, status: "New" }]);
    for (const rank of ["abc", "1,5", "NaN", "Infinity", "1e400", "2 3"]) {
      const alone = await update({ id: row!.id, rank, js: "1" });
      expect(alone.status).toBe(400);
      expect(alone.data).toMatchObject({ toast: { title: "Error updating feedback", description: RANK_IGNORED } });
    }
    const withStatus = await update({ id: row!.id, status: "Active", severity: "3", rank: "high" });
    expect(withStatus.status).toBe(302);
    expect(await toastOf(withStatus)).toMatchObject({ title: "Feedback updated", description: RANK_IGNORED });
    expect(await rowOf(row!.id)).toMatchObject({ rank: 3, status: "Active", severity: 3 });
  });

  it("refuses an unknown status or severity, or an unknown row, with 'Error updating feedback' and changes nothing", async () => {
    const [row] = await insert([{ feedbackText: "stay", status: "New", severity: 2, rank: 1 }]);
    for (const [fields, message] of [
      [{ status: "Done" }, "Status must be New, Active or Closed."],
      [{ severity: "6" }, "Severity must be from 1 to 5."],
      [{ severity: "2.5", status: "Closed" }, "Severity must be from 1 to 5."],
    ] as const) {
      const result = await update({ id: row!.id, rank: "9", ...fields });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({
        toast: { type: "error", title: "Error updating feedback", description: message },
      });
    }
    expect(await rowOf(row!.id)).toMatchObject({ status: "New", severity: 2, rank: 1 });
    const missing = await update({ id: "00000000-0000-4000-8000-000000000000", status: "Closed" });
    expect(missing.status).toBe(404);
    expect((await update({ id: "not-a-uuid", status: "Closed" })).status).toBe(400);
  });

  it("refuses a member's and a visitor's forged update and list, and changes nothing", async () => {
    const [row] = await insert([{ feedbackText: "not yours", status: "New", severity: 1, rank: 1 }]);
    const byMember = await update({ id: row!.id, status: "Closed", severity: "5", rank: "0" }, member.cookie);
    expect(byMember).toMatchObject({ status: 403, thrown: true });
    const byVisitor = await update({ id: row!.id, status: "Closed", severity: "5", rank: "0" }, null);
    expect(byVisitor).toMatchObject({ status: 401, thrown: true });
    expect(await rowOf(row!.id)).toMatchObject({ status: "New", severity: 1, rank: 1 });
    expect((await list("", member.cookie)).status).toBe(403);
    expect((await list("", null)).status).toBe(401);
  });
});
