/**
 * City Management's videos table: the selected URL's videos, newest first,
 * with Refresh Videos and where the last refresh stands. A row shows a
 * video's title, date, id, description and the start of its transcript
 * (never the whole transcript: a 3-hour meeting's is hundreds of KB); its
 * title and description are edited in place, its transcript on a page of
 * its own (app/routes/admin/video-transcript.tsx).
 */
import { Link } from "react-router";
import type { z } from "zod";
import { SourceRefreshStatusNotice } from "~/components/admin/source-refresh-status";
import { Button, Field, TextareaField } from "~/components/forms/fields";
import { getFormProps, useSchemaForm } from "~/components/forms/use-schema-form";
import type { CityManagementData } from "~/lib/cities/city-management.server";
import { cityManagementPageHref as pageHref } from "~/lib/cities/city-management-links";
import type { UpdateVideoSchema } from "~/lib/cities/city-management-forms";
import type { AdminVideo } from "~/lib/sources/videos.server";
import { KeylessNote } from "~/components/admin/keyless-note";
import { LINK, usePageFetcher } from "./page-fetcher";
import { VideoRow } from "./video-row";

export function VideoTable({ data }: { data: CityManagementData }) {
  const { city, selectedUrl, videos, refresh: refreshStatus, edit, adding, creating, confirm } = data;
  const { fetcher: refresh, marker: refreshMarker } = usePageFetcher("refresh-videos");
  if (!city || !selectedUrl) return null;
  return (
    <section aria-labelledby="videos-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="videos-heading" className="text-xl font-semibold">
          Videos of {selectedUrl.title ?? selectedUrl.url}
        </h2>
        <refresh.Form method="post">
          {refreshMarker}
          <input type="hidden" name="intent" value="refresh-videos" />
          <input type="hidden" name="cityId" value={city.id} />
          <input type="hidden" name="urlId" value={selectedUrl.id} />
          <Button variant="secondary" disabled={refresh.state !== "idle"}>
            Refresh Videos
          </Button>
        </refresh.Form>
      </div>
      {data.keyless && data.selectedIsYoutube ? <KeylessNote where="refresh" /> : null}
      {refreshStatus ? (
        <SourceRefreshStatusNotice status={refreshStatus} autoRefresh={!edit && !adding && !creating && !confirm} />
      ) : null}
      {videos.length === 0 ? <p className="mt-4 text-slate-600">No videos found for this URL</p> : null}
      <ul className="mt-4 space-y-3">
        {videos.map((video) =>
          edit === `video:${video.id}` ? (
            <li key={video.id}>
              <VideoForm cityId={city.id} urlId={selectedUrl.id} video={video} />
            </li>
          ) : (
            <VideoRow
              key={video.id}
              cityId={city.id}
              urlId={selectedUrl.id}
              video={video}
              caption={data.captions[video.id] ?? null}
              confirming={confirm?.kind === "video" && confirm.id === video.id}
            />
          ),
        )}
      </ul>
    </section>
  );
}

/** Title and description: a small form, whatever the length of the transcript. */
function VideoForm({ cityId, urlId, video }: { cityId: string; urlId: string; video: AdminVideo }) {
  const { fetcher, lastResult, marker } = usePageFetcher(`update-video:${video.id}`);
  const [form, fields] = useSchemaForm<z.input<typeof UpdateVideoSchema>>({
    id: `video-${video.id}`,
    lastResult,
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-label="Edit video"
      className="grid gap-3 rounded-lg border border-brand-600 p-3"
    >
      {marker}
      <input type="hidden" name="intent" value="update-video" />
      <input type="hidden" name="cityId" value={cityId} />
      <input type="hidden" name="urlId" value={urlId} />
      <input type="hidden" name="meetingId" value={video.id} />
      <Field label="Title" name={fields.title!.name} defaultValue={video.title ?? ""} />
      <TextareaField
        label="Description"
        name={fields.description!.name}
        defaultValue={video.description ?? ""}
        rows={3}
      />
      <div className="flex flex-wrap gap-3">
        <Button disabled={fetcher.state !== "idle"}>Save</Button>
        <Link className={LINK} to={pageHref({ city: cityId, url: urlId })}>
          Cancel
        </Link>
      </div>
    </fetcher.Form>
  );
}
