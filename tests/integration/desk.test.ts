import { beforeAll, describe, expect, it } from "vitest";
import { alertMatches, draftQuotes, savedSearches } from "~/lib/db/schema";
import { exportAccountData } from "~/lib/privacy/account.server";
import { MAX_DRAFT_QUOTES } from "~/lib/desk/draft.server";
import { meetingMeta, type MeetingMetaFacts } from "~/lib/meetings/meta";
import { action as addAction, loader as addLoader } from "~/routes/desk/add";
import { action as deskAction, loader as deskLoader } from "~/routes/desk/desk";
import { loader as exportLoader } from "~/routes/desk/export";
import { loader as meetingLoader } from "~/routes/meeting/meeting";
import { callAction, callLoader, dbTag, getTestDb } from "../setup";
import {
  createCity,
  createMeeting,
  createSignedInUser,
  verifiedSampleAnalysis,
  verifiedSampleStory,
} from "../support/factories";

/**
 * The journalist's desk (docs/decisions/0042-journalists-desk.md): members
 * only; a draft built only from quotes the meetings really hold; nobody
 * reads or changes another member's draft; the exports cite each quote with
 * a link to its second; a shared moment's preview says what was said then.
 */

const verified = verifiedSampleAnalysis();
const made = { provider: "offline", analysis: verified.analysis, analysisVerification: verified.report };
const [first, second] = verified.analysis.highlights;
const QUOTE_A = first!.quotes[0]!;
const QUOTE_B = second!.quotes[0]!;

let cityKey: string;
let meetingA: string;
let meetingB: string;
let unverifiedMeeting: string;
let hiddenCityMeeting: string;
let alice: Awaited<ReturnType<typeof createSignedInUser>>;
let bob: Awaited<ReturnType<typeof createSignedInUser>>;

type DraftData = {
  tab: "draft";
  draft: { entries: { id: string; quote: string; speaker: string; seconds: number }[] };
};

beforeAll(async () => {
  const city = await createCity({ name: "Deskton", status: "Live" });
  cityKey = city.locationKey;
  meetingA = (
    await createMeeting({
      cityId: city.id,
      analysis: true,
      made,
      title: "Budget hearing",
      publishedAt: new Date("2026-03-05T18:00:00Z"),
    })
  ).id;
  meetingB = (
    await createMeeting({
      cityId: city.id,
      analysis: true,
      made,
      title: "Fire safety workshop",
      publishedAt: new Date("2026-04-09T18:00:00Z"),
    })
  ).id;
  // The same content without a report: nothing in it counts as verified.
  unverifiedMeeting = (
    await createMeeting({ cityId: city.id, analysis: true, made: { provider: "offline", analysis: verified.analysis } })
  ).id;
  const hidden = await createCity({ name: "Hiddenville", status: "New" });
  hiddenCityMeeting = (await createMeeting({ cityId: hidden.id, analysis: true, made })).id;
  alice = await createSignedInUser({ role: "member", origin: "http://localhost" });
  bob = await createSignedInUser({ role: "member", origin: "http://localhost" });
});

function add(cookie: string | null, fields: Record<string, string | number>) {
  return callAction(addAction, "/desk/add", fields, { headers: cookie ? { Cookie: cookie } : {} });
}

function addQuote(cookie: string, meetingId: string, highlight: number, text: string) {
  return add(cookie, {
    meetingId,
    source: "analysis",
    highlight,
    quote: 0,
    text,
    returnTo: `/city/${cityKey}/meeting/${meetingId}`,
  });
}

async function draftOf(cookie: string) {
  const result = await callLoader(deskLoader, "/desk?tab=draft", { headers: { Cookie: cookie } });
  return (result.data as DraftData).draft.entries;
}

function post(cookie: string, fields: Record<string, string>) {
  return callAction(deskAction, "/desk?tab=draft", fields, { headers: { Cookie: cookie } });
}

describe(`the journalist's desk [${dbTag}]`, () => {
  it("sends visitors to sign in and back, and refuses their posts", async () => {
    const page = await callLoader(deskLoader, "/desk?tab=draft");
    expect(page.response?.status).toBe(302);
    expect(page.response?.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/desk?tab=draft")}`);
    const added = await add(null, {
      meetingId: meetingA,
      source: "analysis",
      highlight: 0,
      quote: 0,
      text: QUOTE_A.text,
    });
    expect(added.response?.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const cleared = await callAction(deskAction, "/desk", { intent: "clear" });
    expect(cleared.response?.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const exported = await callLoader(exportLoader, "/desk/export?format=text");
    expect(exported.response?.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    expect(await getTestDb().select().from(draftQuotes)).toEqual([]);
  });

  it("adds only quotes the meeting holds and verified, never a forged text", async () => {
    const added = await addQuote(alice.cookie, meetingA, 0, QUOTE_A.text);
    expect(added.status).toBe(303);
    expect(added.response?.headers.get("Location")).toBe(`/city/${cityKey}/meeting/${meetingA}`);
    expect(added.headers.getSetCookie().join()).toMatch(/gavel_toast/);
    // Invented words, a real quote at the wrong place, an unverified quote, a meeting that does not exist.
    await addQuote(alice.cookie, meetingA, 0, "I promise to cut every tax in half.");
    await addQuote(alice.cookie, meetingA, 1, QUOTE_A.text);
    await addQuote(alice.cookie, unverifiedMeeting, 0, QUOTE_A.text);
    await addQuote(alice.cookie, "00000000-0000-4000-8000-000000000000", 0, QUOTE_A.text);
    // The same quote twice is kept once.
    await addQuote(alice.cookie, meetingA, 0, QUOTE_A.text);
    await addQuote(alice.cookie, meetingB, 1, QUOTE_B.text);
    const entries = await draftOf(alice.cookie);
    expect(entries.map((e) => e.quote)).toEqual([QUOTE_A.text, QUOTE_B.text]);
    expect(entries[0]).toMatchObject({ speaker: QUOTE_A.speaker, seconds: 401 });
    // An open redirect is no way back.
    const outside = await add(alice.cookie, {
      meetingId: meetingB,
      source: "analysis",
      highlight: 0,
      quote: 0,
      text: QUOTE_A.text,
      returnTo: "//evil.example/x",
    });
    expect(outside.response?.headers.get("Location")).toBe("/desk?tab=draft");
    expect((await callLoader(addLoader, "/desk/add")).response?.headers.get("Location")).toBe("/desk?tab=draft");
  });

  it("reorders and removes, and never lets another member read or change the draft", async () => {
    const before = await draftOf(alice.cookie);
    const [a, b, c] = before;
    expect(before).toHaveLength(3);
    expect(await draftOf(bob.cookie)).toEqual([]);
    // Bob forges Alice's ids: nothing changes.
    for (const intent of ["move-up", "move-down", "remove"]) await post(bob.cookie, { intent, id: b!.id });
    await post(bob.cookie, { intent: "clear" });
    expect((await draftOf(alice.cookie)).map((e) => e.id)).toEqual(before.map((e) => e.id));
    const bobExport = await callLoader(exportLoader, "/desk/export?format=text", { headers: { Cookie: bob.cookie } });
    expect(bobExport.data).not.toContain(QUOTE_A.text);

    await post(alice.cookie, { intent: "move-up", id: c!.id });
    expect((await draftOf(alice.cookie)).map((e) => e.id)).toEqual([a!.id, c!.id, b!.id]);
    await post(alice.cookie, { intent: "move-down", id: a!.id });
    expect((await draftOf(alice.cookie)).map((e) => e.id)).toEqual([c!.id, a!.id, b!.id]);
    const noNeighbor = await post(alice.cookie, { intent: "move-up", id: c!.id });
    expect(noNeighbor.status).toBe(303);
    await post(alice.cookie, { intent: "remove", id: c!.id });
    expect((await draftOf(alice.cookie)).map((e) => e.id)).toEqual([a!.id, b!.id]);
    const junk = await post(alice.cookie, { intent: "move-up", id: "not-an-id" });
    expect(junk.response?.headers.get("Location")).toBe("/desk?tab=draft");
  });

  it("exports the draft as Markdown and plain text with citations and links to the second", async () => {
    const headers = { Cookie: alice.cookie };
    const markdown = await callLoader(exportLoader, "/desk/export?format=markdown", { headers });
    expect(markdown.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="gavel-draft-\d{4}-\d{2}-\d{2}\.md"$/,
    );
    expect(markdown.headers.get("Cache-Control")).toBe("private, no-store");
    const md = markdown.data as string;
    expect(md).toMatch(/^# Draft quotes\n/);
    expect(md).toContain(`> — ${QUOTE_B.speaker}, *Fire safety workshop*, Deskton, `);
    expect(md).toMatch(
      new RegExp(`\\[Watch at 7:21\\]\\(https?://[^)]+/city/${cityKey}/meeting/${meetingB}\\?t=441\\)`),
    );
    const text = await callLoader(exportLoader, "/desk/export?format=text", { headers });
    expect(text.headers.get("Content-Disposition")).toMatch(/\.txt"$/);
    const lines = (text.data as string).split("\n");
    const at = lines.findIndex((line) => line.startsWith("1. "));
    expect(lines[at]).toBe(`1. “${QUOTE_A.text}”`);
    expect(lines[at + 1]).toMatch(new RegExp(`^   — ${QUOTE_A.speaker}, Budget hearing, Deskton, \\w+, Mar 5, 2026$`));
    expect(lines[at + 2]).toMatch(
      new RegExp(`^   Watch at 6:41: https?://\\S+/city/${cityKey}/meeting/${meetingA}\\?t=401$`),
    );
    expect(lines[at + 4]).toBe(`2. “${QUOTE_B.text}”`);
  });

  it("keeps the draft in the member's export, then clears it", async () => {
    const exported = await exportAccountData(alice.id);
    expect(exported?.draftQuotes.map((q) => q.quote)).toEqual([QUOTE_A.text, QUOTE_B.text]);
    const cleared = await post(alice.cookie, { intent: "clear" });
    expect(cleared.status).toBe(303);
    expect(await draftOf(alice.cookie)).toEqual([]);
  });

  it("adds the story's verified sidebar quote from the story page", async () => {
    const story = verifiedSampleStory();
    const quote = story.story.sidebar_elements.quote_block;
    expect(quote.quote).not.toBe("");
    const withStory = await createMeeting({
      cityId: (await createCity()).id,
      analysis: true,
      story: true,
      made: { ...made, story: story.story, storyVerification: story.report },
    });
    const fields = { meetingId: withStory.id, source: "story", highlight: 0, quote: 0 };
    await add(bob.cookie, { ...fields, text: "Words the story never quoted." });
    const before = (await draftOf(bob.cookie)).length;
    await add(bob.cookie, { ...fields, text: quote.quote });
    const entries = await draftOf(bob.cookie);
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ quote: quote.quote.trim(), speaker: quote.attribution });
    await post(bob.cookie, { intent: "clear" });
  });

  it(`holds at most ${MAX_DRAFT_QUOTES} quotes`, async () => {
    const rows = Array.from({ length: MAX_DRAFT_QUOTES }, (_, i) => ({
      userId: bob.id,
      cityVideoId: meetingA,
      quote: `Filler ${i}`,
      position: i + 1,
    }));
    await getTestDb().insert(draftQuotes).values(rows);
    await addQuote(bob.cookie, meetingB, 0, QUOTE_A.text);
    expect(await draftOf(bob.cookie)).toHaveLength(MAX_DRAFT_QUOTES);
  });

  it("searches verified quotes of Live cities by words, speaker and city", async () => {
    const search = async (query: string) => {
      const result = await callLoader(deskLoader, `/desk?tab=quotes&${query}`, { headers: { Cookie: alice.cookie } });
      return (result.data as { quotes: { hits: { meetingId: string; text: string; seconds: number }[] } }).quotes.hits;
    };
    const byWords = await search("q=wheelchair+playground");
    expect(new Set(byWords.map((h) => h.meetingId))).toEqual(new Set([meetingA, meetingB]));
    expect(byWords.every((h) => h.text.includes("wheelchair"))).toBe(true);
    expect(byWords.some((h) => h.meetingId === unverifiedMeeting || h.meetingId === hiddenCityMeeting)).toBe(false);
    const bySpeaker = await search("speaker=fire+chief");
    expect(bySpeaker.map((h) => h.seconds)).toEqual([586, 586]);
    expect(await search(`city=${cityKey}&q=nothing-like-this-was-said`)).toEqual([]);
    expect(await search("city=hiddenville-does-not-exist")).toEqual([]);
    // Newest meeting first.
    expect((await search(`city=${cityKey}`))[0]?.meetingId).toBe(meetingB);
  });

  it("lists the member's own alert matches, newest first, and nobody else's", async () => {
    const db = getTestDb();
    const search = (userId: string, query: string) =>
      db
        .insert(savedSearches)
        .values({ userId, query, unsubscribeToken: `u-${query}`, feedToken: `f-${query}` })
        .returning()
        .then((rows) => rows[0]!);
    const mine = await search(alice.id, "wheelchair");
    const theirs = await search(bob.id, "library");
    await db.insert(alertMatches).values([
      { savedSearchId: mine.id, cityVideoId: meetingA, passage: "Older passage", matchedAt: new Date("2026-05-01") },
      {
        savedSearchId: mine.id,
        cityVideoId: meetingB,
        passage: "Newer passage",
        speaker: "PUBLIC COMMENTER",
        startSeconds: 1036.4,
        matchedAt: new Date("2026-05-02"),
      },
      { savedSearchId: theirs.id, cityVideoId: meetingA, passage: "Bob's passage" },
    ]);
    const result = await callLoader(deskLoader, "/desk", { headers: { Cookie: alice.cookie } });
    const { alerts } = result.data as {
      alerts: { items: { passage: string; query: string; seconds: number | null; meeting: { id: string } }[] };
    };
    expect(alerts.items.map((a) => a.passage)).toEqual(["Newer passage", "Older passage"]);
    expect(alerts.items[0]).toMatchObject({ query: "wheelchair", seconds: 1036, meeting: { id: meetingB } });
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("describes a shared moment by what was said at that second", async () => {
    const load = async (query: string) => {
      const result = await callLoader(meetingLoader, `/meeting/${meetingA}${query}`, {
        params: { meetingId: meetingA },
      });
      return (result.data as { metaFacts: MeetingMetaFacts }).metaFacts;
    };
    const description = (facts: MeetingMetaFacts, search: string) =>
      meetingMeta(facts, search).find((tag) => tag.property === "og:description")?.content as string;
    const atQuote = await load("?t=401");
    expect(description(atQuote, "?t=401")).toBe(`“${QUOTE_A.text}” — ${QUOTE_A.speaker}`);
    expect(meetingMeta(atQuote, "?t=401")).toContainEqual({
      name: "twitter:description",
      content: `“${QUOTE_A.text}” — ${QUOTE_A.speaker}`,
    });
    // A second between highlights: the passage being spoken.
    const atPassage = await load("?t=30");
    expect(description(atPassage, "?t=30")).toMatch(/^“.+”/);
    expect(description(atPassage, "?t=30")).not.toBe(atPassage.description);
    // Without a moment, or at one the loader did not see, the page's own description.
    const plain = await load("");
    expect(description(plain, "")).toBe(plain.description);
    expect(description(atQuote, "?t=441")).toBe(atQuote.description);
  });
});
