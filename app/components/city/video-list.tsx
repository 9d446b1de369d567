import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useShowToast } from "~/components/ui/toaster";
import { VIDEOS_PER_PAGE } from "~/lib/constants";
import { cityPageHref, loadMoreUrl, type CityPageState } from "~/lib/cities/page-state";
import type { VideoCardData } from "~/lib/meetings/meetings.server";
import type { CityColors } from "./city-colors";
import { VideoCard } from "./video-card";
import { LOAD_MORE_ERROR } from "~/lib/constants";

export type VideoPage = { videos: VideoCardData[]; hasMore: boolean; page: number };

/** The text for a failed Load More (docs/product.md#messages-city-page). */

/** Pages appended to the list the server rendered (`base`). */
type Appended = { base: VideoPage; pages: VideoPage[] };

type LoadState = { status: "idle" | "loading" | "failed" };

/** The id of the card at this 1-based position: Load More links point at the first new one. */
export function videoCardId(position: number): string {
  return `meeting-${position}`;
}

function isVideoPage(body: unknown, page: number): body is VideoPage {
  const candidate = body as Partial<VideoPage> | null;
  return Boolean(
    candidate && Array.isArray(candidate.videos) && typeof candidate.hasMore === "boolean" && candidate.page === page,
  );
}

/** One page of a city's videos from /resources/city-videos; throws on any failure. */
async function fetchVideoPage(url: string, page: number): Promise<VideoPage> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  const body: unknown = response.ok ? await response.json() : null;
  if (!isVideoPage(body, page)) throw new Error(`Load More failed (HTTP ${response.status})`);
  return body;
}

/**
 * The recent meetings, newest first, with Load More. Without JavaScript Load
 * More is a link to the next `?page=`, which the server renders in full, and
 * its `#` fragment lands on the first new card. With JavaScript only the
 * next page is fetched and appended in place, and the URL is updated
 * (without reloading) so that the view can still be shared. A failed fetch,
 * whatever the cause, keeps the cards shown, says so, and can be retried.
 * (A plain fetch, not a fetcher: a fetcher hands errors to the route's error
 * boundary, which would replace the list.)
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
  const navigate = useNavigate();
  const [appended, setAppended] = useState<Appended>({ base: initial, pages: [] });
  const [load, setLoad] = useState<LoadState>({ status: "idle" });
  const failures = useRef(0);
  const showToast = useShowToast();
  // A new list from the server (another source, a revalidation) starts over.
  const current: Appended = appended.base === initial ? appended : { base: initial, pages: [] };
  const last = current.pages.at(-1) ?? initial;
  const loading = load.status === "loading";
  const videos = [initial, ...current.pages].flatMap((page) => page.videos);

  const shownHref = last.page > initial.page ? cityPageHref(cityKey, { ...pageState, page: last.page }) : null;
  const nextPage = last.page + 1;
  const nextHref = `${cityPageHref(cityKey, { ...pageState, page: nextPage })}#${videoCardId(last.page * VIDEOS_PER_PAGE + 1)}`;

  useEffect(() => {
    // Keep the URL in step with what is shown; the index route does not
    // reload for it (its shouldRevalidate).
    if (shownHref) void navigate(shownHref, { replace: true, preventScrollReset: true });
  }, [shownHref, navigate]);

  async function loadMore() {
    if (loading) return;
    setLoad({ status: "loading" });
    try {
      const page = await fetchVideoPage(loadMoreUrl(cityKey, pageState.source, nextPage), nextPage);
      setAppended((shown) =>
        shown.base === current.base && (shown.pages.at(-1) ?? shown.base).page === page.page - 1
          ? { base: shown.base, pages: [...shown.pages, page] }
          : shown,
      );
      setLoad({ status: "idle" });
    } catch (error) {
      console.error(error);
      failures.current += 1;
      setLoad({ status: "failed" });
      showToast({ id: `load-more:${failures.current}`, type: "error", title: LOAD_MORE_ERROR });
    }
  }

  if (videos.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        No videos available yet.
      </p>
    );
  }

  return (
    <div>
      <ul className="grid gap-6 sm:grid-cols-2" aria-label="Meeting videos">
        {videos.map((video, index) => (
          <li key={video.id} id={videoCardId(index + 1)} className="flex scroll-mt-4">
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
              void loadMore();
            }}
          >
            {loading ? "Loading…" : "Load More"}
          </Link>
        ) : null}
        <p aria-live="polite" className="text-sm text-slate-600">
          {loading ? (
            "Loading more videos…"
          ) : load.status === "failed" ? (
            <span className="text-red-700">{LOAD_MORE_ERROR}</span>
          ) : null}
        </p>
      </div>
    </div>
  );
}
