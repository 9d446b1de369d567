import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { alertMatches, draftQuotes, meetingDecisions, savedSearches } from "~/lib/db/schema";
import type { AlertEntry } from "~/lib/desk/alerts.server";
import type { MeetingDecisions } from "~/lib/desk/decisions.server";
import { newToken } from "~/lib/alerts/alerts.server";
import { replaceDecisions } from "~/lib/meetings/decisions.server";
import { getToast } from "~/lib/toast/toast.server";
import { action as addAction } from "~/routes/desk/add";
import { loader as deskLoader } from "~/routes/desk/desk";
import { loader as exportLoader } from "~/routes/desk/export";
import { callAction, callLoader, cookiesFrom, dbTag, getTestDb, TEST_ORIGIN, type RouteResult } from "../setup";
import {
  DECISIONS,
  DECISIONS_MADE,
  DECISIONS_MADE_QUOTE_VERIFIED,
  DECISIONS_TRANSCRIPT,
  DENY_ITEM,
  VETO_ITEM,
} from "../support/decision-content";
import { createCity, createMeeting, createSignedInUser } from "../support/factories";

/**
 * The desk reads the decisions rows (issue 27, docs/decisions/0064-decisions-in-alerts-and-the-desk.md):
 * the Alerts and Draft tabs list what their meetings decided, and "Add to
 * draft" on a decision names only the meeting and the decision's id; the
 * server reads the rest. A forged id, another meeting's decision or an
 * earlier analysis's is refused with a clear message and changes nothing.
 */

const VETO_LINE = `${VETO_ITEM}: Override the veto. Failed: veto sustained, 6-6 (roll call)`;
const VETO_WORDS = "that motion fails and the mayor's veto is sustained";

let cityKey: string;
let decided: string;
let other: string;
let alice: Awaited<ReturnType<typeof createSignedInUser>>;
let bob: Awaited<ReturnType<typeof createSignedInUser>>;

async function decisionIds(meetingId: string): Promise<number[]> {
  const rows = await getTestDb()
    .select({ id: meetingDecisions.id })
    .from(meetingDecisions)
    .where(eq(meetingDecisions.cityVideoId, meetingId))
    .orderBy(asc(meetingDecisions.position));
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  const city = await createCity({ name: "Harbor Point", status: "Live" });
  cityKey = city.locationKey;
  const meeting = {
    cityId: city.id,
    analysis: true,
    transcript: DECISIONS_TRANSCRIPT,
    made: DECISIONS_MADE_QUOTE_VERIFIED,
  };
  decided = (await createMeeting({ ...meeting, title: "Council, November 17" })).id;
  other = (await createMeeting({ ...meeting, title: "Council, December 1" })).id;
  alice = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
  bob = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
});

function addDecision(cookie: string, fields: Record<string, string | number>) {
  return callAction(
    addAction,
    "/desk/add",
    { returnTo: "/desk?tab=alerts", ...fields },
    { headers: { Cookie: cookie } },
  );
}

async function toastOf(result: RouteResult) {
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookiesFrom(result) } }))).toast;
}

async function draftRows(userId: string) {
  return getTestDb()
    .select({ quote: draftQuotes.quote, speaker: draftQuotes.speaker, seconds: draftQuotes.startSeconds })
    .from(draftQuotes)
    .where(eq(draftQuotes.userId, userId))
    .orderBy(asc(draftQuotes.position));
}

const REFUSED = { type: "error", title: "This decision is not in the meeting (any more): it was not added" };

describe(`decisions on the desk [${dbTag}]`, () => {
  it("adds a decision by its id, read from the meeting's rows: its line, the result's words and second", async () => {
    const [veto] = await decisionIds(decided);
    // Words sent along with the id are not read.
    const added = await addDecision(alice.cookie, {
      meetingId: decided,
      decision: veto!,
      text: "The council approved everything unanimously.",
      item: "Forged item",
    });
    expect(added.status).toBe(303);
    expect(added.response?.headers.get("Location")).toBe("/desk?tab=alerts");
    expect(await toastOf(added)).toMatchObject({ type: "success", title: "Decision added to your draft" });
    expect(await draftRows(alice.id)).toEqual([{ quote: VETO_WORDS, speaker: `Decision: ${VETO_LINE}`, seconds: 135 }]);

    const again = await addDecision(alice.cookie, { meetingId: decided, decision: veto! });
    expect(await toastOf(again)).toMatchObject({ type: "info", title: "This decision is already in your draft" });
    expect(await draftRows(alice.id)).toHaveLength(1);
    // The same words as the highlight's quote are another entry, once too; the decision still once.
    const quote = { meetingId: decided, source: "analysis", highlight: 0, quote: 0, text: VETO_WORDS };
    for (let i = 0; i < 2; i++) await addDecision(alice.cookie, quote);
    await addDecision(alice.cookie, { meetingId: decided, decision: veto! });
    expect(await draftRows(alice.id)).toEqual([
      { quote: VETO_WORDS, speaker: `Decision: ${VETO_LINE}`, seconds: 135 },
      { quote: VETO_WORDS, speaker: "PRESIDENT MORALES", seconds: 135 },
    ]);
    expect(await draftRows(bob.id)).toEqual([]);
  });

  it("refuses a forged id, another meeting's decision and junk, with a clear message, changing nothing", async () => {
    const before = await draftRows(bob.id);
    const [otherVeto] = await decisionIds(other);
    const ids = await decisionIds(decided);
    const forged = Math.max(...ids, otherVeto!) + 1000;
    for (const fields of [
      { meetingId: decided, decision: forged },
      { meetingId: decided, decision: otherVeto! },
      { meetingId: decided, decision: "1 or 1=1" },
      { meetingId: decided, decision: -1 },
      { meetingId: "00000000-0000-4000-8000-000000000000", decision: ids[0]! },
      { meetingId: "not-a-meeting", decision: ids[0]! },
    ]) {
      const refused = await addDecision(bob.cookie, fields);
      expect(refused.status).toBe(303);
      expect(refused.response?.headers.get("Location")).toBe("/desk?tab=alerts");
      expect(await toastOf(refused)).toMatchObject(REFUSED);
    }
    expect(await draftRows(bob.id)).toEqual(before);

    // An analysis rewrites the rows: an id read before it is no decision any more.
    await replaceDecisions(getTestDb(), other, { ...(DECISIONS_MADE.analysis as object), decisions: DECISIONS });
    const stale = await addDecision(bob.cookie, { meetingId: other, decision: otherVeto! });
    expect(await toastOf(stale)).toMatchObject(REFUSED);
    expect(await draftRows(bob.id)).toEqual(before);
  });

  it("the Draft tab lists the decisions of the meetings the draft cites, and the export cites the decision", async () => {
    const page = await callLoader(deskLoader, "/desk?tab=draft", { headers: { Cookie: alice.cookie } });
    const { decisions, entries } = (
      page.data as { draft: { decisions: MeetingDecisions[]; entries: { decision: boolean }[] } }
    ).draft;
    expect(entries.map((entry) => entry.decision)).toEqual([true, false]);
    expect(decisions.map((meeting) => meeting.meeting.id)).toEqual([decided]);
    expect(decisions[0]!.decisions.map((d) => [d.line, d.words, d.seconds, d.moment, d.inDraft])).toEqual([
      [VETO_LINE, VETO_WORDS, 135, "00:02:15", true],
      [
        `${DENY_ITEM}: Deny. Carried: denied, 8-4`,
        "Eight ayes, four nays. The motion to deny carries.",
        245,
        "00:04:05",
        false,
      ],
      [
        "Consent agenda: Approve. Carried: approved (unanimous consent; 2 items)",
        "Without objection, the consent agenda is adopted.",
        320,
        "00:05:20",
        false,
      ],
    ]);

    const text = await callLoader(exportLoader, "/desk/export?format=text", { headers: { Cookie: alice.cookie } });
    const lines = (text.data as string).split("\n");
    const at = lines.findIndex((line) => line.startsWith("1. "));
    expect(lines[at]).toBe(`1. “${VETO_WORDS}”`);
    expect(lines[at + 1]).toMatch(
      new RegExp(`^   — Decision: ${VETO_LINE.replace(/[()]/g, "\\$&")}, Council, November 17, `),
    );
    expect(lines[at + 2]).toMatch(
      new RegExp(`^   Watch at 2:15: https?://\\S+/city/${cityKey}/meeting/${decided}\\?t=135$`),
    );
  });

  it("the Alerts tab lists what each matched meeting decided", async () => {
    const db = getTestDb();
    const [search] = await db
      .insert(savedSearches)
      .values({ userId: bob.id, query: "appointed staff", unsubscribeToken: newToken(), feedToken: newToken() })
      .returning({ id: savedSearches.id });
    await db
      .insert(alertMatches)
      .values([
        { savedSearchId: search!.id, cityVideoId: decided, passage: "the four percent raise", startSeconds: 180 },
      ]);
    const page = await callLoader(deskLoader, "/desk?tab=alerts", { headers: { Cookie: bob.cookie } });
    const [alert] = (page.data as { alerts: { items: AlertEntry[] } }).alerts.items;
    expect(alert!.decisions.map((d) => d.line)).toEqual([
      VETO_LINE,
      `${DENY_ITEM}: Deny. Carried: denied, 8-4`,
      "Consent agenda: Approve. Carried: approved (unanimous consent; 2 items)",
    ]);
    expect(alert!.decisions.map((d) => d.id)).toEqual(await decisionIds(decided));
  });
});
