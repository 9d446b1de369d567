import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { Toaster } from "~/components/ui/toaster";
import { cityPageHref, loadMoreUrl, type CityPageState } from "~/lib/videos/city-page-state";
import type { VideoCardData } from "~/lib/videos/videos.server";
import type { CityColors } from "./city-colors";
import { VideoCard } from "./video-card";

export type VideoPage = { videos: VideoCardData[]; hasMore: boolean; page: number };

type LoadMoreData = VideoPage | { error: string };

/** Pages appended to the list the server rendered (`base`), and the page being fetched. */
type Appended = { base: VideoPage; pages: VideoPage[]; awaiting: number | null };

/**
 * The recent meetings, newest first, with Load More. Without JavaScript Load
 * More is a link to the next `?page=`, which the server renders in full. With
 * JavaScript a fetcher reads only the next page from /resources/city-videos,
 * appends it in place, and the URL is updated (without reloading) so that
 * the view can still be shared.
 */
export function VideoList({
  initial,
  cityKey,
  colors,
  isAdmin,
  pageState,
}: {
  initial: VideoPage;
  cityKey: string;
  colors: CityColors;
  isAdmin: boolean;
  /** The rest of the page's URL state, kept in Load More links. */
  pageState: Omit<CityPageState, "page">;
}) {
  const fetcher = useFetcher<LoadMoreData>();
  const navigate = useNavigate();
  const [appended, setAppended] = useState<Appended>({ base: initial, pages: [], awaiting: null });
  // A new list from the server (another source, a revalidation) starts over.
  const current: Appended = appended.base === initial ? appended : { base: initial, pages: [], awaiting: null };
  const last = current.pages.at(-1) ?? initial;
  const fetched = fetcher.data;
  const loading = fetcher.state !== "idle";
  if (!loading && fetched && !("error" in fetched) && fetched.page === current.awaiting && fetched.page === last.page + 1) {
    setAppended({ base: initial, pages: [...current.pages, fetched], awaiting: null });
  }
  const failed = !loading && current.awaiting !== null && fetched && "error" in fetched ? fetched.error : null;
  const videos = [initial, ...current.pages].flatMap((page) => page.videos);

  const shownHref = last.page > initial.page ? cityPageHref(cityKey, { ...pageState, page: last.page }) : null;
  const nextHref = cityPageHref(cityKey, { ...pageState, page: last.page + 1 });
  const nextDataUrl = loadMoreUrl(cityKey, pageState.source, last.page + 1);

  useEffect(() => {
    // Keep the URL in step with what is shown; the index route does not
    // reload for it (its shouldRevalidate).
    if (shownHref) void navigate(shownHref, { replace: true, preventScrollReset: true });
  }, [shownHref, navigate]);

  if (videos.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        No videos available yet.
      </p>
    );
  }

  return (
    <div>
      {failed ? <Toaster toast={{ id: `load-more:${last.page + 1}`, type: "error", title: failed }} /> : null}
      <ul className="grid gap-6 sm:grid-cols-2" aria-label="Meeting videos">
        {videos.map((video) => (
          <li key={video.id} className="flex">
            <VideoCard video={video} cityKey={cityKey} colors={colors} isAdmin={isAdmin} />
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-2">
        {last.hasMore ? (
          <Link
            to={nextHref}
            preventScrollReset
            replace
            aria-disabled={loading || undefined}
            className="rounded-md border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-900 hover:bg-slate-50 aria-disabled:opacity-60"
            onClick={(event) => {
              event.preventDefault();
              if (loading) return;
              setAppended({ ...current, awaiting: last.page + 1 });
              fetcher.load(nextDataUrl);
            }}
          >
            {loading ? "Loading…" : "Load More"}
          </Link>
        ) : null}
        <p aria-live="polite" className="text-sm text-slate-600">
          {loading ? "Loading more videos…" : failed ? <span className="text-red-700">{failed}</span> : null}
        </p>
      </div>
    </div>
  );
}
