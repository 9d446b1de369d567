/**
 * The videos admins removed from the city: refreshes skip them. Restore
 * forgets the removal and brings the video back (docs/decisions/0047).
 */
import { Button } from "~/components/forms/fields";
import { formatDate, formatDateTime } from "~/lib/format/date";
import type { RemovedVideo } from "~/lib/sources/videos.server";
import { usePageFetcher } from "./page-fetcher";

export function RemovedVideos({
  cityId,
  urlId,
  removed,
}: {
  cityId: string;
  urlId: string | null;
  removed: RemovedVideo[];
}) {
  if (removed.length === 0) return null;
  return (
    <section aria-labelledby="removed-videos-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="removed-videos-heading" className="text-xl font-semibold">
        Removed by an admin
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Refreshes of the city&rsquo;s URLs skip these videos. Restore brings one back as a new meeting.
      </p>
      <ul className="mt-4 space-y-2">
        {removed.map((video) => (
          <RemovedRow key={video.videoId} cityId={cityId} urlId={urlId} video={video} />
        ))}
      </ul>
    </section>
  );
}

function RemovedRow({ cityId, urlId, video }: { cityId: string; urlId: string | null; video: RemovedVideo }) {
  const { fetcher, marker } = usePageFetcher(`restore-video:${video.videoId}`);
  const name = video.title ?? video.videoId;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-slate-600">
          {video.publishedAt ? formatDate(video.publishedAt) : "No date"} · {video.videoId} · removed by{" "}
          {video.deletedBy ?? "an admin"} on {formatDateTime(video.deletedAt)}
        </p>
      </div>
      <fetcher.Form method="post">
        {marker}
        <input type="hidden" name="intent" value="restore-video" />
        <input type="hidden" name="cityId" value={cityId} />
        <input type="hidden" name="urlId" value={urlId ?? ""} />
        <input type="hidden" name="videoId" value={video.videoId} />
        <Button variant="secondary" disabled={fetcher.state !== "idle"} aria-label={`Restore ${name}`}>
          Restore
        </Button>
      </fetcher.Form>
    </li>
  );
}
