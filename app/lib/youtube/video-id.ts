/**
 * The YouTube id of a video: an 11-character id, or taken from a watch URL
 * (`?v=`), a short link (`youtu.be/ID`), or an embed, shorts or live URL.
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const PATH_ID = /^\/(?:embed|shorts|live|v|e)\/([A-Za-z0-9_-]{11})(?:[/?#]|$)/;

function isYoutubeHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === "youtube.com" ||
    host.endsWith(".youtube.com") ||
    host === "youtube-nocookie.com" ||
    host.endsWith(".youtube-nocookie.com")
  );
}

function idFromUrl(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (host === "youtu.be" || host === "www.youtu.be") {
    const id = url.pathname.split("/")[1] ?? "";
    return VIDEO_ID.test(id) ? id : null;
  }
  if (!isYoutubeHost(host)) return null;
  const fromQuery = url.searchParams.get("v");
  if (fromQuery && VIDEO_ID.test(fromQuery)) return fromQuery;
  return PATH_ID.exec(url.pathname)?.[1] ?? null;
}

/** The id in `value` (an id or a URL), or null when there is none. */
export function youtubeVideoId(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (VIDEO_ID.test(text)) return text;
  try {
    return idFromUrl(new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`));
  } catch {
    return null;
  }
}

/** A city video's YouTube id: its video_id column when that is one, else from its URL. */
export function youtubeIdOfVideo(video: { videoId: string | null; videoUrl: string | null }): string | null {
  return youtubeVideoId(video.videoId) ?? youtubeVideoId(video.videoUrl);
}
