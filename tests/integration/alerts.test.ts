import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queueAlertMatching, queueDueDigests } from "~/lib/alerts/mail.server";
import { MAX_SAVED_SEARCHES } from "~/lib/alerts/forms";
import type { SavedSearchView } from "~/lib/alerts/alerts.server";
import { AlertsSection } from "~/components/alerts/alerts-list";
import { alertMatches, cityVideoSources, savedSearches } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { drainQueues, ensureAnalysisQueued, requestReanalysis, runNextJob } from "~/lib/jobs/index.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { action as alertsAction } from "~/routes/alerts/index";
import { loader as feedLoader } from "~/routes/alerts/feed";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/alerts/unsubscribe";
import { loader as profileLoader } from "~/routes/profile";
import { callAction, callLoader, callRoute, dbTag, getTestDb, TEST_ORIGIN, truncateAllTables } from "../setup";
import { createCity, createCitySource, createMeeting, createSignedInUser } from "../support/factories";
import { DECISIONS, DECISIONS_MADE, DECISIONS_TRANSCRIPT } from "../support/decision-content";
import { type CapturedMail, startSmtpListener } from "../support/smtp-listener";
import { elementsNamed, parseXml } from "../support/xml";
import { rowsOf } from "~/lib/db/rows.server";

/**
 * Alerts (issue 15, docs/decisions/0040-alerts.md) against a real SMTP
 * listener, with the job queues worked here as a worker would.
 */

const APP_URL = "https://gavel.example";
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;

beforeAll(async () => {
  smtp = await startSmtpListener();
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = APP_URL;
  process.env.JOBS_RETRY_DELAY_SECONDS = "0";
});
afterAll(async () => {
  await stopBoss();
  await smtp.close();
});
beforeEach(async () => {
  await truncateAllTables();
  await (await getBoss()).clearStorage();
  smtp.messages.length = 0;
});

type Member = Awaited<ReturnType<typeof createSignedInUser>>;

async function member(): Promise<Member> {
  return createSignedInUser({ role: "member", origin: TEST_ORIGIN });
}

async function save(who: Member, fields: Record<string, string | string[]>) {
  return callAction(alertsAction, "/alerts", { intent: "save-search", ...fields }, { headers: { Cookie: who.cookie } });
}

async function searchesOf(who: Member) {
  return getTestDb().select().from(savedSearches).where(eq(savedSearches.userId, who.id));
}

/** The analysis job, then the matching and mail jobs it leads to. */
async function analyze(meetingId: string, again = false) {
  if (again) await requestReanalysis(meetingId);
  else await ensureAnalysisQueued(meetingId);
  const ran = await runNextJob(QUEUES.analysis);
  expect(ran?.error).toBeUndefined();
  await drainQueues([QUEUES.alertMatch, QUEUES.alertMail]);
}

/** A mail's raw text with quoted-printable soft breaks and escapes undone. */
function decoded(mail: CapturedMail | undefined): string {
  const unfolded = (mail?.raw ?? "").replace(/\r?\n[ \t]+/g, " ").replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = /^=([0-9A-F]{2})/.exec(unfolded.slice(i, i + 3));
    if (hex) {
      bytes.push(parseInt(hex[1]!, 16));
      i += 2;
    } else bytes.push(...Buffer.from(unfolded[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function unsubscribeTokenOf(mail: CapturedMail | undefined): string {
  const match = /^List-Unsubscribe: <https:\/\/gavel\.example\/alerts\/unsubscribe\/([^>]+)>/m.exec(decoded(mail));
  if (!match) throw new Error(`No List-Unsubscribe in:\n${mail?.raw}`);
  return match[1]!;
}

async function matchesOf(searchId: string) {
  return getTestDb().select().from(alertMatches).where(eq(alertMatches.savedSearchId, searchId));
}

/** The profile's "Your alerts" as the member's browser receives it: the real loader, rendered on the server. */
async function profileAlertsHtml(who: Member): Promise<string> {
  const Component = () => {
    const { alerts, appUrl } = useLoaderData() as { alerts: SavedSearchView[]; appUrl: string };
    return createElement(AlertsSection, { alerts, appUrl });
  };
  const handler = createStaticHandler([{ id: "profile", path: "/profile", loader: profileLoader as never, Component }]);
  const context = await handler.query(new Request(`${TEST_ORIGIN}/profile`, { headers: { Cookie: who.cookie } }));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe(`alerts ${dbTag}`, () => {
  it("a saved search matches a newly analyzed meeting once, even when it is analyzed again", async () => {
    const city = await createCity({ name: "Alder Creek", status: "Live" });
    const testCity = await createCity({ name: "Quiet Town", status: "Test" });
    const alice = await member();
    const bob = await member();
    const saved = await save(alice, { q: "sidewalk repairs", city: city.locationKey, redirectTo: "/search?q=x" });
    expect(saved.status).toBe(302);
    expect(saved.response?.headers.get("Location")).toBe("/search?q=x");
    await save(bob, { q: "zoning variance" }); // never said
    await save(bob, { q: "sidewalk", body: "school" }); // said, but at a city council
    const meeting = await createMeeting({ cityId: city.id, title: "Regular meeting" });
    const hidden = await createMeeting({ cityId: testCity.id, title: "Not Live" });

    await analyze(meeting.id);
    await analyze(hidden.id);
    const [search] = await searchesOf(alice);
    const matches = await matchesOf(search!.id);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ cityVideoId: meeting.id, startSeconds: 133 });
    expect(matches[0]!.passage).toContain("sidewalk repairs");
    expect(matches[0]!.speaker).toMatch(/okafor/i);
    expect(matches[0]!.emailedAt).not.toBeNull();
    const bobs = await searchesOf(bob);
    for (const s of bobs) expect(await matchesOf(s.id)).toHaveLength(0);

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.lastTo(alice.email);
    const text = decoded(mail);
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(text).toContain(`${APP_URL}/city/${city.locationKey}/meeting/${meeting.id}?t=133`);
    expect(text).toContain("Alder Creek");
    expect(text).toContain("Regular meeting");
    expect(text).toMatch(/sidewalk repairs/);
    expect(unsubscribeTokenOf(mail)).toBe(search!.unsubscribeToken);

    await analyze(meeting.id, true);
    expect(await matchesOf(search!.id)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it("tells what a meeting decided, one line each with a link to the result's moment, escaped (issue 27)", async () => {
    const harbor = await createCity({ name: "Harbor Point", status: "Live" });
    const quietTown = await createCity({ name: "Quiet Town", status: "Live" });
    const lena = await member();
    const omar = await member();
    await save(lena, { q: "appointed staff" });
    await save(omar, { q: "sidewalk repairs", city: quietTown.locationKey });
    const hostile = `Raise <b>for</b> "staff" & <img src=x onerror=alert(1)>`;
    const decisions = DECISIONS.map((decision, index) => (index === 1 ? { ...decision, item: hostile } : decision));
    const decided = await createMeeting({
      cityId: harbor.id,
      title: "Harbor Point council",
      analysis: true,
      transcript: DECISIONS_TRANSCRIPT,
      made: { ...DECISIONS_MADE, analysis: { ...(DECISIONS_MADE.analysis as object), decisions } },
    });
    const quiet = await createMeeting({ cityId: quietTown.id, title: "Quiet meeting" });
    for (const meeting of [decided, quiet]) await queueAlertMatching(meeting.id);
    await drainQueues([QUEUES.alertMatch, QUEUES.alertMail]);

    // decoded() folds a line break before spaces into one space: lines are compared with their spaces folded too.
    const [text, html] = decoded(smtp.lastTo(lena.email)).split("Content-Type: text/html");
    const folded = (lines: string[]) => lines.join("\n").replace(/\n\s+/g, " ").trim();
    const at = `${APP_URL}/city/${harbor.locationKey}/meeting/${decided.id}?t=`;
    expect(text).toContain(
      folded([
        "  Decisions:",
        "  - Mayor's veto of the library branch budget amendment: Override the veto. Failed: veto sustained, 6-6 (roll call)",
        `    Result at 00:02:15: ${at}135`,
        `  - ${hostile}: Deny. Carried: denied, 8-4`,
        `    Result at 00:04:05: ${at}245`,
        "  - Consent agenda: Approve. Carried: approved (unanimous consent; 2 items)",
        `    Result at 00:05:20: ${at}320`,
      ]),
    );
    expect(html).toContain(
      `Mayor&#39;s veto of the library branch budget amendment: Override the veto. Failed: veto sustained, 6-6 (roll call) · <a href="${at}135" style="color:#0f766e">Result at 00:02:15</a>`,
    );
    expect(html).toContain(
      "Raise &#60;b&#62;for&#60;/b&#62; &#34;staff&#34; &#38; &#60;img src=x onerror=alert(1)&#62;: Deny. Carried: denied, 8-4",
    );
    expect(html).not.toContain("<b>for</b>");
    expect(html).not.toContain("<img");

    // The search's private feed says the same, as plain text.
    const [lenaSearch] = await searchesOf(lena);
    const file = `${lenaSearch!.feedToken}.atom`;
    const feed = await callLoader(feedLoader, `/alerts/feed/${file}`, { params: { file } });
    const [entry] = elementsNamed(parseXml(await feed.response!.text()), "entry");
    const content = elementsNamed(entry!, "content")[0]!;
    expect(content.attributes.type).toBe("text");
    expect(content.text).toContain(
      `\nDecisions:\n- Mayor's veto of the library branch budget amendment: Override the veto. Failed: veto sustained, 6-6 (roll call)\n  Result at 00:02:15: ${at}135\n- ${hostile}: Deny.`,
    );

    // A meeting that decided nothing on the record: the mail says nothing new.
    const quietMail = decoded(smtp.lastTo(omar.email));
    expect(quietMail).toContain("Quiet meeting");
    expect(quietMail).not.toContain("Decisions");
    expect(quietMail).not.toContain("Result at");
    const [omarSearch] = await searchesOf(omar);
    const quietFile = `${omarSearch!.feedToken}.atom`;
    const quietFeed = await callLoader(feedLoader, `/alerts/feed/${quietFile}`, { params: { file: quietFile } });
    const [quietEntry] = elementsNamed(parseXml(await quietFeed.response!.text()), "entry");
    expect(elementsNamed(quietEntry!, "content")).toEqual([]);
  });

  it("daily digests group every unsent match of a member into one e-mail", async () => {
    const city = await createCity({ status: "Live" });
    const carol = await member();
    await save(carol, { q: "sidewalk", frequency: "daily" });
    await save(carol, { q: "consent calendar", frequency: "daily" });
    await save(carol, { q: "investment report", frequency: "weekly" });
    const first = await createMeeting({ cityId: city.id, title: "First meeting" });
    const second = await createMeeting({ cityId: city.id, title: "Second meeting" });
    await analyze(first.id);
    await analyze(second.id);
    expect(smtp.messages).toHaveLength(0); // nothing at once

    const now = new Date();
    expect(await queueDueDigests(now)).toBe(2); // one daily, one weekly job
    await drainQueues([QUEUES.alertMail]);
    expect(smtp.messages).toHaveLength(2);
    const daily = decoded(smtp.messages.find((m) => /Daily digest/.test(decoded(m))));
    for (const words of ["“sidewalk”", "“consent calendar”", "First meeting", "Second meeting"])
      expect(daily).toContain(words);
    expect(daily).not.toContain("investment report”");
    const pending = await getTestDb().execute(
      sql`select count(*)::int as n from alert_matches where emailed_at is null`,
    );
    expect(rowsOf<{ n: number }>(pending)[0]!.n).toBe(0);

    // Nothing new: no second digest, today or tomorrow.
    expect(await queueDueDigests(new Date(now.getTime() + 25 * 3_600_000))).toBe(0);
    // A new match waits for the next day.
    const third = await createMeeting({ cityId: city.id, title: "Third meeting" });
    await analyze(third.id);
    expect(await queueDueDigests(new Date(now.getTime() + 3_600_000))).toBe(0);
    expect(await queueDueDigests(new Date(now.getTime() + 24 * 3_600_000))).toBe(1);
    await drainQueues([QUEUES.alertMail]);
    expect(smtp.messages).toHaveLength(3);
  });

  it("one meeting that matched two alerts is mailed once, and the subject counts it once", async () => {
    const city = await createCity({ status: "Live" });
    const kim = await member();
    await save(kim, { q: "sidewalk" });
    await save(kim, { q: "repairs" });
    await analyze((await createMeeting({ cityId: city.id, title: "Only meeting" })).id);
    expect(smtp.messages).toHaveLength(1);
    const text = decoded(smtp.lastTo(kim.email));
    expect(text).toMatch(/^Subject: 2 of your alerts came up in a meeting$/m);
    expect(text).toContain("“sidewalk”");
    expect(text).toContain("“repairs”");
  });

  it("the profile tells how many meetings each alert matched so far", async () => {
    const city = await createCity({ status: "Live" });
    const jane = await member();
    const other = await member();
    await save(jane, { q: "sidewalk", frequency: "weekly" });
    await save(jane, { q: "zoning variance" }); // never said
    await save(other, { q: "sidewalk" });
    await analyze((await createMeeting({ cityId: city.id, title: "First meeting" })).id);
    await analyze((await createMeeting({ cityId: city.id, title: "Second meeting" })).id);

    const page = await callLoader(profileLoader, "/profile", { headers: { Cookie: jane.cookie } });
    const counts = (page.data as { alerts: SavedSearchView[] }).alerts.map((a) => [a.query, a.matchCount]);
    expect(counts.sort()).toEqual([
      ["sidewalk", 2],
      ["zoning variance", 0],
    ]);
    const html = (await profileAlertsHtml(jane)).replace(/<!-- -->/g, "");
    expect(html).toContain("2 meetings so far");
    expect(html).toContain("0 meetings so far");
  });

  it("matches the source's body when the search names one", async () => {
    const city = await createCity({ status: "Live" });
    const source = await createCitySource(city.id);
    await getTestDb().execute(sql`update city_urls set body = 'school' where id = ${source.id}`);
    const dana = await member();
    await save(dana, { q: "sidewalk", body: "school" });
    await save(dana, { q: "consent calendar", body: "county" });
    const meeting = await createMeeting({ cityId: city.id, cityUrlsId: source.id });
    await analyze(meeting.id);
    const rows = await getTestDb()
      .select({ query: savedSearches.query })
      .from(alertMatches)
      .innerJoin(savedSearches, eq(savedSearches.id, alertMatches.savedSearchId));
    expect(rows.map((r) => r.query)).toEqual(["sidewalk"]);
  });

  it("matches the body of any source that lists the meeting (issue 26, item 3)", async () => {
    const city = await createCity({ status: "Live" });
    const council = await createCitySource(city.id, { title: "Council uploads", body: "city" });
    const board = await createCitySource(city.id, { title: "School board playlist", body: "school" });
    const dana = await member();
    await save(dana, { q: "sidewalk", body: "school" });
    await save(dana, { q: "sidewalk repairs", body: "city" });
    await save(dana, { q: "consent calendar", body: "county" });
    const meeting = await createMeeting({ cityId: city.id, cityUrlsId: council.id });
    await getTestDb().insert(cityVideoSources).values({ cityVideoId: meeting.id, cityUrlId: board.id });
    await analyze(meeting.id);
    const rows = await getTestDb()
      .select({ query: savedSearches.query })
      .from(alertMatches)
      .innerJoin(savedSearches, eq(savedSearches.id, alertMatches.savedSearchId));
    expect(rows.map((r) => r.query).sort()).toEqual(["sidewalk", "sidewalk repairs"]);
  });

  it("unsubscribes without a session: GET changes nothing, POST turns the alert off", async () => {
    const city = await createCity({ status: "Live" });
    const erin = await member();
    await save(erin, { q: "sidewalk repairs" });
    await analyze((await createMeeting({ cityId: city.id })).id);
    const token = unsubscribeTokenOf(smtp.lastTo(erin.email));
    const path = `/alerts/unsubscribe/${token}`;

    const page = await callLoader(unsubscribeLoader, path, { params: { token } });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(page.data).toMatchObject({ done: false, alerts: [{ query: "sidewalk repairs", active: true }] });
    expect((await searchesOf(erin))[0]!.active).toBe(true);

    // A mail client's one-click POST (RFC 8058): no cookie, its own body.
    const done = await callAction(unsubscribeAction, path, { "List-Unsubscribe": "One-Click" }, { params: { token } });
    expect(done.data).toMatchObject({ done: true, alerts: [{ query: "sidewalk repairs", active: false }] });
    expect((await searchesOf(erin))[0]!.active).toBe(false);

    // Off: the next matching meeting is recorded for the feed, but not mailed.
    await analyze((await createMeeting({ cityId: city.id })).id);
    expect(smtp.messages).toHaveLength(1);

    const unknown = await callLoader(unsubscribeLoader, "/alerts/unsubscribe/x", {
      params: { token: "nope-nope-nope-nope-nope" },
    });
    expect(unknown.status).toBe(404);
  });

  it("retries an alert e-mail while the mail server is down, and sends it once", async () => {
    const city = await createCity({ status: "Live" });
    const frank = await member();
    await save(frank, { q: "sidewalk repairs" });
    const port = smtp.port;
    await smtp.close();
    try {
      await ensureAnalysisQueued((await createMeeting({ cityId: city.id })).id);
      await runNextJob(QUEUES.analysis);
      await runNextJob(QUEUES.alertMatch);
      const failed = await runNextJob(QUEUES.alertMail);
      expect(failed?.error).toBeDefined();
      const [search] = await searchesOf(frank);
      expect((await matchesOf(search!.id))[0]!.emailedAt).toBeNull();
    } finally {
      smtp = await startSmtpListener({ port });
    }
    let sent = null;
    for (let i = 0; i < 50 && !sent; i++) {
      sent = await runNextJob(QUEUES.alertMail);
      if (!sent) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sent?.output).toEqual({ outcome: "mailed", matches: 1 });
    expect(await runNextJob(QUEUES.alertMail)).toBeNull();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.lastTo(frank.email)).toBeDefined();
  });

  it("a member can neither read nor change another member's alerts", async () => {
    const alice = await member();
    const mallory = await member();
    await save(alice, { q: "budget" });
    const [target] = await searchesOf(alice);

    for (const fields of [
      { intent: "turn-off", id: target!.id },
      { intent: "set-frequency", id: target!.id, frequency: "weekly" },
      { intent: "delete", id: target!.id },
    ]) {
      const result = await callAction(alertsAction, "/alerts", fields, { headers: { Cookie: mallory.cookie } });
      expect(result.status).toBe(302);
    }
    expect(await searchesOf(alice)).toMatchObject([{ id: target!.id, active: true, frequency: "immediate" }]);
    const page = await callLoader(profileLoader, "/profile", { headers: { Cookie: mallory.cookie } });
    expect((page.data as { alerts: unknown[] }).alerts).toEqual([]);
    const own = await callLoader(profileLoader, "/profile", { headers: { Cookie: alice.cookie } });
    expect((own.data as { alerts: { query: string }[] }).alerts.map((a) => a.query)).toEqual(["budget"]);

    // The owner can.
    await callAction(
      alertsAction,
      "/alerts",
      { intent: "turn-off", id: target!.id },
      { headers: { Cookie: alice.cookie } },
    );
    expect((await searchesOf(alice))[0]!.active).toBe(false);
    await callAction(
      alertsAction,
      "/alerts",
      { intent: "delete", id: target!.id },
      { headers: { Cookie: alice.cookie } },
    );
    expect(await searchesOf(alice)).toEqual([]);

    // A visitor cannot save or change at all.
    const visitor = await callAction(alertsAction, "/alerts", { intent: "save-search", q: "budget" });
    expect(visitor.status).toBe(302);
    expect(visitor.response?.headers.get("Location")).toMatch(/^\/auth/);
  });

  it(`refuses more than ${MAX_SAVED_SEARCHES} saved searches, and searches with no words`, async () => {
    const gina = await member();
    await getTestDb()
      .insert(savedSearches)
      .values(
        Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => ({
          userId: gina.id,
          query: `word${i}`,
          unsubscribeToken: `unsubscribe-token-${i}-xxxxxxxx`,
          feedToken: `feed-token-${i}-xxxxxxxxxxxxxxx`,
        })),
      );
    const refused = await save(gina, { q: "one more" });
    expect(refused.status).toBe(302);
    expect(await searchesOf(gina)).toHaveLength(MAX_SAVED_SEARCHES);
    const henry = await member();
    await save(henry, { q: "the and of" });
    await save(henry, { q: "-budget" });
    expect(await searchesOf(henry)).toHaveLength(0);
  });

  it("serves a search's private Atom feed: well-formed, escaped, linking to the second", async () => {
    const city = await createCity({ name: `Oak <&> "Creek"`, status: "Live" });
    const ivy = await member();
    await save(ivy, { q: `sidewalk <repairs>` });
    await analyze((await createMeeting({ cityId: city.id, title: `Budget & <Parks>` })).id);
    const [search] = await searchesOf(ivy);
    const file = `${search!.feedToken}.atom`;
    const result = await callLoader(feedLoader, `/alerts/feed/${file}`, { params: { file } });
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    expect(result.headers.get("Cache-Control")).toContain("private");
    const xml = await result.response!.text();
    const feed = parseXml(xml);
    expect(feed.name).toBe("feed");
    expect(feed.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
    const entries = elementsNamed(feed, "entry");
    expect(entries).toHaveLength(1);
    const link = elementsNamed(entries[0]!, "link")[0]!;
    expect(link.attributes.href).toMatch(
      new RegExp(`^${APP_URL}/city/${city.locationKey}/meeting/[0-9a-f-]+\\?t=133$`),
    );
    expect(elementsNamed(entries[0]!, "title")[0]!.text).toContain(`Oak <&> "Creek": Budget & <Parks>`);
    expect(elementsNamed(feed, "title")[0]!.text).toContain("sidewalk <repairs>");

    for (const bad of [
      "unknown-token-unknown-token.atom",
      `${search!.feedToken}.xml`,
      `${search!.unsubscribeToken}.atom`,
    ]) {
      const missing = await callRoute(feedLoader, {
        request: new Request(`${TEST_ORIGIN}/alerts/feed/${bad}`),
        params: { file: bad },
      });
      expect(missing.status).toBe(404);
    }
  });
});
