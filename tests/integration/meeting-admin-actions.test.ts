import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "~/lib/auth/session.server";
import { createUser } from "~/lib/auth/users.server";
import { cities, cityVideos } from "~/lib/db/schema";
import { seedVideo } from "#demo/meetings";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { storeTranscript } from "~/lib/transcripts/store.server";
import { FETCH_TRANSCRIPT, RE_ANALYZE, REGENERATE_STORY, REWRITE_STORY } from "~/lib/meetings/admin-intents";
import { action as cityPageAction } from "~/routes/city/index";
import { action as cityMeetingAction } from "~/routes/meeting/meeting";
import { action as cityStoryAction } from "~/routes/meeting/meeting-story";
import { action as meetingAction } from "~/routes/meeting/meeting";
import { action as storyAction } from "~/routes/meeting/meeting-story";
import { callAction, dbTag, execSql, getTestDb, TEST_ORIGIN } from "../setup";

/**
 * Every admin intent of the meeting pages (and the city page's Fetch
 * Transcript, which shares their actions), posted by a visitor and by a
 * signed-in member: refused with 401 and 403, and nothing is queued, stored
 * or revised on their behalf.
 */

const KEY = "refusalton";
let video: string;
let bare: string;
let member: string;

beforeAll(async () => {
  // The job queue exists, so that a job queued by mistake would be seen.
  await getBoss();
  const [city] = await getTestDb()
    .insert(cities)
    .values({ name: "Refusalton", locationKey: KEY, status: "Live" })
    .returning();
  const [analyzed, withoutTranscript] = await getTestDb()
    .insert(cityVideos)
    .values([
      {
        cityId: city!.id,
        videoId: "refused-1",
        title: "Budget hearing",
        analysisResults: { summary: "The budget passed." },
      },
      {
        cityId: city!.id,
        videoId: "refused-2",
        title: "No transcript yet",
        videoUrl: "https://www.youtube.com/watch?v=abcdefghijk",
      },
    ])
    .returning();
  video = analyzed!.id;
  bare = withoutTranscript!.id;
  await storeTranscript(video, seedVideo("ac-cc-2025-07-15").transcript!);
  const user = await createUser({ email: "member@refusalton.test", emailConfirmed: true });
  const signedIn = await signIn(new Request(`${TEST_ORIGIN}/auth`), user.id, "/", { title: "Welcome back!" });
  member = signedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  await stopBoss();
});

/** Everything an admin action could change: videos, transcripts, revisions, jobs. */
async function databaseState() {
  return {
    videos: await execSql("select * from city_videos order by id"),
    segments: await execSql("select count(*)::int as count from transcript_segments"),
    analysisRevisions: await execSql("select * from analysis_revisions"),
    storyRevisions: await execSql("select * from story_revisions"),
    jobs: await execSql("select id, name, state from pgboss.job"),
  };
}

/** Each route action with an admin intent, for both page addresses (with and without the city). */
function adminPosts() {
  const meeting = { meetingId: video };
  const inCity = { locationKey: KEY, meetingId: video };
  return [
    {
      name: "city page: Fetch Transcript",
      fn: cityPageAction,
      path: `/city/${KEY}?index`,
      params: { locationKey: KEY },
      fields: { intent: FETCH_TRANSCRIPT, meetingId: bare },
    },
    {
      name: "meeting: Re-Analyze",
      fn: meetingAction,
      path: `/meeting/${video}`,
      params: meeting,
      fields: { intent: RE_ANALYZE, meetingId: video },
    },
    {
      name: "city meeting: Re-Analyze",
      fn: cityMeetingAction,
      path: `/city/${KEY}/meeting/${video}`,
      params: inCity,
      fields: { intent: RE_ANALYZE, meetingId: video },
    },
    ...[REWRITE_STORY, REGENERATE_STORY].flatMap((intent) => {
      const fields = { intent, meetingId: video, additionalContext: "Lead with the vote." };
      return [
        { name: `meeting story: ${intent}`, fn: storyAction, path: `/meeting-story/${video}`, params: meeting, fields },
        {
          name: `city meeting story: ${intent}`,
          fn: cityStoryAction,
          path: `/city/${KEY}/meeting-story/${video}`,
          params: inCity,
          fields,
        },
      ];
    }),
  ];
}

describe(`meeting-page admin actions refuse visitors and members ${dbTag}`, () => {
  it.each([
    ["a visitor", 401],
    ["a signed-in member", 403],
  ] as const)("answers %s with %i and changes nothing", async (who, status) => {
    const headers = who === "a visitor" ? undefined : { Cookie: member };
    const before = await databaseState();
    expect(before.segments).not.toEqual([{ count: 0 }]);
    const answers: [string, string, number, boolean, string | null][] = [];
    for (const post of adminPosts()) {
      for (const path of [post.path, post.path.replace(/(\?|$)/, ".data$1")]) {
        const result = await callAction(post.fn as never, path, post.fields, { params: post.params, headers });
        answers.push([post.name, path, result.status, result.thrown, result.headers.get("Location")]);
      }
    }
    expect(answers).toHaveLength(14);
    // One comparison, so that a failure shows both the answers and what changed.
    expect({ answers, state: await databaseState() }).toEqual({
      answers: answers.map(([name, path]) => [name, path, status, true, null]),
      state: before,
    });
  });
});
