/**
 * Listing the videos of a YouTube channel or playlist, and describing a
 * channel (docs/decisions/0021-video-ingestion.md). With YOUTUBE_API_KEY it
 * uses the Data API v3 over fetch (every page of a playlist, a channel's
 * playlists); without it, the keyless channel and playlist feeds (their 15
 * newest videos). Both sit behind base URLs the tests point at a local fake,
 * and go through YOUTUBE_PROXY_URL when it is set (youtubeFetch).
 *
 *   const videos = await listSourceVideos("https://www.youtube.com/@RivertonCity");
 *   // throws VideoSourceError { code: "not-a-source" | "not-found" | "unavailable" }
 */
import { settings } from "~/lib/env/settings.server";
import { proxyFailure, youtubeFetch } from "./http.server";
import { parseSourceUrl, uploadsPlaylistId, type SourceRef } from "./source-url";

export type SourceVideo = {
  videoId: string;
  title: string;
  description: string;
  publishedAt: Date | null;
  url: string;
  channelTitle: string | null;
  thumbnailUrl: string | null;
};

export type ChannelPlaylist = { id: string; title: string; description: string; videoCount: number | null };

export type ChannelDescription = {
  channelId: string;
  title: string;
  description: string;
  /** Empty without YOUTUBE_API_KEY: the feeds do not list playlists. */
  playlists: ChannelPlaylist[];
  /** False without YOUTUBE_API_KEY: an empty `playlists` then says nothing about the channel. */
  playlistsListed: boolean;
};

export type VideoSourceErrorCode = "not-a-source" | "not-found" | "unavailable";

export class VideoSourceError extends Error {
  override name = "VideoSourceError";
  constructor(
    readonly code: VideoSourceErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isVideoSourceError(error: unknown): error is VideoSourceError {
  return error instanceof VideoSourceError;
}

const NOT_A_SOURCE = "This is not a YouTube channel or playlist URL.";
const PAGE_SIZE = 50;
/** Guards against a fake or broken API that hands out page tokens forever. */
const MAX_PAGES = 200;

type Http = { get(url: string): Promise<string> };

function createHttp(): Http {
  const timeoutMs = settings().YOUTUBE_TIMEOUT_MS;
  return {
    async get(url) {
      let response: Response;
      try {
        response = await youtubeFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new VideoSourceError(
          "unavailable",
          proxyFailure(error) ?? (timedOut ? "YouTube did not answer in time." : "YouTube could not be reached."),
        );
      }
      if (response.status === 404) throw new VideoSourceError("not-found", "YouTube has no such channel or playlist.");
      if (!response.ok)
        throw new VideoSourceError("unavailable", `YouTube answered with an error (${response.status}).`);
      return response.text();
    },
  };
}

function malformed(): VideoSourceError {
  return new VideoSourceError("unavailable", "YouTube answered with something Gavel cannot read.");
}

function watchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}

function toDate(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function requireRef(url: string): SourceRef {
  const ref = parseSourceUrl(url);
  if (!ref) throw new VideoSourceError("not-a-source", NOT_A_SOURCE);
  return ref;
}

// ---------------------------------------------------------------- channel pages

/** A channel's id from its page (handle, /c/ and /user/ URLs): the canonical link names it. */
async function channelIdFromPage(http: Http, ref: Extract<SourceRef, { kind: "channel" }>): Promise<string> {
  const base = settings().YOUTUBE_BASE_URL.replace(/\/$/, "");
  const path = ref.by === "handle" ? `@${ref.value}` : ref.by === "username" ? `user/${ref.value}` : `c/${ref.value}`;
  const page = await http.get(`${base}/${encodeURI(path)}`);
  const id =
    /<link rel="canonical" href="[^"]*\/channel\/(UC[A-Za-z0-9_-]{22})"/.exec(page)?.[1] ??
    /"(?:channelId|externalId)":"(UC[A-Za-z0-9_-]{22})"/.exec(page)?.[1];
  if (!id) throw malformed();
  return id;
}

// ---------------------------------------------------------------- Data API v3

type ApiPage<Item> = { items?: Item[]; nextPageToken?: string };

type ApiPlaylistItem = {
  snippet?: {
    title?: string;
    description?: string;
    publishedAt?: string;
    channelTitle?: string;
    videoOwnerChannelTitle?: string;
    thumbnails?: Record<string, { url?: string }>;
    resourceId?: { videoId?: string };
  };
  contentDetails?: { videoId?: string; videoPublishedAt?: string };
};

type ApiChannel = {
  id?: string;
  snippet?: { title?: string; description?: string };
  contentDetails?: { relatedPlaylists?: { uploads?: string } };
};

type ApiPlaylist = {
  id?: string;
  snippet?: { title?: string; description?: string };
  contentDetails?: { itemCount?: number };
};

async function apiGet<Item>(http: Http, resource: string, params: Record<string, string>): Promise<ApiPage<Item>> {
  const config = settings();
  const query = new URLSearchParams({ ...params, key: config.YOUTUBE_API_KEY ?? "" });
  const text = await http.get(`${config.YOUTUBE_API_BASE_URL.replace(/\/$/, "")}/${resource}?${query}`);
  try {
    const page = JSON.parse(text) as ApiPage<Item>;
    if (!page || typeof page !== "object" || (page.items !== undefined && !Array.isArray(page.items)))
      throw malformed();
    return page;
  } catch {
    throw malformed();
  }
}

async function apiAllPages<Item>(http: Http, resource: string, params: Record<string, string>): Promise<Item[]> {
  const items: Item[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await apiGet<Item>(http, resource, {
      ...params,
      maxResults: String(PAGE_SIZE),
      ...(pageToken ? { pageToken } : {}),
    });
    items.push(...(answer.items ?? []));
    pageToken = answer.nextPageToken;
    if (!pageToken) return items;
  }
  throw malformed();
}

/** Private and deleted videos stay in playlists with a placeholder title and no publication date. */
function fromPlaylistItem(item: ApiPlaylistItem): SourceVideo | null {
  const videoId = item.contentDetails?.videoId ?? item.snippet?.resourceId?.videoId;
  if (!videoId || !item.contentDetails?.videoPublishedAt) return null;
  const thumbnails = item.snippet?.thumbnails ?? {};
  return {
    videoId,
    title: item.snippet?.title ?? "",
    description: item.snippet?.description ?? "",
    publishedAt: toDate(item.contentDetails.videoPublishedAt) ?? toDate(item.snippet?.publishedAt),
    url: watchUrl(videoId),
    channelTitle: item.snippet?.videoOwnerChannelTitle ?? item.snippet?.channelTitle ?? null,
    thumbnailUrl: (thumbnails.high ?? thumbnails.medium ?? thumbnails.default)?.url ?? null,
  };
}

async function apiChannel(http: Http, ref: Extract<SourceRef, { kind: "channel" }>): Promise<ApiChannel> {
  const by: Record<string, string> =
    ref.by === "id"
      ? { id: ref.value }
      : ref.by === "handle"
        ? { forHandle: `@${ref.value}` }
        : ref.by === "username"
          ? { forUsername: ref.value }
          : { id: await channelIdFromPage(http, ref) };
  const answer = await apiGet<ApiChannel>(http, "channels", { part: "snippet,contentDetails", ...by });
  const channel = answer.items?.[0];
  if (!channel?.id) throw new VideoSourceError("not-found", "YouTube has no such channel.");
  return channel;
}

async function apiListVideos(http: Http, ref: SourceRef): Promise<SourceVideo[]> {
  const playlistId =
    ref.kind === "playlist"
      ? ref.playlistId
      : await apiChannel(http, ref).then(
          (channel) => channel.contentDetails?.relatedPlaylists?.uploads ?? uploadsPlaylistId(channel.id!),
        );
  const items = await apiAllPages<ApiPlaylistItem>(http, "playlistItems", {
    part: "snippet,contentDetails",
    playlistId,
  });
  return items.map(fromPlaylistItem).filter((video): video is SourceVideo => video !== null);
}

async function apiDescribeChannel(http: Http, ref: Extract<SourceRef, { kind: "channel" }>) {
  const channel = await apiChannel(http, ref);
  const playlists = await apiAllPages<ApiPlaylist>(http, "playlists", {
    part: "snippet,contentDetails",
    channelId: channel.id!,
  });
  return {
    channelId: channel.id!,
    title: channel.snippet?.title ?? "",
    description: channel.snippet?.description ?? "",
    playlistsListed: true,
    playlists: playlists
      .filter((playlist) => playlist.id)
      .map((playlist) => ({
        id: playlist.id!,
        title: playlist.snippet?.title ?? "",
        description: playlist.snippet?.description ?? "",
        videoCount: playlist.contentDetails?.itemCount ?? null,
      })),
  };
}

// ---------------------------------------------------------------- keyless feeds

function decodeXml(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, "&");
}

function tag(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? decodeXml(match[1]!.trim()) : null;
}

type Feed = { title: string; videos: SourceVideo[] };

/** The Atom feed YouTube publishes for every channel and playlist. */
function parseFeed(xml: string): Feed {
  if (!/<feed[\s>]/.test(xml)) throw malformed();
  const channelTitle = tag(xml.split("<entry>")[0] ?? "", "title") ?? "";
  const videos = [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].flatMap(([, entry = ""]) => {
    const videoId = tag(entry, "yt:videoId");
    if (!videoId) return [];
    return [
      {
        videoId,
        title: tag(entry, "title") ?? "",
        description: tag(entry, "media:description") ?? "",
        publishedAt: toDate(tag(entry, "published")),
        url: watchUrl(videoId),
        channelTitle: tag(entry, "name") ?? (channelTitle || null),
        thumbnailUrl: /<media:thumbnail url="([^"]+)"/.exec(entry)?.[1] ?? null,
      },
    ];
  });
  return { title: channelTitle, videos };
}

async function feedOf(http: Http, ref: SourceRef): Promise<Feed & { channelId: string | null }> {
  const base = settings().YOUTUBE_BASE_URL.replace(/\/$/, "");
  const channelId = ref.kind === "playlist" ? null : ref.by === "id" ? ref.value : await channelIdFromPage(http, ref);
  const query = ref.kind === "playlist" ? `playlist_id=${ref.playlistId}` : `channel_id=${channelId}`;
  return { ...parseFeed(await http.get(`${base}/feeds/videos.xml?${query}`)), channelId };
}

// ---------------------------------------------------------------- the two functions

function hasApiKey(): boolean {
  return Boolean(settings().YOUTUBE_API_KEY);
}

/** Every video of a channel's uploads or of a playlist, newest first as YouTube lists them. */
export async function listSourceVideos(url: string): Promise<SourceVideo[]> {
  const ref = requireRef(url);
  const http = createHttp();
  return hasApiKey() ? apiListVideos(http, ref) : (await feedOf(http, ref)).videos;
}

export type PlaylistDescription = { title: string; description: string; videos: SourceVideo[] };

/**
 * A playlist's title and description, and its videos: with a key from the
 * Data API (every video), keyless from the playlist's feed (its title; the
 * 15 newest videos).
 */
export async function describePlaylist(url: string): Promise<PlaylistDescription> {
  const ref = requireRef(url);
  if (ref.kind !== "playlist") throw new VideoSourceError("not-a-source", "This is not a YouTube playlist URL.");
  const http = createHttp();
  if (!hasApiKey()) {
    const feed = await feedOf(http, ref);
    return { title: feed.title, description: "", videos: feed.videos };
  }
  const answer = await apiGet<ApiPlaylist>(http, "playlists", { part: "snippet", id: ref.playlistId });
  const playlist = answer.items?.[0];
  const videos = await apiListVideos(http, ref);
  return { title: playlist?.snippet?.title ?? "", description: playlist?.snippet?.description ?? "", videos };
}

/** A channel's title, description and playlists, for the YouTube Channel Manager. */
export async function describeChannel(url: string): Promise<ChannelDescription> {
  const ref = requireRef(url);
  if (ref.kind !== "channel") throw new VideoSourceError("not-a-source", "This is not a YouTube channel URL.");
  const http = createHttp();
  if (hasApiKey()) return apiDescribeChannel(http, ref);
  const feed = await feedOf(http, ref);
  return { channelId: feed.channelId!, title: feed.title, description: "", playlists: [], playlistsListed: false };
}
