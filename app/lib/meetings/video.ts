/**
 * A meeting's video and its moments: which video links can be embedded
 * (video-site watch and short links only: docs/product.md#rules-meetings),
 * the privacy-friendly player address for them, and the `?t=` of a moment.
 * (The meeting pages' own addresses are in links.ts, which every page with a
 * meeting card loads.)
 */
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { differOnlyIn } from "~/lib/http/search-params";

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);
/** Longest start offset we accept from a URL: a day. */
const MAX_START_SECONDS = 24 * 60 * 60;

/** The YouTube video id of a watch (youtube.com/watch?v=) or short (youtu.be/) link, else null. */
export function youTubeVideoId(videoUrl: string | null | undefined): string | null {
  if (!videoUrl) return null;
  let url: URL;
  try {
    url = new URL(videoUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (WATCH_HOSTS.has(host) && url.pathname === "/watch") id = url.searchParams.get("v");
  else if (SHORT_HOSTS.has(host)) id = url.pathname.slice(1).split("/")[0] ?? null;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export function embedUrl(videoId: string, startSeconds: number | null): string {
  const base = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
  return startSeconds === null ? base : `${base}?start=${startSeconds}`;
}

/** The video's own page, at the moment when one is linked (`t=` is understood by the video site). */
export function watchUrl(videoUrl: string, startSeconds: number | null): string {
  if (startSeconds === null || !youTubeVideoId(videoUrl)) return videoUrl;
  const url = new URL(videoUrl.trim());
  url.searchParams.set("t", `${startSeconds}s`);
  return url.toString();
}

/**
 * The `t` of a shareable moment link: whole seconds ("754"), or a clock time
 * ("12:34", "1:02:03"). Anything else, negative or beyond a day is ignored.
 */
export function parseStartSeconds(value: string | null | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;
  let seconds: number | null = null;
  if (/^\d{1,6}(\.\d+)?s?$/.test(text)) {
    seconds = Math.floor(Number.parseFloat(text));
  } else {
    const clock = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})$/.exec(text);
    if (clock && Number(clock[3]) < 60) {
      seconds = Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
    }
  }
  return seconds !== null && seconds <= MAX_START_SECONDS ? seconds : null;
}

/** The meeting page does not reload when only the moment (`?t=`) changes: the player moves. */
export function isOnlyMomentChange(current: URL, next: URL): boolean {
  return differOnlyIn("t", current, next);
}

/** shouldRevalidate of the meeting pages: a highlight's `?t=` link only moves the player. */
export function revalidateUnlessOnlyMomentChanged({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formMethod" | "defaultShouldRevalidate">): boolean {
  // The same URL again is a deliberate revalidate() (the pipeline's live updates): let it through.
  if (!formMethod && currentUrl.href !== nextUrl.href && isOnlyMomentChange(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}
