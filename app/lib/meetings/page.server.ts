/**
 * Loading the meeting analysis and story pages, shared by their routes with
 * and without the city in the path. One query (the video with its city);
 * an unknown or malformed id is a 404.
 */
import { data, type RouterContextProvider } from "react-router";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { getCurrentUser } from "~/lib/auth/session.server";
import { publicCityTheme } from "~/lib/color/city-theme";
import { appUrl } from "~/lib/env/env.server";
import { openMeetingPipeline, toPublicStatus, type PublicPipelineStatus } from "~/lib/jobs/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { ToastSchema } from "~/lib/toast/toast";
import { cacheHeaders, NO_STORE_HEADERS } from "~/lib/http/cache.server";
import { finishedJobToast } from "~/lib/meetings/job-toast.server";
import { meetingView } from "~/lib/meetings/view";
import {
  meetingCanonicalUrl,
  meetingMetaFacts,
  newsArticleJsonLd,
  storyCanonicalUrl,
  storyMeta,
  VIDEO_NOT_FOUND,
} from "~/lib/meetings/meta";
import { getMeeting } from "~/lib/meetings/meetings.server";
import { momentFacts } from "~/lib/meetings/moment.server";
import { parseStartSeconds } from "~/lib/meetings/video";
import { meetingAgenda } from "~/lib/legistar/agenda.server";
import { officialBeside } from "~/lib/legistar/record-decisions.server";

/** The id of the city in the path (a 404 when it is unknown), or undefined for the routes without one. */
export async function cityIdOfPath(
  context: Readonly<RouterContextProvider>,
  params: { locationKey?: string },
): Promise<string | undefined> {
  return params.locationKey ? (await cityFromContext(context, params.locationKey)).id : undefined;
}

async function requireMeeting(meetingId: string | undefined, cityId: string | undefined) {
  const record = meetingId ? await getMeeting(meetingId, { cityId }) : null;
  if (!record) throw data({ message: VIDEO_NOT_FOUND.title }, { status: 404 });
  return meetingView(record);
}

/**
 * Opening a meeting queues what is missing (its analysis, then its story),
 * once, and says where each step is. Admins see the job details, and the
 * toast of the job they queued once it has finished. A page whose pipeline
 * is still running refreshes itself, so it is never cached.
 */
async function meetingPipeline(request: Request, meetingId: string, user: SessionUser | null) {
  const status = await openMeetingPipeline(meetingId);
  if (!status || !user?.isAdmin) {
    const pipeline: PublicPipelineStatus | null = status && toPublicStatus(status);
    return { pipeline, headers: new Headers(pipeline?.refresh ? NO_STORE_HEADERS : cacheHeaders(user)) };
  }
  const finished = await finishedJobToast(request, status);
  const headers = new Headers(NO_STORE_HEADERS);
  if (finished.headers) new Headers(finished.headers).forEach((value, name) => headers.append(name, value));
  const pipeline: PublicPipelineStatus = finished.toast
    ? { ...status, toast: ToastSchema.parse(finished.toast) }
    : status;
  return { pipeline, headers };
}

/**
 * The meeting, who asks, and its pipeline. When an admin's job has just
 * finished the meeting is read again: it may have been read before the job
 * wrote, and the toast must come with the new result.
 */
async function meetingAndPipeline(request: Request, meetingId: string | undefined, cityId: string | undefined) {
  const [meeting, user] = await Promise.all([requireMeeting(meetingId, cityId), getCurrentUser(request)]);
  const { pipeline, headers } = await meetingPipeline(request, meeting.id, user);
  const current = pipeline?.toast ? await requireMeeting(meetingId, cityId) : meeting;
  return { meeting: current, user, pipeline, headers };
}

export async function loadMeetingPage(request: Request, meetingId: string | undefined, cityId?: string) {
  const { meeting, user, pipeline, headers } = await meetingAndPipeline(request, meetingId, cityId);
  const canonicalUrl = meetingCanonicalUrl(appUrl(), meeting);
  const [moment, officialAgenda] = await Promise.all([
    momentFacts(meeting, parseStartSeconds(new URL(request.url).searchParams.get("t"))),
    meetingAgenda(meeting.id),
  ]);
  return data(
    {
      meeting,
      // The city header's colors, for /meeting/{id} (made here: decision 0073).
      cityTheme: publicCityTheme(meeting.city.primaryColor, meeting.city.secondaryColor),
      pipeline,
      toast: pipeline?.toast ?? null,
      isAdmin: Boolean(user?.isAdmin),
      canonicalUrl,
      // The event of the city's legislative record this video is (docs/decisions/0069).
      officialAgenda,
      // Each decision's item of that agenda, with any disagreement (docs/decisions/0075).
      officialDecisions: officialBeside(officialAgenda, meeting.decisions),
      // The meta tags are made here: the browser gets none of the code that makes them.
      metaFacts: meetingMetaFacts(meeting, canonicalUrl, moment),
    },
    { headers },
  );
}

export async function loadStoryPage(request: Request, meetingId: string | undefined, cityId?: string) {
  const { meeting, user, pipeline, headers } = await meetingAndPipeline(request, meetingId, cityId);
  const origin = appUrl();
  const canonicalUrl = storyCanonicalUrl(origin, meeting);
  return data(
    {
      meeting,
      cityTheme: publicCityTheme(meeting.city.primaryColor, meeting.city.secondaryColor),
      pipeline,
      toast: pipeline?.toast ?? null,
      isAdmin: Boolean(user?.isAdmin),
      canonicalUrl,
      meta: storyMeta(meeting, canonicalUrl),
      jsonLd: newsArticleJsonLd(meeting, canonicalUrl, origin),
    },
    { headers },
  );
}
