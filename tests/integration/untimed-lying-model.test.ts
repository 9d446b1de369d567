import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, useParams } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { Analysis, NewsStory } from "~/lib/ai/schemas";
import { analyzeVideo } from "~/lib/pipeline/analysis.server";
import { writeVideoStory } from "~/lib/pipeline/stories.server";
import { loader as apiMeetingLoader } from "~/routes/api/meeting";
import * as meetingPage from "~/routes/meeting/meeting";
import * as meetingStoryPage from "~/routes/meeting/meeting-story";
import { callLoader, dbTag, TEST_ORIGIN, truncateAllTables } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import { fakeModelPerFile } from "../support/fake-model-hooks";
import { useFakeModel } from "../support/fake-openai-server";

/**
 * Issue 27: a model that invents times and a speaker for a transcript without
 * times, through the real pipeline. No time it gives is stored or shown (the
 * analysis, the story, the meeting page, the story page, the API), and its
 * name for an unlabeled passage is dropped. Fictional meeting and people.
 */

// A plain transcript: no times; the motion is said by no labeled speaker.
const PLAIN_TRANSCRIPT = [
  "I move that we approve the riverwalk lighting contract with the two year warranty.",
  "",
  "MAYOR LOPEZ: The riverwalk lighting contract is before us tonight. All in favor? The motion carries.",
].join("\n");

const MOTION = "I move that we approve the riverwalk lighting contract with the two year warranty.";
const INVENTED_NAME = "Councilmember Wonsley";

const LYING_ANALYSIS: Analysis = {
  summary: "The council approved the riverwalk lighting contract at 00:41:07.",
  highlights: [
    {
      timestamp: "00:41:07",
      point_of_interest: "The motion on the lighting contract (00:41:07).",
      quotes: [{ text: MOTION, speaker: INVENTED_NAME }],
    },
    {
      timestamp: "00:43:10",
      point_of_interest: "The vote.",
      quotes: [{ text: "The motion carries.", speaker: "MAYOR LOPEZ" }],
    },
  ],
  action_items: [],
  entities: [],
  decisions: [],
};

const LYING_STORY: NewsStory = {
  article: {
    headline: "Riverwalk lighting contract approved",
    body: `At 00:41:07 the council took up the riverwalk lighting. A member said "${MOTION}" The vote came at 00:43:10.`,
    word_count: 30,
    primary_focus: "Riverwalk lighting",
  },
  sidebar_elements: {
    quote_block: { quote: MOTION, attribution: INVENTED_NAME, context: "Said during the meeting at 00:41:07." },
    quick_facts: [],
    background: "",
  },
  metadata: { follow_up_needed: false, next_meeting_date: null, sources_used: [], uncertainty_notes: [] },
  notes: "",
};

const fakeModel = fakeModelPerFile();

beforeEach(async () => {
  await truncateAllTables();
  useFakeModel(fakeModel());
  fakeModel().otherwise((request) => ({
    kind: "json",
    body: request.body.response_format?.json_schema?.name === "news_story" ? LYING_STORY : LYING_ANALYSIS,
  }));
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

const INVENTED_TIMES = /00:4[13]:\d\d|\?t=/;

describe(`an invented time on an untimed transcript is never shown ${dbTag}`, () => {
  it("stores, renders and serves no time and no invented speaker", async () => {
    const city = await createCity({ status: "Live" });
    const meeting = await createMeeting({ cityId: city.id, transcript: PLAIN_TRANSCRIPT, title: "Riverton Council" });
    expect(await analyzeVideo(meeting.id)).toMatchObject({ status: "written", provider: "openai-compatible" });
    expect(await writeVideoStory(meeting.id)).toMatchObject({ status: "written", provider: "openai-compatible" });

    const pagePath = `/city/${city.locationKey}/meeting/${meeting.id}`;
    const page = await renderPage(meetingPage, "/city/:locationKey/meeting/:meetingId", pagePath);
    expect(page).toContain("The motion on the lighting contract");
    expect(page).toContain(MOTION);
    expect(page).not.toMatch(INVENTED_TIMES);
    expect(page).not.toContain("Wonsley");

    const storyPath = `/city/${city.locationKey}/meeting-story/${meeting.id}`;
    const story = await renderPage(meetingStoryPage, "/city/:locationKey/meeting-story/:meetingId", storyPath);
    expect(story).toContain("took up the riverwalk lighting");
    expect(story).not.toMatch(INVENTED_TIMES);
    expect(story).not.toContain("Wonsley");

    const api = await callLoader(apiMeetingLoader, `/api/v1/meetings/${meeting.id}`, {
      params: { meetingId: meeting.id },
    });
    expect(api.status).toBe(200);
    const body = JSON.stringify(api.data);
    expect(body).toContain(MOTION);
    expect(body).not.toMatch(INVENTED_TIMES);
    expect(body).not.toContain("Wonsley");
  });
});
