import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { matchCityAgendas } from "~/lib/alerts/agenda-matching.server";
import { queueAlertMatching, queueDueDigests } from "~/lib/alerts/mail.server";
import { alertMatches, legistarEventVideos, savedSearches } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { drainQueues } from "~/lib/jobs/index.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { action as alertsAction } from "~/routes/alerts/index";
import { loader as feedLoader } from "~/routes/alerts/feed";
import { callAction, callLoader, dbTag, getTestDb, TEST_ORIGIN, truncateAllTables } from "../setup";
import { createCity, createMeeting, createSignedInUser } from "../support/factories";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { createLegislativeRecord } from "../support/legistar-factories";
import { startSmtpListener } from "../support/smtp-listener";
import { elementsNamed, parseXml } from "../support/xml";

/**
 * Saved searches matched against upcoming agendas (issue 29, deliverable 7;
 * docs/decisions/0080): Maple Falls' City Council meets on Tuesday, Dec 8,
 * 2026 (event 903) with item 4.1, "A resolution awarding the Elm Street
 * paving contract" (RES 2026-88); the Nov 17 meeting (902), already held,
 * had the same matter. Mailed through the alert-mail job to a real SMTP
 * listener, and in the search's Atom feed.
 */

const legistar = fakeLegistarPerTest();
const APP_URL = "https://gavel.example";
const NOW = new Date("2026-11-18T12:00:00Z");
const LATER = new Date("2026-11-19T12:00:00Z");
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;

beforeAll(async () => {
  smtp = await startSmtpListener();
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = APP_URL;
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

async function save(who: Member, fields: Record<string, string>) {
  const saved = await callAction(
    alertsAction,
    "/alerts",
    { intent: "save-search", ...fields },
    { headers: { Cookie: who.cookie } },
  );
  expect(saved.status).toBe(302);
  const [search] = await getTestDb().select().from(savedSearches).where(eq(savedSearches.userId, who.id));
  return search!;
}

async function matchesOf(searchId: string) {
  return getTestDb().select().from(alertMatches).where(eq(alertMatches.savedSearchId, searchId));
}

/** A mail's text with quoted-printable soft breaks and escapes undone. */
function decoded(raw: string | undefined): string {
  const unfolded = (raw ?? "").replace(/\r?\n[ \t]+/g, " ").replace(/=\r?\n/g, "");
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

async function mapleFalls(status: "Live" | "Test" = "Live") {
  const city = await createCity({ name: "Maple Falls", status });
  await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
  return city;
}

describe(`alerts on upcoming agendas (${dbTag})`, () => {
  it("alerts a matching search once per event, mailed and in the feed, however the agenda changes", async () => {
    const city = await mapleFalls();
    const ann = await member();
    const ben = await member();
    const cal = await member();
    const anns = await save(ann, { q: "paving contract", city: city.locationKey });
    const bens = await save(ben, { q: "paving -elm" }); // the item names Elm Street
    const cals = await save(cal, { q: "paving", body: "school" }); // the city's record is no school board's

    expect((await syncLegislativeRecord(city.id, { now: NOW })).error).toBeNull();
    const [match, ...more] = await matchesOf(anns.id);
    expect(more).toEqual([]);
    expect(match).toMatchObject({
      cityVideoId: null,
      cityId: city.id,
      eventLegistarId: 903,
      passage: "Item 4.1: A resolution awarding the Elm Street paving contract (RES 2026-88)",
      speaker: null,
      startSeconds: null,
    });
    expect(await matchesOf(bens.id)).toEqual([]);
    expect(await matchesOf(cals.id)).toEqual([]);

    await drainQueues([QUEUES.alertMail]);
    expect(smtp.messages).toHaveLength(1);
    const text = decoded(smtp.lastTo(ann.email)?.raw);
    expect(text).toMatch(/^Subject: =\?UTF-8\?|^Subject: .*is on an upcoming agenda/m);
    expect(text).toContain("is on an upcoming agenda");
    expect(text).toContain("Maple Falls — On the agenda of Tuesday's City Council (Tuesday, Dec 8, 2026");
    expect(text).toContain("“Item 4.1: A resolution awarding the Elm Street paving contract (RES 2026-88)”");
    expect(text).toContain(`Agenda: ${APP_URL}/city/${city.locationKey}/events/903#official-agenda`);
    expect((await matchesOf(anns.id))[0]!.emailedAt).not.toBeNull();

    // The clerk rewords the item: the agenda changed, the search was already told.
    const item = legistar.clients.maplefalls!.eventItems![903]![0]!;
    item.EventItemTitle = "Amended: awarding the Elm Street paving contract";
    item.EventItemLastModifiedUtc = "2026-11-19T08:00:00.000";
    const resync = await syncLegislativeRecord(city.id, { now: LATER });
    expect(resync.written.eventItems).toBeGreaterThan(0);
    await drainQueues([QUEUES.alertMail]);
    expect(await matchesOf(anns.id)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);

    const file = `${anns.feedToken}.atom`;
    const feed = await callLoader(feedLoader, `/alerts/feed/${file}`, { params: { file } });
    const [entry, ...others] = elementsNamed(parseXml(await feed.response!.text()), "entry");
    expect(others).toEqual([]);
    expect(elementsNamed(entry!, "title")[0]!.text).toBe(
      "Maple Falls: On the agenda of Tuesday's City Council (Tuesday, Dec 8, 2026, 6:30 PM CST)",
    );
    expect(elementsNamed(entry!, "link")[0]!.attributes.href).toBe(
      `${APP_URL}/city/${city.locationKey}/events/903#official-agenda`,
    );
  });

  it("leaves the meeting's transcript an alert of its own once its video is linked and analyzed", async () => {
    const city = await mapleFalls();
    const ann = await member();
    const anns = await save(ann, { q: "paving contract" });
    await syncLegislativeRecord(city.id, { now: NOW });
    await drainQueues([QUEUES.alertMail]);

    const meeting = await createMeeting({
      cityId: city.id,
      title: "City Council",
      publishedAt: new Date("2026-12-08T21:00:00-06:00"),
      transcript: "[00:12:05] MAYOR LIND: Item 4.1, the Elm Street paving contract. Is there a motion?",
    });
    await syncLegislativeRecord(city.id, { now: new Date("2026-12-09T12:00:00Z") });
    const [link] = await getTestDb()
      .select()
      .from(legistarEventVideos)
      .where(eq(legistarEventVideos.cityVideoId, meeting.id));
    expect(link?.eventLegistarId).toBe(903);
    await queueAlertMatching(meeting.id);
    await drainQueues([QUEUES.alertMatch, QUEUES.alertMail]);

    const matches = await matchesOf(anns.id);
    expect(matches.map((row) => [row.eventLegistarId, row.cityVideoId, row.startSeconds])).toEqual(
      expect.arrayContaining([
        [903, null, null],
        [null, meeting.id, 725],
      ]),
    );
    expect(matches).toHaveLength(2);
    expect(smtp.messages).toHaveLength(2);
    expect(decoded(smtp.messages[1]!.raw)).toContain("came up in a meeting");
  });

  it("waits for a daily digest, and never matches a city that is not Live, a past meeting or a demo record", async () => {
    const city = await mapleFalls();
    const hidden = await mapleFalls("Test");
    const demo = await createCity({ name: "Lake Wendell", status: "Live" });
    await saveLegislativeSource(demo.id, { clientId: "demo-lake-wendell", timeZone: "America/Chicago" });
    await createLegislativeRecord(demo.id, {
      events: [{ id: 990, body: "City Council", date: "2026-12-10", items: [{ id: 9901, title: "Paving contract" }] }],
    });
    const dee = await member();
    const dees = await save(dee, { q: "paving", frequency: "daily" });

    // Nov 17's meeting (902) had the paving resolution too: held already, it is not an upcoming agenda.
    await syncLegislativeRecord(city.id, { now: NOW });
    await syncLegislativeRecord(hidden.id, { now: NOW });
    expect(await matchCityAgendas(demo.id, NOW)).toBe(0);
    const matches = await matchesOf(dees.id);
    expect(matches.map((row) => [row.cityId, row.eventLegistarId])).toEqual([[city.id, 903]]);
    await drainQueues([QUEUES.alertMail]);
    expect(smtp.messages).toHaveLength(0);

    expect(await queueDueDigests(LATER)).toBe(1);
    await drainQueues([QUEUES.alertMail]);
    expect(smtp.messages).toHaveLength(1);
    expect(decoded(smtp.lastTo(dee.email)?.raw)).toContain("Daily digest: “paving” is on an upcoming agenda");
  });
});
