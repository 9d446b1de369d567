import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, useParams } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { cities, cityVideos } from "~/lib/db/schema";
import type { SearchDigest } from "~/lib/search/digest.server";
import { storeTranscript } from "~/lib/transcripts/store.server";
import type { MeetingView } from "~/lib/meetings/view";
import * as cityMeetingPage from "~/routes/meeting/meeting";
import * as searchPage from "~/routes/search";
import { callLoader, dbTag, getTestDb, TEST_ORIGIN } from "../setup";

/**
 * A plain-text transcript has no times, and its analysis then says
 * "00:00:00" for every highlight: the meeting page and the AI summary view
 * of /search must show no stamp and no `?t=` link for it, while a timed
 * meeting keeps both.
 */

const KEY = "tickton";
let untimedId: string;
let timedId: string;

const PLAIN_TRANSCRIPT = [
  "MAYOR LOPEZ: The next item is the riverwalk lighting contract.",
  "",
  "COUNCILMEMBER REYES: I move that we approve the riverwalk lighting contract.",
].join("\n");

const TIMED_TRANSCRIPT = [
  "[00:12:41] MAYOR LOPEZ: The next item is the riverwalk lighting contract.",
  "[00:13:05] COUNCILMEMBER REYES: I move that we approve the riverwalk lighting contract.",
].join("\n");

function analysis(timestamps: [string, string]) {
  return {
    summary: "The council approved the riverwalk lighting contract.",
    highlights: [
      {
        timestamp: timestamps[0],
        point_of_interest: "The riverwalk item opens",
        quotes: [{ text: "The next item is the riverwalk lighting contract.", speaker: "MAYOR LOPEZ" }],
      },
      { timestamp: timestamps[1], point_of_interest: "The motion", quotes: [] },
    ],
    action_items: [],
    entities: [],
  };
}

beforeAll(async () => {
  const db = getTestDb();
  const [city] = await db
    .insert(cities)
    .values({ name: "Tickton", state: "OR", locationKey: KEY, status: "Live" })
    .returning();
  const videos = await db
    .insert(cityVideos)
    .values([
      {
        cityId: city!.id,
        videoId: "untimedvid1",
        videoUrl: "https://www.youtube.com/watch?v=untimedvid1",
        title: "Untimed meeting",
        publishedAt: new Date("2026-05-01T18:00:00Z"),
      },
      {
        cityId: city!.id,
        videoId: "timedvideo1",
        videoUrl: "https://www.youtube.com/watch?v=timedvideo1",
        title: "Timed meeting",
        publishedAt: new Date("2026-05-02T18:00:00Z"),
      },
    ])
    .returning({ id: cityVideos.id });
  [untimedId, timedId] = videos.map((video) => video.id) as [string, string];
  expect((await storeTranscript(untimedId, PLAIN_TRANSCRIPT)).format).toBe("plain");
  await storeTranscript(timedId, TIMED_TRANSCRIPT);
  await db
    .update(cityVideos)
    .set({ analysisResults: analysis(["00:00:00", "00:00:00"]) })
    .where(eq(cityVideos.id, untimedId));
  await db
    .update(cityVideos)
    .set({ analysisResults: analysis(["00:12:41", "00:13:05"]) })
    .where(eq(cityVideos.id, timedId));
});

/** Renders a route module on the server with its real loader and the props the framework gives its component. */
async function renderPage(
  module: { loader: (args: never) => unknown; default: unknown },
  pattern: string,
  path: string,
): Promise<string> {
  const Page = module.default as React.ComponentType<{ loaderData: unknown; params: unknown }>;
  const Component = () => createElement(Page, { loaderData: useLoaderData(), params: useParams() });
  const routes = [{ id: "page", path: pattern, loader: module.loader as never, Component }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${TEST_ORIGIN}${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

async function meetingPage(meetingId: string) {
  const path = `/city/${KEY}/meeting/${meetingId}`;
  const result = await callLoader(cityMeetingPage.loader, path, { params: { locationKey: KEY, meetingId } });
  expect(result.status).toBe(200);
  const { meeting } = result.data as { meeting: MeetingView };
  if (meeting.analysis.kind !== "structured")
    throw new Error(`expected a structured analysis, got ${meeting.analysis.kind}`);
  const html = await renderPage(cityMeetingPage, "/city/:locationKey/meeting/:meetingId", path);
  return { highlights: meeting.analysis.highlights, html };
}

/** The rendered part of the page between two markers, so that other sections do not blur the check. */
function highlightsHtml(html: string): string {
  const start = html.indexOf("The riverwalk item opens");
  expect(start, "the highlights are rendered").toBeGreaterThan(-1);
  return html.slice(Math.max(0, start - 600), html.indexOf("The motion") + 200);
}

describe(`untimed transcripts show no moments ${dbTag}`, () => {
  it("the meeting page: no 00:00:00 stamp and no ?t= link for an untimed transcript", async () => {
    const { highlights, html } = await meetingPage(untimedId);
    expect(highlights.map(({ timestamp, seconds }) => ({ timestamp, seconds }))).toEqual([
      { timestamp: null, seconds: null },
      { timestamp: null, seconds: null },
    ]);
    expect(highlights[0]!.quotes).toEqual([
      { text: "The next item is the riverwalk lighting contract.", speaker: "MAYOR LOPEZ" },
    ]);
    expect(html).toContain("The motion");
    expect(html).not.toContain("00:00:00");
    expect(html).not.toContain("?t=");
    expect(html).not.toContain("Play from");
  });

  it("the meeting page: a timed transcript keeps its stamps and ?t= links", async () => {
    const { highlights, html } = await meetingPage(timedId);
    expect(highlights.map(({ timestamp, seconds }) => ({ timestamp, seconds }))).toEqual([
      { timestamp: "00:12:41", seconds: 761 },
      { timestamp: "00:13:05", seconds: 785 },
    ]);
    const section = highlightsHtml(html);
    expect(section).toContain("00:12:41");
    expect(section).toContain("?t=761");
    expect(html).toContain("?t=785");
  });

  it("the AI summary of /search: no stamp or ?t= link for the untimed meeting, both for the timed one", async () => {
    const path = "/search?q=riverwalk&view=summary";
    const result = await callLoader(searchPage.loader, path);
    expect(result.status).toBe(200);
    const { digest } = result.data as { digest: SearchDigest | null };
    const byId = new Map(digest!.entries.map((entry) => [entry.id, entry]));
    expect([...byId.keys()].sort()).toEqual([untimedId, timedId].sort());

    const untimed = byId.get(untimedId)!;
    expect(untimed.startSeconds).toBeNull();
    expect(untimed.highlights.map(({ timestamp, seconds }) => ({ timestamp, seconds }))).toEqual([
      { timestamp: null, seconds: null },
      { timestamp: null, seconds: null },
    ]);
    const timed = byId.get(timedId)!;
    expect(timed.startSeconds).not.toBeNull();
    expect(timed.highlights.map(({ timestamp, seconds }) => ({ timestamp, seconds }))).toEqual([
      { timestamp: "00:12:41", seconds: 761 },
      { timestamp: "00:13:05", seconds: 785 },
    ]);

    const html = await renderPage(searchPage, "/search", path);
    const entryHtml = (id: string) => {
      const start = html.indexOf(`data-digest-id="${id}"`);
      expect(start, `digest entry ${id} is rendered`).toBeGreaterThan(-1);
      const end = html.indexOf("</li></ul></li>", start);
      return html.slice(start, end === -1 ? undefined : end);
    };
    const untimedHtml = entryHtml(untimedId);
    expect(untimedHtml).toContain("The motion");
    expect(untimedHtml).not.toContain("00:00:00");
    expect(untimedHtml).not.toContain("?t=");
    const timedHtml = entryHtml(timedId);
    expect(timedHtml).toContain("00:12:41");
    expect(timedHtml).toContain(`/city/${KEY}/meeting/${timedId}?t=761`);
  });

  it("the result list: the untimed meeting's transcript hit links to the meeting, not to a moment", async () => {
    const result = await callLoader(searchPage.loader, "/search?q=riverwalk");
    const { search } = result.data as {
      search: { outcome: { results: { id: string; start_seconds: number | null }[] } };
    };
    const seconds = new Map(search.outcome.results.map((hit) => [hit.id, hit.start_seconds]));
    expect(seconds.get(untimedId)).toBeNull();
    expect(seconds.get(timedId)).toBe(761);
  });
});
