import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLegislativeRecords } from "#demo/legislative";
import { storeDemoLegislativeRecord } from "#demo/seed.server";
import { exampleRequests } from "~/lib/api/examples";
import { API_RATE_LIMIT } from "~/lib/api/limits";
import { EXAMPLES, openApiDocument, type OpenApiDocument } from "~/lib/api/openapi";
import { createUser } from "~/lib/auth/users.server";
import { analysisRevisions, cities, cityVideos, trackedIssues } from "~/lib/db/schema";
import { appUrl } from "~/lib/env/env.server";
import { requestBodyGate } from "~/lib/http/body-gate.server";
import { CLIENT_IP_HEADER } from "~/lib/http/client-ip.server";
import { storeTranscript } from "~/lib/transcripts/store.server";
import { dbTag, getTestDb } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import { API_BASE as BASE, API_ROUTES as ROUTES, callApi, documentSchemas, type ApiResult } from "../support/open-api";

/**
 * The open API (docs/decisions/0043-feeds-and-api.md): every path of its
 * OpenAPI document answers as documented with the document's own examples;
 * cursor paging; CORS; the rate limit; Live cities only; nothing private.
 */

const SECRET_PHRASE = "zeppelin hangar lease";

let ipSequence = 0;
/** A client address of its own, so that tests do not share a rate limit. */
function freshIp(): string {
  return `203.0.113.${++ipSequence}`;
}
let defaultIp = freshIp();

/** Calls the route for a URL under /api/v1 (path and query), as the router would. */
function api(path: string, headers: Record<string, string> = {}): Promise<ApiResult> {
  return callApi(path, defaultIp, headers);
}

let document: OpenApiDocument;
const ids = { liveMeetings: [] as string[], secretMeeting: "", userId: "" };

beforeAll(async () => {
  document = openApiDocument(appUrl());
  const example = await createCity({ name: "Alder Creek", locationKey: EXAMPLES.locationKey, status: "Live" });
  const other = await createCity({ name: "Brookport", locationKey: "brookport", status: "Live" });
  const secret = await createCity({ name: "Secretville", locationKey: "secretville", status: "Archive" });
  await createCity({ name: "Newtown", locationKey: "newtown", status: "New" });
  // The example city's official record, the demo's (the document's record examples are its ids).
  const record = demoLegislativeRecords("2026-12-07").find((candidate) => candidate.cityKey === EXAMPLES.locationKey)!;
  await storeDemoLegislativeRecord(example.id, record);

  // The document's example meeting, with a transcript that holds the example search.
  await getTestDb()
    .insert(cityVideos)
    .values({
      id: EXAMPLES.meetingId,
      cityId: example.id,
      videoId: "exampleVid1",
      title: "Budget hearing",
      publishedAt: new Date("2026-04-01T18:00:00.123456Z"),
    });
  await storeTranscript(
    EXAMPLES.meetingId,
    [
      "[00:00:05] MAYOR: The council will come to order.",
      `[00:01:10] CLERK: Item one is the ${EXAMPLES.q} for the creek restoration, see clerk@cityhall.gov.`,
      "[00:02:00] MAYOR: Thank you.",
    ].join("\n"),
  );
  ids.liveMeetings.push(EXAMPLES.meetingId);

  // Meetings to page through: the same date twice (the id breaks the tie), one without a date.
  const same = new Date("2026-03-01T18:00:00Z");
  for (const [index, publishedAt] of [same, same, new Date("2026-02-01T18:00:00Z"), same].entries()) {
    const meeting = await createMeeting({
      cityId: index % 2 === 0 ? example.id : other.id,
      analysis: index === 0,
      story: index === 0,
      publishedAt,
    });
    ids.liveMeetings.push(meeting.id);
  }
  const undated = await createMeeting({ cityId: other.id, transcript: null });
  await getTestDb().update(cityVideos).set({ publishedAt: null }).where(eq(cityVideos.id, undated.id));
  ids.liveMeetings.push(undated.id);

  const hidden = await createMeeting({ cityId: secret.id, transcript: `[00:00:05] CLERK: The ${SECRET_PHRASE}.` });
  ids.secretMeeting = hidden.id;

  // A member's id on a revision of a Live meeting: never in any answer.
  const user = await createUser({ email: "reporter@example.com", emailConfirmed: true });
  ids.userId = user.id;
  await getTestDb().update(analysisRevisions).set({ createdBy: user.id });

  await getTestDb()
    .insert(trackedIssues)
    .values([
      {
        issueKey: EXAMPLES.issueKey,
        title: "Creek development",
        query: EXAMPLES.q,
        cityIds: [example.id, secret.id],
        summary: { status: "Under review", developments: [] },
        summaryGeneratedAt: new Date("2026-04-02T00:00:00Z"),
      },
      { issueKey: "secret-issue", title: "Secret", query: SECRET_PHRASE, cityIds: [secret.id] },
    ]);
});

function resolve(schema: Record<string, unknown>) {
  return documentSchemas(document).resolve(schema);
}
function documentedKeys(path: string, status: string) {
  return documentSchemas(document).documentedKeys(path, status);
}
function bodyProblems(path: string, status: string, body: unknown) {
  return documentSchemas(document).bodyProblems(path, status, body);
}

describe(`the OpenAPI document ${dbTag}`, () => {
  it("is JSON for OpenAPI 3.1 and lists every route of the API", async () => {
    const result = await api("/openapi.json");
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const served = result.body as OpenApiDocument;
    expect(served.openapi).toMatch(/^3\.1\.\d+$/);
    expect(served.info.title).toBeTruthy();
    expect(served.servers[0]!.url).toBe(`${appUrl()}/api/v1`);
    expect(Object.keys(served.paths).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const item of Object.values(served.paths)) {
      expect(item.get.operationId).toBeTruthy();
      expect(item.get.responses["200"]).toBeDefined();
      for (const parameter of item.get.parameters) {
        if (parameter.in === "path") expect(parameter.required).toBe(true);
      }
    }
    const operationIds = Object.values(served.paths).map((item) => item.get.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    for (const [path, item] of Object.entries(served.paths)) {
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = item.get.parameters
        .filter((p) => p.in === "path")
        .map((p) => p.name)
        .sort();
      expect(declared, path).toEqual(templated);
      for (const response of Object.values(item.get.responses)) {
        expect("$ref" in response || typeof response.description === "string", path).toBe(true);
      }
    }
    // The schema check finds a wrong answer (so that its silence above means something).
    expect(bodyProblems("/cities", "200", { cities: [{ key: 1, name: "x" }] })).toEqual(
      expect.arrayContaining(["$.cities[0].key: integer is not string", "$.cities[0]: state is missing"]),
    );
    // Every $ref points at something.
    const refs = JSON.stringify(served).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) expect(resolve({ $ref: JSON.parse(`{${ref}}`).$ref })).toBeTruthy();
  });

  it.each(Object.keys(ROUTES))("%s answers its example as documented", async (path) => {
    const example = exampleRequests(document).find((candidate) => candidate.path === path)!;
    const result = await api(example.url.slice(`${appUrl()}${BASE}`.length));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const documented = documentedKeys(path, "200");
    expect(result.headers.get("Content-Type")).toBe(`${documented.type}; charset=utf-8`);
    expect(Object.keys(result.body as object).sort()).toEqual(documented.keys);
    expect(bodyProblems(path, "200", result.body)).toEqual([]);
    expect(result.headers.get("ETag")).toMatch(/^W\/"/);
    expect(result.headers.get("Cache-Control")).toMatch(/^public/);
  });

  it.each([
    ["/cities/{locationKey}", "/cities/atlantis", "404"],
    ["/meetings/{meetingId}", "/meetings/not-an-id", "404"],
    ["/meetings/{meetingId}", `/meetings/${crypto.randomUUID()}`, "404"],
    ["/issues/{issueKey}", "/issues/no-such-issue", "404"],
    ["/meetings", "/meetings?city=atlantis", "404"],
    ["/meetings", "/meetings?limit=0", "400"],
    ["/meetings", "/meetings?limit=101", "400"],
    ["/meetings", "/meetings?limit=ten", "400"],
    ["/meetings", "/meetings?cursor=bm90LWEtY3Vyc29y", "400"],
    ["/search", "/search", "400"],
    ["/search", "/search?q=%20%20", "400"],
    ["/search", "/search?q=budget&city=atlantis", "404"],
  ])("%s: %s answers a documented %s problem", async (path, url, status) => {
    const result = await api(url);
    expect(result.status).toBe(Number(status));
    expect(document.paths[path]!.get.responses[status]).toBeDefined();
    const documented = documentedKeys(path, status);
    expect(result.headers.get("Content-Type")).toBe(`${documented.type}; charset=utf-8`);
    expect(Object.keys(result.body as object).sort()).toEqual(documented.keys);
    expect(bodyProblems(path, status, result.body)).toEqual([]);
    expect(result.body).toMatchObject({ status: Number(status), type: expect.stringContaining("/api#problem-") });
  });

  it("answers an address under /api/v1 that is no endpoint with a JSON problem", async () => {
    const result = await api("/councils");
    expect(result.status).toBe(404);
    expect(result.headers.get("Content-Type")).toBe("application/problem+json; charset=utf-8");
    expect(result.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});

describe(`meetings ${dbTag}`, () => {
  it("pages through every Live meeting exactly once, newest first, by cursor", async () => {
    const seen: string[] = [];
    const dates: (string | null)[] = [];
    let path: string | null = "/meetings?limit=2";
    let pages = 0;
    while (path) {
      const result = await api(path);
      expect(result.status).toBe(200);
      const page = result.body as {
        meetings: { id: string; publishedAt: string | null }[];
        nextCursor: string | null;
        links: { next: string | null };
      };
      expect(page.meetings.length).toBeLessThanOrEqual(2);
      seen.push(...page.meetings.map((meeting) => meeting.id));
      dates.push(...page.meetings.map((meeting) => meeting.publishedAt));
      expect(page.links.next === null).toBe(page.nextCursor === null);
      if (page.links.next) {
        const next = new URL(page.links.next);
        expect(next.searchParams.get("cursor")).toBe(page.nextCursor);
        expect(next.searchParams.get("limit")).toBe("2");
      }
      path = page.links.next ? page.links.next.slice(`${appUrl()}${BASE}`.length) : null;
      expect(++pages).toBeLessThan(10);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice().sort()).toEqual(ids.liveMeetings.slice().sort());
    expect(seen).not.toContain(ids.secretMeeting);
    const dated = dates.filter((date): date is string => date !== null);
    expect(dated).toEqual(dated.slice().sort().reverse());
    expect(dates.at(-1)).toBeNull();
  });

  it("pages through one city's meetings, and takes up to 100 a page", async () => {
    const all = await api(`/meetings?city=${EXAMPLES.locationKey}&limit=100`);
    const meetings = (all.body as { meetings: { city: { key: string } }[]; nextCursor: string | null }).meetings;
    expect(meetings.length).toBe(3);
    expect(meetings.every((meeting) => meeting.city.key === EXAMPLES.locationKey)).toBe(true);
    expect((all.body as { nextCursor: string | null }).nextCursor).toBeNull();
  });

  it("gives one meeting with its transcript segments, analysis and story", async () => {
    const analyzed = ids.liveMeetings[1]!;
    const result = await api(`/meetings/${analyzed}`);
    const { meeting } = result.body as {
      meeting: {
        analysis: { kind: string; summary: string } | null;
        story: { kind: string; headline: string } | null;
        transcript: { timed: boolean; segments: { text: string; startSeconds: number | null }[] };
      };
    };
    expect(meeting.analysis?.kind).toBe("structured");
    expect(meeting.analysis?.summary.length).toBeGreaterThan(10);
    expect(meeting.story?.kind).toBe("structured");
    expect(meeting.story?.headline.length).toBeGreaterThan(5);
    expect(meeting.transcript.timed).toBe(true);
    expect(meeting.transcript.segments.length).toBeGreaterThan(3);
    expect(bodyProblems("/meetings/{meetingId}", "200", result.body)).toEqual([]);

    const example = (await api(`/meetings/${EXAMPLES.meetingId}`)).body as {
      meeting: {
        publishedAt: string;
        analysis: null;
        story: null;
        transcript: { segments: { startSeconds: number }[] };
      };
    };
    expect(example.meeting.publishedAt).toBe("2026-04-01T18:00:00.123Z");
    expect(example.meeting.analysis).toBeNull();
    expect(example.meeting.story).toBeNull();
    expect(example.meeting.transcript.segments.map((segment) => segment.startSeconds)).toEqual([5, 70, 120]);
  });

  it("searches as the site does and links to the second", async () => {
    const result = await api(`/search?q=${EXAMPLES.q}&city=${EXAMPLES.locationKey}`);
    const { results } = result.body as {
      results: {
        meeting: { id: string };
        startSeconds: number;
        links: { moment: string };
        snippet: string;
        snippetHtml: string;
      }[];
    };
    expect(results[0]).toMatchObject({
      meeting: { id: EXAMPLES.meetingId },
      startSeconds: 70,
      links: { moment: `${appUrl()}/city/${EXAMPLES.locationKey}/meeting/${EXAMPLES.meetingId}?t=70` },
    });
    expect(results[0]!.snippetHtml).toContain(`<mark>${EXAMPLES.q}</mark>`);
    expect(results[0]!.snippet).not.toContain("<mark>");
  });
});

describe(`Live cities only ${dbTag}`, () => {
  it("never shows a city that is not Live, its meetings or its issues", async () => {
    const cityKeys = ((await api("/cities")).body as { cities: { key: string }[] }).cities.map((city) => city.key);
    expect(cityKeys).toEqual([EXAMPLES.locationKey, "brookport"]);
    expect((await api("/cities/secretville")).status).toBe(404);
    expect((await api("/cities/newtown")).status).toBe(404);
    expect((await api("/meetings?city=secretville")).status).toBe(404);
    expect((await api(`/meetings/${ids.secretMeeting}`)).status).toBe(404);
    expect((await api(`/search?q=${encodeURIComponent(SECRET_PHRASE)}`)).body).toMatchObject({ results: [] });
    expect((await api(`/search?q=${encodeURIComponent(SECRET_PHRASE)}&city=secretville`)).status).toBe(404);
    const issues = ((await api("/issues")).body as { issues: { key: string; cities: { key: string }[] }[] }).issues;
    expect(issues.map((issue) => issue.key)).toEqual([EXAMPLES.issueKey]);
    expect(issues[0]!.cities.map((city) => city.key)).toEqual([EXAMPLES.locationKey]);
    expect((await api("/issues/secret-issue")).status).toBe(404);
    const issue = (await api(`/issues/${EXAMPLES.issueKey}`)).body as {
      issue: { summary: unknown; meetings: { meeting: { id: string } }[] };
    };
    expect(issue.issue.summary).toEqual({ status: "Under review", developments: [] });
    expect(issue.issue.meetings.map((hit) => hit.meeting.id)).toContain(EXAMPLES.meetingId);
  });

  it("hides a city's meetings the moment it stops being Live", async () => {
    await getTestDb().update(cities).set({ status: "Test" }).where(eq(cities.locationKey, "brookport"));
    try {
      const page = (await api("/meetings?limit=100")).body as { meetings: { city: { key: string } }[] };
      expect(page.meetings.some((meeting) => meeting.city.key === "brookport")).toBe(false);
    } finally {
      await getTestDb().update(cities).set({ status: "Live" }).where(eq(cities.locationKey, "brookport"));
    }
  });

  it("shows nothing private: no e-mail address, no user id, no admin field", async () => {
    const paths = [
      ...exampleRequests(document).map((request) => request.url.slice(`${appUrl()}${BASE}`.length)),
      ...ids.liveMeetings.map((id) => `/meetings/${id}`),
      "/meetings?limit=100",
    ];
    for (const path of paths) {
      const result = await api(path);
      const text = JSON.stringify(result.body);
      // The only "@" allowed is the one a speaker said (the example transcript's address, said aloud in a meeting).
      expect(text.replace(/clerk@cityhall\.gov/g, ""), path).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
      expect(text, path).not.toContain("reporter@example.com");
      expect(text, path).not.toContain(ids.userId);
      expect(text, path).not.toMatch(/"(email|userEmail|userId|createdBy|editedByAdminAt|provider|model)"/);
    }
  });
});

describe(`HTTP behavior ${dbTag}`, () => {
  it("lets any origin read it (CORS), errors included", async () => {
    for (const path of ["/cities", "/cities/atlantis", "/openapi.json"]) {
      const result = await api(path, { Origin: "https://civic.example" });
      expect(result.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(result.headers.get("Access-Control-Expose-Headers")).toContain("ETag");
    }
  });

  it("answers 304 to a caller that has the answer", async () => {
    const first = await api("/cities");
    const again = await api("/cities", { "If-None-Match": first.headers.get("ETag")! });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(again.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it(`answers 429 with Retry-After past ${API_RATE_LIMIT.limit} requests a minute from one address`, async () => {
    defaultIp = freshIp();
    try {
      for (let count = 0; count < API_RATE_LIMIT.limit; count++) expect((await api("/openapi.json")).status).toBe(200);
      const limited = await api("/cities");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(API_RATE_LIMIT.windowSeconds);
      expect(limited.headers.get("Content-Type")).toBe("application/problem+json; charset=utf-8");
      expect(limited.body).toMatchObject({ status: 429, title: "Too Many Requests" });
      expect(documentedKeys("/cities", "429").keys).toEqual(Object.keys(limited.body as object).sort());
      // Another address is not affected.
      expect((await api("/cities", { [CLIENT_IP_HEADER]: freshIp() })).status).toBe(200);
    } finally {
      defaultIp = freshIp();
    }
  });

  describe("preflight", () => {
    let server: ReturnType<express.Express["listen"]>;
    let base: string;
    beforeAll(async () => {
      const app = express();
      app.use(requestBodyGate());
      app.use((_req, res) => void res.status(200).send("app"));
      server = app.listen(0, "127.0.0.1");
      await once(server, "listening");
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("answers a CORS preflight under /api/ with what a cross-origin GET may send", async () => {
      const response = await fetch(`${base}/api/v1/meetings?limit=5`, {
        method: "OPTIONS",
        headers: {
          Origin: "https://civic.example",
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "if-none-match",
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(response.headers.get("Access-Control-Allow-Methods")).toContain("GET");
      expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("if-none-match");
      expect(Number(response.headers.get("Access-Control-Max-Age"))).toBeGreaterThan(0);
    });

    it("does not open the site's other pages to other origins", async () => {
      const response = await fetch(`${base}/about`, {
        method: "OPTIONS",
        headers: { Origin: "https://civic.example" },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    });
  });
});
