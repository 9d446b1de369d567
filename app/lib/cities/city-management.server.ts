/**
 * /admin/city-management's data and intents (docs/product.md, admin back
 * office; docs/decisions/0022-city-management.md and 0047): what the page
 * shows for the state in its query, and what each posted intent does. The
 * route only wires these to its loader and action.
 */
import { readCaptionStates } from "~/lib/captions/state.server";
import { data } from "react-router";
import { settings } from "~/lib/env/settings.server";
import { queueTranscriptFetch } from "~/lib/jobs/enqueue.server";
import { getSourceRefreshStatus, requestSourceRefresh } from "~/lib/sources/requests.server";
import { awaitRefreshHeaders, finishedRefreshToast, REFRESH_MESSAGES } from "~/lib/sources/refresh-toast.server";
import { createCityUrl, deleteCityUrl, isCityUrl, listCityUrls, updateCityUrl } from "~/lib/sources/urls.server";
import {
  deleteVideoByAdmin,
  listRemovedVideos,
  listVideosOfSource,
  restoreRemovedVideo,
  updateVideoByAdmin,
} from "~/lib/sources/videos.server";
import type { ToastInput } from "~/lib/toast/toast";
import { ToastSchema } from "~/lib/toast/toast";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { parseSourceUrl } from "~/lib/youtube/source-url";
import {
  cityDeletionImpact,
  createCityByAdmin,
  deleteCityByAdmin,
  getCityForAdmin,
  listCitiesForAdmin,
  updateCityByAdmin,
} from "./admin.server";
import { cityManagementPageHref as pageHref, parseConfirm } from "./city-management-links";
import type { CityManagementIntent } from "./city-management-forms";
import { isUuid } from "~/lib/uuid";
import {
  loadLegislativeCard,
  NoLegislativeSource,
  queueLegislativeSync,
  saveLegislativeCard,
  testLegislativeSource,
} from "~/lib/legistar/admin.server";
import { LEGISLATIVE_MESSAGES } from "~/lib/legistar/source-form";

const idOrNull = (value: string | null) => (isUuid(value) ? value : null);

/** Everything the page shows for the state in the request's query; never a transcript. */
export async function loadCityManagement(request: Request) {
  const query = new URL(request.url).searchParams;
  const cityId = idOrNull(query.get("city"));
  const [cities, city] = await Promise.all([listCitiesForAdmin(), cityId ? getCityForAdmin(cityId) : null]);
  const [urls, removed, legislative] = city
    ? await Promise.all([listCityUrls(city.id), listRemovedVideos(city.id), loadLegislativeCard(city.id)])
    : [[], [], null];
  const selectedUrl = urls.find((url) => url.id === query.get("url")) ?? null;
  const [videos, refresh] =
    city && selectedUrl
      ? await Promise.all([listVideosOfSource(city.id, selectedUrl.id), getSourceRefreshStatus(selectedUrl.id)])
      : [[], null];
  const asked = city ? parseConfirm(query.get("confirm")) : null;
  const confirm =
    asked?.kind === "city" ||
    (asked?.kind === "url" && urls.some((url) => url.id === asked.id)) ||
    (asked?.kind === "video" && videos.some((video) => video.id === asked.id))
      ? asked
      : null;
  const deletion = city && confirm?.kind === "city" ? await cityDeletionImpact(city.id) : null;
  const finished = await finishedRefreshToast(request);
  return data(
    {
      cities,
      cityRequested: Boolean(query.get("city")),
      city,
      urls,
      selectedUrl,
      videos,
      captions: await readCaptionStates(videos.map((video) => video.id)),
      refresh,
      removed,
      /** The city's Legislative system card (docs/decisions/0067-legistar-record.md); null: none saved yet. */
      legislative,
      confirm,
      deletion,
      /** Without YOUTUBE_API_KEY a YouTube source brings only its 15 newest videos: the page says so. */
      keyless: !settings().YOUTUBE_API_KEY,
      selectedIsYoutube: selectedUrl ? parseSourceUrl(selectedUrl.url) !== null : false,
      edit: query.get("edit") ?? "",
      adding: query.get("add") === "1" && !query.get("edit"),
      creating: query.get("create") === "1",
      toast: finished.toast ? ToastSchema.parse(finished.toast) : null,
    },
    { headers: finished.headers ?? undefined },
  );
}

export type CityManagementData = Awaited<ReturnType<typeof loadCityManagement>>["data"];

type Outcome = { ok: string; failed: string };
export const OUTCOME: Record<CityManagementIntent["intent"], Outcome> = {
  "create-city": { ok: "City created successfully", failed: "Error creating city" },
  "update-city": { ok: "City updated successfully", failed: "Error updating city" },
  "delete-city": { ok: "City deleted successfully", failed: "Error deleting city" },
  "create-url": { ok: "URL created successfully", failed: "Error creating URL" },
  "update-url": { ok: "URL updated successfully", failed: "Error updating URL" },
  "delete-url": { ok: "URL deleted successfully", failed: "Error deleting URL" },
  "refresh-videos": { ok: REFRESH_MESSAGES.queued, failed: REFRESH_MESSAGES.failed },
  "update-video": { ok: "Video updated successfully", failed: "Error updating video" },
  "delete-video": { ok: "Video deleted successfully", failed: "Error deleting video" },
  "restore-video": { ok: "Video restored successfully", failed: "Error restoring video" },
  "save-legislative-source": { ok: LEGISLATIVE_MESSAGES.saved, failed: LEGISLATIVE_MESSAGES.saveFailed },
  "test-legislative-source": { ok: LEGISLATIVE_MESSAGES.tested, failed: LEGISLATIVE_MESSAGES.testFailed },
  "sync-legislative-record": { ok: LEGISLATIVE_MESSAGES.syncQueued, failed: LEGISLATIVE_MESSAGES.syncFailed },
};

/** A record that is not there (any more): 404 with the product's empty-state words. */
export class NotFound extends Error {}

/** The Legislative system card's intents: the city must exist; testing or syncing needs a saved source. */
async function performLegislative(
  posted: Extract<
    CityManagementIntent,
    { intent: "save-legislative-source" | "test-legislative-source" | "sync-legislative-record" }
  >,
  userId: string,
): Promise<Done> {
  if (!(await getCityForAdmin(posted.cityId))) throw new NotFound("City not found");
  const to = pageHref({ city: posted.cityId });
  try {
    if (posted.intent === "save-legislative-source") return { to, toast: await saveLegislativeCard(posted) };
    if (posted.intent === "test-legislative-source") return { to, toast: await testLegislativeSource(posted) };
    return { to, toast: await queueLegislativeSync(posted, userId) };
  } catch (error) {
    if (error instanceof NoLegislativeSource) throw new NotFound(error.message);
    throw error;
  }
}

type Done = { to: string; toast?: Partial<ToastInput>; headers?: HeadersInit };

/** Carries out one intent; answers where the page goes next, and what more the toast and headers say. */
async function perform(posted: CityManagementIntent, userId: string): Promise<Done> {
  switch (posted.intent) {
    case "create-city": {
      const city = await createCityByAdmin(posted);
      return { to: pageHref({ city: city.id }) };
    }
    case "update-city": {
      const { intent: _intent, cityId, ...fields } = posted;
      if (!(await updateCityByAdmin(cityId, fields))) throw new NotFound("City not found");
      return { to: pageHref({ city: cityId }) };
    }
    case "delete-city": {
      const deleted = await deleteCityByAdmin(posted.cityId);
      if (!deleted) throw new NotFound("City not found");
      return { to: pageHref(), toast: { description: `${deleted.name} is gone, with its URLs.` } };
    }
    case "create-url": {
      const { intent: _intent, cityId, ...fields } = posted;
      if (!(await getCityForAdmin(cityId))) throw new NotFound("City not found");
      const url = await createCityUrl(cityId, fields);
      return { to: pageHref({ city: cityId, url: url.id }) };
    }
    case "update-url": {
      const { intent: _intent, cityId, urlId, ...fields } = posted;
      if (!(await updateCityUrl(cityId, urlId, fields))) throw new NotFound("No URLs found for this city");
      return { to: pageHref({ city: cityId, url: urlId }) };
    }
    case "delete-url":
      if (!(await deleteCityUrl(posted.cityId, posted.urlId))) throw new NotFound("No URLs found for this city");
      return { to: pageHref({ city: posted.cityId }) };
    case "refresh-videos": {
      if (!(await isCityUrl(posted.cityId, posted.urlId))) throw new NotFound("No URLs found for this city");
      const request = await requestSourceRefresh(posted.urlId, userId);
      return {
        to: pageHref({ city: posted.cityId, url: posted.urlId }),
        toast: { type: "info", description: REFRESH_MESSAGES.queuedText },
        headers: request.jobId ? await awaitRefreshHeaders({ jobId: request.jobId, urlId: posted.urlId }) : undefined,
      };
    }
    case "update-video": {
      const { title, description } = posted;
      if (!(await updateVideoByAdmin(posted.meetingId, { title, description })))
        throw new NotFound("No video details found");
      return { to: pageHref({ city: posted.cityId, url: posted.urlId }) };
    }
    case "delete-video": {
      if (!(await deleteVideoByAdmin(posted.meetingId, userId))) throw new NotFound("No video details found");
      return {
        to: pageHref({ city: posted.cityId, url: posted.urlId }),
        toast: {
          description: "Refreshes skip it now. It is listed under Removed by an admin, where it can be restored.",
        },
      };
    }
    case "restore-video": {
      const restored = await restoreRemovedVideo(posted.cityId, posted.videoId);
      if (!restored) throw new NotFound("No removed video with this id in this city");
      await queueTranscriptFetch(restored.meetingId, { requestedBy: userId });
      return {
        to: pageHref({ city: posted.cityId, url: posted.urlId }),
        toast: { description: "It is back in the city's videos; its captions are on their way." },
      };
    }
    case "save-legislative-source":
    case "test-legislative-source":
    case "sync-legislative-record":
      return performLegislative(posted, userId);
  }
}

/** Performs the intent and redirects with its success toast (and the intent's headers). */
export async function performCityManagement(posted: CityManagementIntent, userId: string) {
  const { to, toast, headers } = await perform(posted, userId);
  return redirectWithToast(
    to,
    { type: "success", title: OUTCOME[posted.intent].ok, ...toast },
    headers ? { headers } : undefined,
  );
}
