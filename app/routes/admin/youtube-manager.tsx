/**
 * /admin/youtube-manager: paste a channel or playlist URL, Analyze it, and
 * save the chosen playlists and the channel's recent videos as URLs of a
 * city (docs/product.md, admin back office;
 * docs/decisions/0023-youtube-channel-manager.md). One form, two intents:
 * Analyze answers the analysis as action data (so it works without
 * JavaScript), Save analyzes the URL again on the server and redirects to a
 * cleared form with the city still chosen.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { YoutubeManagerScreen } from "~/components/youtube-manager/screen";
import { PAGE_DENIED, requireAdmin } from "~/lib/auth/session.server";
import { listCitiesForAdmin } from "~/lib/cities/admin.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { settings } from "~/lib/env/settings.server";
import { countOf } from "~/lib/format/count";
import { analyzeChannel, saveAndFetchChannelUrls, saveChannelUrls } from "~/lib/sources/channel-manager.server";
import { ChannelAnalysisSchema, ChannelManagerSchema, type ChannelAnalysis } from "~/lib/sources/channel-manager-forms";
import { SELECT_CITY } from "~/lib/sources/channel-manager";
import type { ToastInput } from "~/lib/toast/toast";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import { isVideoSourceError } from "~/lib/youtube/sources.server";
import type { Route } from "./+types/youtube-manager";

export const meta: Route.MetaFunction = () => [{ title: `YouTube Channel Manager | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "YouTube Channel Manager" };

const ANALYZED = "Channel analyzed successfully";
const ANALYZE_FAILED = "Failed to analyze channel. Please check the URL and try again.";
const SAVE_FAILED = "Failed to save URLs. Please try again.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, PAGE_DENIED);
  const cities = await listCitiesForAdmin();
  const requested = new URL(request.url).searchParams.get("city");
  return {
    cities,
    cityId: cities.some((city) => city.id === requested) ? requested! : "",
    keyless: !settings().YOUTUBE_API_KEY,
  };
}

/** The product's own words for a refused form: the first message of the fields that matter most. */
function refusal(intent: string, errors: Record<string, string[] | null> | undefined): ToastInput {
  const first = (field: string) => errors?.[field]?.[0];
  if (intent === "save" || intent === "save-and-fetch") {
    const title = first("cityId") ?? first("analyzedUrl") ?? SAVE_FAILED;
    return { type: "error", title, description: title === SAVE_FAILED ? first("playlistIds") : undefined };
  }
  return { type: "error", title: first("url") ?? ANALYZE_FAILED };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request, PAGE_DENIED);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ChannelManagerSchema });
  if (submission.status !== "success") {
    const reply = submission.reply();
    const toast = refusal(String(formData.get("intent") ?? ""), reply.error ?? undefined);
    return dataWithToast({ result: reply, ...shownAgain(formData) }, toast, { status: 400 });
  }
  const posted = submission.value;
  if (posted.intent === "analyze") {
    try {
      const analysis = await analyzeChannel(posted.url);
      return dataWithToast(
        { result: submission.reply(), analysis, analyzedUrl: posted.url },
        { type: "success", title: ANALYZED },
      );
    } catch (error) {
      return failure(error, ANALYZE_FAILED, submission.reply());
    }
  }
  const cities = await listCitiesForAdmin();
  if (!cities.some((city) => city.id === posted.cityId))
    return dataWithToast(
      { result: submission.reply(), ...shownAgain(formData) },
      { type: "error", title: SELECT_CITY },
      { status: 400 },
    );
  try {
    const fetching = posted.intent === "save-and-fetch";
    const { saved, alreadyThere, queued } = fetching
      ? await saveAndFetchChannelUrls(posted.cityId, posted, user.id)
      : { ...(await saveChannelUrls(posted.cityId, posted)), queued: 0 };
    const notes = [
      alreadyThere > 0 ? `${alreadyThere} already among the city's URLs.` : "",
      fetching
        ? `Refresh queued for ${countOf(queued, "URL")}: the videos arrive in City Management as the worker runs them.`
        : "",
    ].filter(Boolean);
    return redirectWithToast(`${href("/admin/youtube-manager")}?city=${posted.cityId}`, {
      type: "success",
      title: `Saved ${saved} URL(s) successfully`,
      description: notes.length > 0 ? notes.join(" ") : undefined,
    });
  } catch (error) {
    return failure(error, SAVE_FAILED, submission.reply(), shownAgain(formData));
  }
}

/**
 * The analysis a refused Save shows again, from the copy the form carries
 * (only for display: Save analyzes the URL again before it writes).
 */
function shownAgain(formData: FormData): { analysis: ChannelAnalysis | null; analyzedUrl: string } {
  const analyzedUrl = String(formData.get("analyzedUrl") ?? "");
  const parsed = ChannelAnalysisSchema.safeParse(parseJson(String(formData.get("analysis") ?? "")));
  return parsed.success && analyzedUrl ? { analysis: parsed.data, analyzedUrl } : { analysis: null, analyzedUrl: "" };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A video-site failure is the admin's to read (bad URL, offline); anything else is logged. */
function failure(
  error: unknown,
  title: string,
  result: unknown,
  shown: { analysis: ChannelAnalysis | null; analyzedUrl: string } = { analysis: null, analyzedUrl: "" },
) {
  if (!isVideoSourceError(error)) console.error(`YouTube Channel Manager: ${title}`, error);
  const description = isVideoSourceError(error) ? error.message : "Please try again.";
  const status = isVideoSourceError(error) ? (error.code === "unavailable" ? 502 : 422) : 500;
  return dataWithToast({ result, ...shown }, { type: "error", title, description }, { status });
}

export default function YoutubeManager({ loaderData }: Route.ComponentProps) {
  return (
    <YoutubeManagerScreen cities={loaderData.cities} chosenCity={loaderData.cityId} keyless={loaderData.keyless} />
  );
}
