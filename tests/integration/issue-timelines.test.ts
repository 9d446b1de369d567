import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cityUrls, cityVideoSources, trackedIssues } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { runNextJob } from "~/lib/jobs/worker.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { parseStoredIssueSummary } from "~/lib/issues/summary";
import { regenerateIssueSummary } from "~/lib/issues/regenerate.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/issues";
import { action as cityManagementAction } from "~/routes/admin/city-management";
import { loader as issueLoader } from "~/routes/city/issue";
import { loader as issuesLoader } from "~/routes/city/issues";
import { loader as feedLoader } from "~/routes/city/issue-feed";
import { callAction, callLoader, dbTag, execSql, getTestDb, TEST_ORIGIN, truncateAllTables } from "../setup";
import { createCity, createCitySource, createMeeting, createSignedInUser } from "../support/factories";
import { elementsNamed, parseXml } from "../support/xml";
import { useFakeModel } from "../support/fake-openai-server";
import { fakeModelPerFile } from "../support/fake-model-hooks";

/**
 * Issue timelines end to end through the route modules and the job: the
 * admin curation (refused to visitors and members), the timeline of the
 * matching meetings newest first with its chips, the summary that cites
 * only timeline meetings, its regeneration when a new meeting joins, and
 * the Atom feed.
 */

const KEY = "riverton";
const QUERY = "riverside rezoning";

const fakeModel = fakeModelPerFile();

let admin: { cookie: string };
let member: { cookie: string };
let cityId: string;
let otherCityId: string;
let sources: Record<"city" | "school" | "county" | "unknown", string>;

/** A timed transcript of `minutes` minutes, `hits` lines of which discuss the issue. */
function transcript(minutes: number, hits: number, extra = ""): string {
  const lines: string[] = [];
  for (let minute = 0; minute < minutes; minute++) {
    const clock = `00:${String(minute).padStart(2, "0")}:00`;
    const text =
      minute < hits
        ? `The riverside rezoning ${extra} needs another look at the parking and the flood maps before any vote.`
        : `Item ${minute} is the consent calendar about street sweeping and library hours for the fall.`;
    lines.push(`[${clock}] COUNCILMEMBER DIAZ: ${text}`);
  }
  return lines.join("\n");
}

const ANALYSIS = (extra: string) => ({
  summary: `The board discussed the riverside rezoning ${extra}. It set a hearing.`,
  highlights: [
    {
      timestamp: "00:00:00",
      point_of_interest: "Riverside rezoning debate",
      quotes: [{ text: "The riverside rezoning needs another look", speaker: "COUNCILMEMBER DIAZ" }],
    },
    { timestamp: "00:05:00", point_of_interest: "Street sweeping", quotes: [{ text: "Item 5", speaker: "X" }] },
  ],
  action_items: [
    { description: "Schedule the riverside rezoning hearing", responsible_party: "Clerk", due_date: null },
  ],
  entities: [],
});

async function meeting(source: keyof typeof sources, date: string, hits: number, city = cityId) {
  return createMeeting({
    cityId: city,
    cityUrlsId: sources[source],
    title: `${source} meeting ${date}`,
    transcript: transcript(20, hits, source),
    publishedAt: new Date(`${date}T18:00:00Z`),
    analysis: true,
    made: { provider: "seed", analysis: ANALYSIS(source) },
  });
}

const issueFields = (overrides: Record<string, string | string[]> = {}) => ({
  intent: "create",
  issueKey: "riverside-rezoning",
  title: "Riverside rezoning",
  query: QUERY,
  cityIds: [cityId],
  ...overrides,
});

async function issueRows() {
  return getTestDb().select().from(trackedIssues);
}

async function createIssueRow(overrides: Partial<typeof trackedIssues.$inferInsert> = {}) {
  const [row] = await getTestDb()
    .insert(trackedIssues)
    .values({
      issueKey: "riverside-rezoning",
      title: "Riverside rezoning",
      query: QUERY,
      cityIds: [cityId],
      ...overrides,
    })
    .returning();
  return row!;
}

const timeline = (query = "") =>
  callLoader(issueLoader, `/city/${KEY}/issues/riverside-rezoning${query}`, {
    params: { locationKey: KEY, issueKey: "riverside-rezoning" },
  });

type TimelineData = {
  total: number;
  counts: Record<string, number>;
  items: {
    id: string;
    title: string;
    body: string | null;
    bodies: string[];
    importance: string;
    quotes: unknown[];
    passages: unknown[];
  }[];
};

beforeAll(async () => {
  await getBoss();
});

afterAll(async () => {
  await stopBoss();
});

beforeEach(async () => {
  await truncateAllTables();
  await (await getBoss()).clearStorage();
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
  cityId = (await createCity({ name: "Riverton", locationKey: KEY, status: "Live" })).id;
  otherCityId = (await createCity({ name: "Elsewhere", status: "Live" })).id;
  sources = {
    city: (await createCitySource(cityId, { title: "Riverton City Council", body: "city" })).id,
    school: (await createCitySource(cityId, { title: "Riverton School Board", body: "school" })).id,
    county: (await createCitySource(cityId, { title: "Riverton County Board", body: "county" })).id,
    unknown: (await createCitySource(cityId, { title: "Other videos" })).id,
  };
});

describe(`admin curation ${dbTag}`, () => {
  it("refuses visitors and members: forged posts change nothing", async () => {
    const existing = await createIssueRow();
    const posts = [
      issueFields({ issueKey: "forged" }),
      { ...issueFields({ title: "Hijacked" }), intent: "update", id: existing.id },
      { intent: "delete", id: existing.id },
    ];
    for (const cookie of [null, member.cookie]) {
      for (const fields of posts) {
        const result = await callAction(adminAction, "/admin/issues", fields, {
          headers: cookie ? { Cookie: cookie } : {},
        });
        expect(result.thrown).toBe(true);
        expect(result.status).toBe(cookie ? 403 : 401);
      }
      const loaded = await callLoader(adminLoader, "/admin/issues", { headers: cookie ? { Cookie: cookie } : {} });
      expect(loaded.status).toBe(cookie ? 403 : 401);
    }
    const rows = await issueRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ issueKey: "riverside-rezoning", title: "Riverside rezoning" });
  });

  it("lets an admin create, edit and delete an issue, validated on the server, and queues its summary", async () => {
    const as = { headers: { Cookie: admin.cookie } };
    const bad = await callAction(adminAction, "/admin/issues", issueFields({ issueKey: "Not A Key", cityIds: [] }), as);
    expect(bad.status).toBe(400);
    expect(await issueRows()).toHaveLength(0);

    const created = await callAction(adminAction, "/admin/issues", issueFields({ bodies: ["school", "city"] }), as);
    expect(created.status).toBe(302);
    const [row] = await issueRows();
    expect(row).toMatchObject({
      issueKey: "riverside-rezoning",
      query: QUERY,
      cityIds: [cityId],
      bodies: ["city", "school"],
    });
    const jobs = await execSql<{ data: { issueId?: string } }>("select data from pgboss.job where name = $1", [
      QUEUES.issueSummary,
    ]);
    expect(jobs.map((job) => job.data.issueId)).toContain(row!.id);

    const taken = await callAction(adminAction, "/admin/issues", issueFields(), as);
    expect(taken.status).toBe(409);

    const edited = await callAction(
      adminAction,
      "/admin/issues",
      { ...issueFields({ title: "Riverside rezoning, phase 2" }), intent: "update", id: row!.id },
      as,
    );
    expect(edited.status).toBe(302);
    expect((await issueRows())[0]!.title).toBe("Riverside rezoning, phase 2");

    const deleted = await callAction(adminAction, "/admin/issues", { intent: "delete", id: row!.id }, as);
    expect(deleted.status).toBe(302);
    expect(await issueRows()).toHaveLength(0);
  });
});

describe(`a source's body in City Management ${dbTag}`, () => {
  it("is set by the URL form, blank meaning unknown, and validated", async () => {
    const post = (body: string) =>
      callAction(
        cityManagementAction,
        "/admin/city-management",
        {
          intent: "update-url",
          cityId,
          urlId: sources.unknown,
          url: "https://www.youtube.com/playlist?list=PLbody",
          title: "Other videos",
          sourceType: "school_district",
          entityType: "Government",
          body,
        },
        { headers: { Cookie: admin.cookie } },
      );
    const bodyOf = async () =>
      (await getTestDb().select().from(cityUrls).where(eq(cityUrls.id, sources.unknown)))[0]!.body;
    await post("school");
    expect(await bodyOf()).toBe("school");
    const refused = await post("parliament");
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await bodyOf()).toBe("school");
    await post("");
    expect(await bodyOf()).toBeNull();
  });
});

describe(`the timeline ${dbTag}`, () => {
  it("lists the matching meetings newest first, with chips that hide bodies by link", async () => {
    const old = await meeting("city", "2026-01-10", 6);
    const school = await meeting("school", "2026-03-02", 1);
    const county = await meeting("county", "2026-02-14", 2);
    const unknown = await meeting("unknown", "2026-04-01", 1);
    await createMeeting({ cityId, cityUrlsId: sources.city, title: "Unrelated", transcript: transcript(20, 0) });
    await meeting("city", "2026-05-01", 3, otherCityId); // another city: not in this issue
    await createIssueRow();

    const all = await timeline();
    expect(all.status).toBe(200);
    expect(all.headers.get("Cache-Control")).toContain("public");
    const data = all.data as TimelineData;
    expect(data.items.map((item) => item.id)).toEqual([unknown.id, school.id, county.id, old.id]);
    expect(data.counts).toEqual({ city: 1, school: 1, county: 1 });
    const first = data.items.find((item) => item.id === old.id)!;
    expect(first.importance).toBe("high"); // 6 of 20 minutes
    expect(data.items.find((item) => item.id === school.id)!.importance).toBe("medium"); // 1 of 20
    expect(first.quotes).toEqual([
      expect.objectContaining({ text: "The riverside rezoning needs another look", timestamp: "00:00:00" }),
    ]);
    expect(first.passages.length).toBeGreaterThan(0);

    const filtered = (await timeline("?hide=school,county")).data as TimelineData;
    expect(filtered.items.map((item) => item.id)).toEqual([unknown.id, old.id]);
    expect(filtered.counts).toEqual({ city: 1, school: 1, county: 1 });

    const list = await callLoader(issuesLoader, `/city/${KEY}/issues`, { params: { locationKey: KEY } });
    expect((list.data as { issues: { issueKey: string }[] }).issues.map((issue) => issue.issueKey)).toEqual([
      "riverside-rezoning",
    ]);
  });

  it("keeps to the issue's bodies, and is not found in a city the issue does not follow", async () => {
    await meeting("city", "2026-01-10", 2);
    const school = await meeting("school", "2026-03-02", 1);
    await createIssueRow({ bodies: ["school"] });
    const data = (await timeline()).data as TimelineData;
    expect(data.items.map((item) => item.id)).toEqual([school.id]);

    const elsewhere = await callLoader(issueLoader, "/city/elsewhere/issues/riverside-rezoning", {
      params: {
        locationKey: (
          await execSql<{ location_key: string }>("select location_key from cities where id = $1", [otherCityId])
        )[0]!.location_key,
        issueKey: "riverside-rezoning",
      },
    });
    expect(elsewhere.status).toBe(404);
  });

  it("a meeting listed by a city source and a school source is of both bodies (issue 26, item 3)", async () => {
    const both = await meeting("city", "2026-03-02", 2);
    await getTestDb().insert(cityVideoSources).values({ cityVideoId: both.id, cityUrlId: sources.school });
    const county = await meeting("county", "2026-02-14", 1);
    await createIssueRow();
    const data = (await timeline()).data as TimelineData;
    expect(data.items.map((item) => item.id)).toEqual([both.id, county.id]);
    expect(data.counts).toEqual({ city: 1, school: 1, county: 1 });
    expect(data.items[0]!.bodies).toEqual(["city", "school"]);
    // Hidden only when every one of its bodies is.
    expect(((await timeline("?hide=school")).data as TimelineData).items.map((item) => item.id)).toEqual([
      both.id,
      county.id,
    ]);
    expect(((await timeline("?hide=city,school")).data as TimelineData).items.map((item) => item.id)).toEqual([
      county.id,
    ]);
    // An issue that follows the school board finds it through its second source.
    await getTestDb()
      .update(trackedIssues)
      .set({ bodies: ["school"] });
    expect(((await timeline()).data as TimelineData).items.map((item) => item.id)).toEqual([both.id]);
  });
});

describe(`the summary ${dbTag}`, () => {
  it("cites only meetings of the timeline", async () => {
    const a = await meeting("city", "2026-01-10", 3);
    const b = await meeting("school", "2026-03-02", 2);
    const outside = await meeting("city", "2026-05-01", 3, otherCityId);
    const issue = await createIssueRow();
    const done = await regenerateIssueSummary(issue.id);
    expect(done).not.toBeNull();
    const [row] = await issueRows();
    const summary = parseStoredIssueSummary(row!.summary)!;
    expect(summary).not.toBeNull();
    expect(row!.summaryProvider).toMatch(/^offline/);
    expect(new Set(row!.summaryMeetingIds)).toEqual(new Set([a.id, b.id]));
    const cited = [
      ...summary.key_developments.map((d) => d.meeting_id),
      ...summary.next_steps.map((s) => s.meeting_id),
      ...summary.sources.map((s) => s.meeting_id),
      ...(summary.current_status?.meeting_ids ?? []),
    ];
    expect(cited.length).toBeGreaterThan(0);
    for (const id of cited) expect([a.id, b.id]).toContain(id);
    expect(cited).not.toContain(outside.id);
    expect(summary.key_developments.map((d) => d.date)).toEqual(["2026-03-02", "2026-01-10"]);
    expect(summary.key_developments[0]).toMatchObject({ body: "school", entity: "Riverton School Board" });
  });

  it("from a model: drops the claims that cite meetings outside the timeline, and takes dates from the meetings", async () => {
    const a = await meeting("city", "2026-01-10", 3);
    const b = await meeting("school", "2026-03-02", 2);
    const issue = await createIssueRow();
    useFakeModel(fakeModel());
    fakeModel().script({
      kind: "json",
      body: {
        title: "Riverside rezoning",
        current_status: { text: "A hearing is set.", meetings: ["M1"] },
        key_developments: [
          { meeting: "M1", summary: "The school board weighed in." },
          { meeting: "M2", summary: "The council debated it." },
          { meeting: "M3", summary: "A meeting that never happened approved it." },
        ],
        next_steps: [
          { meeting: "M2", text: "Schedule the hearing." },
          { meeting: "M42", text: "Invented step." },
        ],
        confidence_score: 0.8,
      },
    });
    await regenerateIssueSummary(issue.id);
    const [row] = await issueRows();
    expect(row!.summaryProvider).toMatch(/^openai-compatible/);
    const summary = parseStoredIssueSummary(row!.summary)!;
    expect(summary.dropped_claims).toBe(2);
    expect(summary.key_developments).toEqual([
      expect.objectContaining({
        meeting_id: b.id,
        date: "2026-03-02",
        body: "school",
        summary: "The school board weighed in.",
      }),
      expect.objectContaining({
        meeting_id: a.id,
        date: "2026-01-10",
        body: "city",
        summary: "The council debated it.",
      }),
    ]);
    expect(summary.next_steps).toEqual([{ meeting_id: a.id, text: "Schedule the hearing." }]);
    expect(summary.current_status).toEqual({ text: "A hearing is set.", meeting_ids: [b.id] });
    const prompt = JSON.stringify(fakeModel().requests[0]?.body ?? "");
    expect(prompt).toContain("[M1]");
    expect(prompt).toContain("[M2]");
  });

  it("is regenerated by the job when a newly analyzed meeting joins the timeline", async () => {
    await meeting("city", "2026-01-10", 3);
    const issue = await createIssueRow();
    await regenerateIssueSummary(issue.id);
    const fresh = await createMeeting({
      cityId,
      cityUrlsId: sources.county,
      title: "County hearing",
      transcript: transcript(20, 4, "county hearing"),
      publishedAt: new Date("2026-06-01T18:00:00Z"),
    });
    const boss = await getBoss();
    await boss.send(QUEUES.analysis, {
      cityVideoId: fresh.id,
      requestedBy: null,
      mode: "manual",
      basedOnRevisionId: null,
    });
    const analyzed = await runNextJob(QUEUES.analysis);
    expect(analyzed?.output).toMatchObject({ outcome: "written" });
    const summarized = await runNextJob(QUEUES.issueSummary);
    expect(summarized?.output).toEqual({ outcome: "summarized", issues: 1 });
    const [row] = await issueRows();
    expect(row!.summaryMeetingIds).toContain(fresh.id);
    const summary = parseStoredIssueSummary(row!.summary)!;
    expect(summary.key_developments[0]).toMatchObject({ meeting_id: fresh.id, body: "county", date: "2026-06-01" });
  });

  it("leaves issues alone when the analyzed meeting is not on their timeline", async () => {
    const issue = await createIssueRow();
    const unrelated = await createMeeting({ cityId, cityUrlsId: sources.city, transcript: transcript(20, 0) });
    const boss = await getBoss();
    await boss.send(QUEUES.issueSummary, { cityVideoId: unrelated.id });
    expect((await runNextJob(QUEUES.issueSummary))?.output).toEqual({ outcome: "summarized", issues: 0 });
    const [row] = await getTestDb().select().from(trackedIssues).where(eq(trackedIssues.id, issue.id));
    expect(row!.summaryGeneratedAt).toBeNull();
  });
});

describe(`the Atom feed ${dbTag}`, () => {
  it("is well-formed Atom with one entry per timeline meeting, everything escaped", async () => {
    const hostile = await createMeeting({
      cityId,
      cityUrlsId: sources.city,
      title: `Riverside <script>alert("x")</script> & "rezoning"`,
      transcript: transcript(20, 2, "<b>&amp;</b>"),
      publishedAt: new Date("2026-02-01T18:00:00Z"),
    });
    await meeting("school", "2026-03-02", 1);
    await createIssueRow();
    const result = await callLoader(feedLoader, `/city/${KEY}/issues/riverside-rezoning/feed.atom`, {
      params: { locationKey: KEY, issueKey: "riverside-rezoning" },
    });
    expect(result.status).toBe(200);
    expect(result.response!.headers.get("Content-Type")).toContain("application/atom+xml");
    const xml = await result.response!.text();
    const feed = parseXml(xml);
    expect(feed.name).toBe("feed");
    const entries = elementsNamed(feed, "entry");
    expect(entries).toHaveLength(2);
    expect(xml).not.toContain("<script>");
    const titles = entries.map((entry) => elementsNamed(entry, "title")[0]!.text);
    expect(titles).toContain(`Riverside <script>alert("x")</script> & "rezoning"`);
    const links = entries.map((entry) => elementsNamed(entry, "link")[0]!.attributes.href);
    expect(links).toContain(`${new URL(links[1]!).origin}/city/${KEY}/meeting/${hostile.id}?t=0`);
  });
});
