/**
 * One row of City Management's videos table, and the confirmation its
 * Delete asks. Parts of a row (a caption status, say) go into `VideoRow`'s
 * `<VideoFacts>` list.
 */
import { href, Link } from "react-router";
import { CaptionStatus } from "~/components/captions/caption-status";
import { Button } from "~/components/forms/fields";
import type { CaptionStateView } from "~/lib/captions/reasons";
import { cityManagementPageHref as pageHref } from "~/lib/cities/city-management-links";
import { formatNumber } from "~/lib/format/count";
import { formatDate } from "~/lib/format/date";
import type { AdminVideo } from "~/lib/sources/videos.server";
import { ConfirmPanel } from "./confirm";
import { LINK, usePageFetcher } from "./page-fetcher";

const nameOf = (video: AdminVideo) => video.title ?? video.videoId;

/** Where a video's transcript is edited, and the page to go back to. */
export function transcriptHref(video: { id: string }, back: { urlId: string }): string {
  return `${href("/admin/city-management/videos/:meetingId/transcript", { meetingId: video.id })}?url=${back.urlId}`;
}

export function VideoRow({
  cityId,
  urlId,
  video,
  caption,
  confirming,
}: {
  cityId: string;
  urlId: string;
  video: AdminVideo;
  caption: CaptionStateView | null;
  confirming: boolean;
}) {
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium">{video.title ?? "Untitled"}</p>
          <p className="text-sm text-slate-500">
            {video.publishedAt ? formatDate(video.publishedAt) : "No date"} · {video.videoId}
          </p>
          {video.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-700">{video.description}</p> : null}
          <VideoFacts video={video} />
          <CaptionStatus
            meetingId={video.id}
            state={caption}
            returnTo={pageHref({ city: cityId, url: urlId })}
            title={nameOf(video)}
          />
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <Link className={LINK} to={pageHref({ city: cityId, url: urlId, edit: `video:${video.id}` })}>
            Edit <span className="sr-only">{nameOf(video)}</span>
          </Link>
          <Link className={LINK} to={transcriptHref(video, { urlId })}>
            Transcript <span className="sr-only">of {nameOf(video)}</span>
          </Link>
          <Link
            className="font-semibold text-red-700 hover:underline"
            to={pageHref({ city: cityId, url: urlId, confirm: `delete-video:${video.id}` })}
            preventScrollReset
          >
            Delete <span className="sr-only">{nameOf(video)}</span>
          </Link>
        </div>
      </div>
      {confirming ? (
        <DeleteVideoConfirm
          cityId={cityId}
          urlId={urlId}
          video={video}
          cancelTo={pageHref({ city: cityId, url: urlId })}
        />
      ) : null}
    </li>
  );
}

/** What the row says about the video beyond its title: its transcript's length and first words. */
function VideoFacts({ video }: { video: AdminVideo }) {
  return (
    <p className="mt-1 text-sm text-slate-600">
      {video.transcriptLength === null ? (
        "No transcript available"
      ) : (
        <>
          <span className="font-medium">Transcript: {formatNumber(video.transcriptLength)} characters.</span>{" "}
          <span className="line-clamp-1">
            {video.transcriptPreview}
            {video.transcriptLength > (video.transcriptPreview?.length ?? 0) ? "…" : ""}
          </span>
        </>
      )}
    </p>
  );
}

function DeleteVideoConfirm({
  cityId,
  urlId,
  video,
  cancelTo,
}: {
  cityId: string;
  urlId: string;
  video: AdminVideo;
  cancelTo: string;
}) {
  const { fetcher, marker } = usePageFetcher(`delete-video:${video.id}`);
  return (
    <div className="mt-3">
      <ConfirmPanel
        title={`Delete ${nameOf(video)}?`}
        cancelTo={cancelTo}
        action={
          <fetcher.Form method="post">
            {marker}
            <input type="hidden" name="intent" value="delete-video" />
            <input type="hidden" name="cityId" value={cityId} />
            <input type="hidden" name="urlId" value={urlId} />
            <input type="hidden" name="meetingId" value={video.id} />
            <Button className="bg-red-700 hover:bg-red-800" disabled={fetcher.state !== "idle"}>
              Delete video
            </Button>
          </fetcher.Form>
        }
      >
        <p>The meeting goes from the city with its transcript, analysis, story and their revisions.</p>
        <p>
          Refreshes will not bring it back: it is listed under Removed by an admin, where it can be restored (as a new
          meeting, its captions fetched again).
        </p>
      </ConfirmPanel>
    </div>
  );
}
