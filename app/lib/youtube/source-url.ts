/**
 * What a YouTube URL points at as a source of videos: a playlist or a
 * channel (in any of its URL forms). Pure, so forms can use it on both sides.
 *
 *   parseSourceUrl("https://www.youtube.com/@RivertonCity")
 *   // { kind: "channel", by: "handle", value: "RivertonCity" }
 */

export type SourceRef =
  | { kind: "playlist"; playlistId: string }
  | { kind: "channel"; by: "id" | "handle" | "username" | "custom"; value: string };

const PLAYLIST_ID = /^[A-Za-z0-9_-]{10,64}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;

function isYoutubeHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "youtube.com" || host.endsWith(".youtube.com");
}

function channelRef(segments: string[]): SourceRef | null {
  const [first = "", second = ""] = segments.map((segment) => decodeURIComponent(segment));
  if (first.startsWith("@") && NAME.test(first.slice(1)))
    return { kind: "channel", by: "handle", value: first.slice(1) };
  if (first === "channel" && CHANNEL_ID.test(second)) return { kind: "channel", by: "id", value: second };
  if (first === "user" && NAME.test(second)) return { kind: "channel", by: "username", value: second };
  if (first === "c" && NAME.test(second)) return { kind: "channel", by: "custom", value: second };
  return null;
}

/** The source a URL names, or null when it is not a YouTube channel or playlist URL. */
export function parseSourceUrl(value: string): SourceRef | null {
  let url: URL;
  try {
    const text = value.trim();
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (!isYoutubeHost(url.hostname)) return null;
  const list = url.searchParams.get("list");
  if (list && PLAYLIST_ID.test(list)) return { kind: "playlist", playlistId: list };
  return channelRef(url.pathname.split("/").filter(Boolean));
}

/** A channel's uploads as a playlist: its id with UC turned into UU (how YouTube names it). */
export function uploadsPlaylistId(channelId: string): string {
  return `UU${channelId.slice(2)}`;
}

/**
 * A PostgreSQL regular expression matching the addresses of a channel and
 * of its uploads playlist (UU…): of the sources that list a video, the most
 * general, so a playlist describes the video before them.
 */
export const CHANNEL_UPLOADS = "(list=UU|youtube\\.com/(@|channel/|c/|user/))";
