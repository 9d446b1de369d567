/**
 * /admin/youtube-manager's screen (the route, app/routes/admin/youtube-manager.tsx,
 * analyzes and saves): one plain form with three intents, Analyze Channel,
 * Save Selected URLs and Save and fetch (docs/decisions/0023 and 0047).
 * Without a YouTube API key it says what a key changes.
 */
import { useState } from "react";
import type { z } from "zod";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { KeylessNote } from "~/components/admin/keyless-note";
import { Button, Field, SelectField } from "~/components/forms/fields";
import { getFormProps, useSchemaForm, type LastResult } from "~/components/forms/use-schema-form";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { countOf } from "~/lib/format/count";
import type { ChannelAnalysis, ChannelManagerSchema } from "~/lib/sources/channel-manager-forms";
import {
  DEFAULT_CONTENT_TYPE,
  DEFAULT_SOURCE_TYPE,
  MANAGER_ENTITY_TYPES,
  NO_CHANNEL_DATA,
} from "~/lib/sources/channel-manager";

type ActionData = {
  result?: LastResult;
  analysis: ChannelAnalysis | null;
  analyzedUrl: string;
};

type City = { id: string; name: string; state: string };

export function YoutubeManagerScreen({
  cities,
  chosenCity,
  keyless,
}: {
  cities: City[];
  chosenCity: string;
  keyless: boolean;
}) {
  // A new answer starts the form afresh: an analysis (kept by its URL), or a
  // new location (the redirect after Save). Not the location alone: React
  // Router shows an action's data while the page's loaders revalidate and
  // moves to the new location only after, so an admin who ticked a playlist
  // in between lost it when the form started again (a flake under load that
  // a slow phone would meet too).
  const location = useLocation();
  const actionData = useActionData<ActionData>();
  const formKey = actionData?.analyzedUrl ? `analysis:${actionData.analyzedUrl}` : location.key;
  return (
    <>
      <h1 className="text-3xl font-bold">YouTube Channel Manager</h1>
      {keyless ? <KeylessNote where="channel" /> : null}
      <ChannelForm key={formKey} cities={cities} chosenCity={chosenCity} />
    </>
  );
}

function ChannelForm({ cities, chosenCity }: { cities: City[]; chosenCity: string }) {
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
  const saveDisabled = hydrated && (busy || nothingChosen || !cityChosen);
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
        <p className="mt-2 text-slate-600">
          {analysis.playlistsListed
            ? "No playlists found for this channel."
            : "The channel's playlists are not listed without a YouTube API key."}
        </p>
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
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button name="intent" value="save" disabled={saveDisabled}>
          Save Selected URLs
        </Button>
        <Button name="intent" value="save-and-fetch" variant="secondary" disabled={saveDisabled}>
          Save and fetch
        </Button>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Save and fetch also queues the first refresh of each chosen URL, so its videos arrive without pressing Refresh
        Videos in City Management.
      </p>
    </section>
  );
}
