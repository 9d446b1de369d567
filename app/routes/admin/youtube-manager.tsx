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
import { useState } from "react";
import type { z } from "zod";
import { Form, href, useActionData, useLoaderData, useLocation, useNavigation, type MetaFunction } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { Button, Field, SelectField } from "~/components/forms/fields";
import { getFormProps, useSchemaForm, type LastResult } from "~/components/forms/use-schema-form";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { PAGE_DENIED, requireAdmin } from "~/lib/auth/session.server";
import { listCitiesForAdmin } from "~/lib/cities/admin.server";
import { countOf } from "~/lib/format/count";
import { PRODUCT_NAME } from "~/lib/constants";
import { analyzeChannel, saveChannelUrls } from "~/lib/sources/channel-manager.server";
import {
  ChannelAnalysisSchema,
  ChannelManagerSchema,
  DEFAULT_CONTENT_TYPE,
  DEFAULT_SOURCE_TYPE,
  MANAGER_ENTITY_TYPES,
  NO_CHANNEL_DATA,
  SELECT_CITY,
  type ChannelAnalysis,
} from "~/lib/sources/channel-manager-forms";
import type { ToastInput } from "~/lib/toast/toast";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import { isVideoSourceError } from "~/lib/youtube/sources.server";
import type { Route } from "./+types/youtube-manager";

export const meta: MetaFunction = () => [{ title: `YouTube Channel Manager | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "YouTube Channel Manager" };

const ANALYZED = "Channel analyzed successfully";
const ANALYZE_FAILED = "Failed to analyze channel. Please check the URL and try again.";
const SAVE_FAILED = "Failed to save URLs. Please try again.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, PAGE_DENIED);
  const cities = await listCitiesForAdmin();
  const requested = new URL(request.url).searchParams.get("city");
  return { cities, cityId: cities.some((city) => city.id === requested) ? requested! : "" };
}

/** The product's own words for a refused form: the first message of the fields that matter most. */
function refusal(intent: string, errors: Record<string, string[] | null> | undefined): ToastInput {
  const first = (field: string) => errors?.[field]?.[0];
  if (intent === "save") {
    const title = first("cityId") ?? first("analyzedUrl") ?? SAVE_FAILED;
    return { type: "error", title, description: title === SAVE_FAILED ? first("playlistIds") : undefined };
  }
  return { type: "error", title: first("url") ?? ANALYZE_FAILED };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, PAGE_DENIED);
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
    const { saved, alreadyThere } = await saveChannelUrls(posted.cityId, posted);
    const description = alreadyThere > 0 ? `${alreadyThere} already among the city's URLs.` : undefined;
    return redirectWithToast(`${href("/admin/youtube-manager")}?city=${posted.cityId}`, {
      type: "success",
      title: `Saved ${saved} URL(s) successfully`,
      description,
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

// ---------------------------------------------------------------- page

type ActionData = {
  result?: LastResult;
  analysis: ChannelAnalysis | null;
  analyzedUrl: string;
};

export default function YoutubeManager() {
  // A new location (after Analyze, or the redirect after Save) starts the form afresh from the server's answer.
  const location = useLocation();
  return (
    <>
      <h1 className="text-3xl font-bold">YouTube Channel Manager</h1>
      <ChannelForm key={location.key} />
    </>
  );
}

function ChannelForm() {
  const { cities, cityId: chosenCity } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm<z.input<typeof ChannelManagerSchema>>({
    id: "youtube-manager",
    lastResult: actionData?.result,
  });
  const initial = (name: string, fallback: string) => {
    const value = (form.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : fallback;
  };
  const [cityId, setCityId] = useState(initial("cityId", chosenCity));
  const [url, setUrl] = useState(initial("url", ""));
  const analysis = actionData?.analysis ?? null;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
        <SelectField
          label="City"
          name={fields.cityId.name}
          value={cityId}
          onChange={(event) => setCityId(event.currentTarget.value)}
          placeholder="Select a city"
          options={cities.map((city) => ({ value: city.id, label: `${city.name}, ${city.state}` }))}
          errors={fields.cityId.errors}
        />
        <Field
          label="Channel or playlist URL"
          id={fields.url.id}
          name={fields.url.name}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          placeholder="https://www.youtube.com/@yourcity"
          hint="A channel (/@handle, /channel/UC…, /c/…, /user/…) or a playlist link."
          errors={fields.url.errors}
        />
        <Field
          label="Source type"
          name={fields.sourceType.name}
          defaultValue={initial("sourceType", DEFAULT_SOURCE_TYPE)}
        />
        <Field
          label="Content type"
          name={fields.contentType.name}
          defaultValue={initial("contentType", DEFAULT_CONTENT_TYPE)}
        />
        <SelectField
          label="Entity type"
          name={fields.entityType.name}
          defaultValue={initial("entityType", "Government")}
          options={MANAGER_ENTITY_TYPES.map((value) => ({ value, label: value }))}
        />
        <div className="flex items-end">
          <Button name="intent" value="analyze" disabled={hydrated && (busy || url.trim() === "")}>
            Analyze Channel
          </Button>
        </div>
      </section>
      {analysis ? (
        <AnalysisResults analysis={analysis} analyzedUrl={actionData?.analyzedUrl ?? ""} cityChosen={cityId !== ""} />
      ) : (
        <input type="hidden" name="analyzedUrl" value="" />
      )}
      {!analysis && fields.analyzedUrl.errors ? <p className="text-sm text-red-700">{NO_CHANNEL_DATA}</p> : null}
    </Form>
  );
}

function AnalysisResults({
  analysis,
  analyzedUrl,
  cityChosen,
}: {
  analysis: ChannelAnalysis;
  analyzedUrl: string;
  cityChosen: boolean;
}) {
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const [chosen, setChosen] = useState<string[]>([]);
  const [includeRecent, setIncludeRecent] = useState(false);
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const nothingChosen = chosen.length === 0 && !includeRecent;
  return (
    <section aria-labelledby="channel-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <input type="hidden" name="analyzedUrl" value={analyzedUrl} />
      <input type="hidden" name="analysis" value={JSON.stringify(analysis)} />
      <h2 id="channel-heading" className="text-xl font-semibold">
        {analysis.channelTitle || "Untitled channel"}
      </h2>
      {analysis.channelDescription ? (
        <p className="mt-2 whitespace-pre-line text-slate-700">{analysis.channelDescription}</p>
      ) : null}
      <h3 className="mt-6 font-semibold">Playlists</h3>
      {analysis.playlists.length === 0 ? (
        <p className="mt-2 text-slate-600">No playlists found for this channel.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {analysis.playlists.map((playlist) => (
            <li key={playlist.id} className="rounded-lg border border-slate-200 p-3">
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  name="playlistIds"
                  value={playlist.id}
                  className="mt-1"
                  onChange={(event) => toggle(playlist.id, event.currentTarget.checked)}
                />
                <span>
                  <span className="block font-medium">{playlist.title || playlist.id}</span>
                  {playlist.description ? (
                    <span className="block text-sm text-slate-600">{playlist.description}</span>
                  ) : null}
                  <span className="block text-sm text-slate-500">
                    {playlist.itemCount === null ? "Video count unknown" : countOf(playlist.itemCount, "video")}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {analysis.channelId ? (
        <label className="mt-4 flex items-center gap-3">
          <input
            type="checkbox"
            name="includeRecent"
            onChange={(event) => setIncludeRecent(event.currentTarget.checked)}
          />
          Include recent videos from channel
        </label>
      ) : null}
      <div className="mt-6">
        <Button name="intent" value="save" disabled={hydrated && (busy || nothingChosen || !cityChosen)}>
          Save Selected URLs
        </Button>
      </div>
    </section>
  );
}
