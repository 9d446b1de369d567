/**
 * Loading the meeting analysis and story pages, shared by their routes with
 * and without the city in the path. One query (the video with its city);
 * an unknown or malformed id is a 404.
 */
import { data } from "react-router";
import { getCurrentUser } from "~/lib/auth/session.server";
import { appUrl } from "~/lib/env/env.server";
import { cacheHeaders } from "./cache.server";
import { meetingView } from "./meeting-view";
import { meetingCanonicalUrl, newsArticleJsonLd, storyCanonicalUrl, VIDEO_NOT_FOUND } from "./page-meta";
import { getMeeting } from "./videos.server";

async function requireMeeting(videoId: string | undefined, cityId: string | undefined) {
  const record = videoId ? await getMeeting(videoId, { cityId }) : null;
  if (!record) throw data({ message: VIDEO_NOT_FOUND.title }, { status: 404 });
  return meetingView(record);
}

export async function loadMeetingPage(request: Request, videoId: string | undefined, cityId?: string) {
  const [meeting, user] = await Promise.all([requireMeeting(videoId, cityId), getCurrentUser(request)]);
  return data(
    { meeting, isAdmin: Boolean(user?.isAdmin), canonicalUrl: meetingCanonicalUrl(appUrl(), meeting) },
    { headers: cacheHeaders(user) },
  );
}

export async function loadStoryPage(request: Request, videoId: string | undefined, cityId?: string) {
  const [meeting, user] = await Promise.all([requireMeeting(videoId, cityId), getCurrentUser(request)]);
  const origin = appUrl();
  const canonicalUrl = storyCanonicalUrl(origin, meeting);
  return data(
    { meeting, isAdmin: Boolean(user?.isAdmin), canonicalUrl, jsonLd: newsArticleJsonLd(meeting, canonicalUrl, origin) },
    { headers: cacheHeaders(user) },
  );
}
