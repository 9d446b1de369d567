/**
 * A real HTTP server on 127.0.0.1 that answers the three requests
 * youtube-transcript-plus makes, for fixture videos:
 *
 *   GET  /watch?v=ID                 the watch page, with an INNERTUBE_API_KEY
 *   POST /youtubei/v1/player?key=K   the player response, with caption tracks
 *   GET  /api/timedtext?v=ID&lang=L  the caption track as <text start dur> XML
 *
 * and the three youtubei.js makes for the transcript panel (the second
 * caption client, docs/decisions/0049-captions-from-a-data-center.md):
 *
 *   POST /youtubei/v1/player         the player (WEB client, no key)
 *   POST /youtubei/v1/next           the watch page's panels, the transcript's among them
 *   POST /youtubei/v1/get_transcript the panel's timed lines
 *
 * and, for listing sources (app/lib/youtube/sources.server.ts), the Data API
 * v3 under /youtube/v3 (point YOUTUBE_API_BASE_URL at `apiBaseUrl`), the
 * keyless feeds (/feeds/videos.xml) and channel pages (/@handle, /c/…,
 * /user/…, /channel/UC…), for the channels and playlists given to it.
 *
 * Point the app at it with YOUTUBE_BASE_URL (or fetchCaptions's baseUrl).
 * Every request is recorded.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FakeCaption = { start: number; dur: number; text: string };

export type FakeVideo =
  /**
   * Captions in one or more languages (first track first), also in the
   * transcript panel. `signInOnPlayer`: the player answers a bot check
   * (LOGIN_REQUIRED) while the transcript panel still works.
   */
  | {
      kind: "captions";
      tracks: Array<{ lang: string; name?: string; asr?: boolean; captions: FakeCaption[] }>;
      signInOnPlayer?: boolean;
    }
  /** Playable, but no captions are published: the player has no `captions`, the watch page no transcript panel. */
  | { kind: "no-captions" }
  /** Playable, captions turned off: the player lists a `captions` object without tracks. */
  | { kind: "captions-disabled" }
  /** Private: the player says LOGIN_REQUIRED "This video is private". */
  | { kind: "private" }
  /** The site does not trust the client: the player asks to sign in ("not a bot"), the watch page has no transcript panel. */
  | { kind: "bot-check" }
  /** Every request about this video answers 429, with Retry-After when given (seconds). */
  | { kind: "rate-limited"; retryAfter?: number }
  /** Removed or private: the watch page is a 404. */
  | { kind: "removed" }
  /** The site fails: every request for this video answers with this status. */
  | { kind: "error"; status: number }
  /** The caption track request never answers. */
  | { kind: "hang-captions" };

export type FakeYoutubeRequest = {
  method: string;
  path: string;
  videoId: string | null;
  /** The Innertube client named in a POST's context (ANDROID for youtube-transcript-plus, WEB for youtubei.js). */
  clientName?: string | null;
  /** When it arrived (Date.now()). */
  at: number;
};

/** How a listing request fails: an HTTP status, no answer at all, or an answer that is not JSON/XML. */
export type FakeFailure = { status: number } | "hang" | "malformed";

export type FakeListedVideo = { videoId: string; title: string; description?: string; publishedAt: string };

export type FakePlaylist = {
  id: string;
  title: string;
  description?: string;
  videos: FakeListedVideo[];
  /** Items per Data API page (default 50). */
  pageSize?: number;
  /** Every listing request of this playlist fails so; with `failFromPage`, only that page and later ones. */
  failure?: FakeFailure;
  failFromPage?: number;
};

export type FakeChannel = {
  id: string;
  handle?: string;
  username?: string;
  customName?: string;
  title: string;
  description?: string;
  /** Its uploads, newest first (the playlist UU…). */
  uploads: FakeListedVideo[];
  playlistIds?: string[];
  failure?: FakeFailure;
};

export type FakeYoutubeServer = {
  baseUrl: string;
  /** For YOUTUBE_API_BASE_URL. */
  apiBaseUrl: string;
  requests: FakeYoutubeRequest[];
  setVideo(id: string, video: FakeVideo): void;
  setPlaylist(playlist: FakePlaylist): void;
  setChannel(channel: FakeChannel): void;
  close(): Promise<void>;
};

const API_KEY = "fake-innertube-key";

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function watchPage(): string {
  return `<!doctype html><html><head><title>Fake YouTube</title></head><body><script>var ytcfg = {"INNERTUBE_API_KEY":"${API_KEY}","INNERTUBE_CLIENT_NAME":"WEB"};</script></body></html>`;
}

const BOT_CHECK_REASON = "Sign in to confirm you’re not a bot";

function playerResponse(baseUrl: string, id: string, video: FakeVideo) {
  const details = { videoId: id, title: `Fake meeting ${id}`, author: "Fake City", lengthSeconds: "3600" };
  if (video.kind === "bot-check" || (video.kind === "captions" && video.signInOnPlayer))
    return { playabilityStatus: { status: "LOGIN_REQUIRED", reason: BOT_CHECK_REASON } };
  if (video.kind === "private")
    return { playabilityStatus: { status: "LOGIN_REQUIRED", reason: "This video is private" } };
  if (video.kind === "captions-disabled")
    return {
      playabilityStatus: { status: "OK" },
      videoDetails: details,
      captions: { playerCaptionsTracklistRenderer: { captionTracks: [] } },
    };
  if (video.kind !== "captions" && video.kind !== "hang-captions")
    return { playabilityStatus: { status: "OK" }, videoDetails: details };
  const tracks = video.kind === "captions" ? video.tracks : [{ lang: "en", name: "English", asr: false }];
  return {
    playabilityStatus: { status: "OK" },
    videoDetails: details,
    captions: {
      playerCaptionsTracklistRenderer: {
        captionTracks: tracks.map((track) => ({
          baseUrl: `${baseUrl}/api/timedtext?v=${id}&lang=${track.lang}&fmt=srv3`,
          languageCode: track.lang,
          name: { simpleText: track.name ?? track.lang },
          ...(track.asr ? { kind: "asr" } : {}),
        })),
      },
    },
  };
}

/** The watch page's panels as `next` lists them: the transcript's names its get_transcript params (the video id here). */
function nextResponse(id: string, video: FakeVideo) {
  const panels: unknown[] = [
    { engagementPanelSectionListRenderer: { panelIdentifier: "engagement-panel-structured-description" } },
  ];
  if (video.kind === "captions")
    panels.push({
      engagementPanelSectionListRenderer: {
        panelIdentifier: "engagement-panel-searchable-transcript",
        content: {
          continuationItemRenderer: {
            trigger: "CONTINUATION_TRIGGER_ON_ITEM_SHOWN",
            continuationEndpoint: {
              commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: "/youtubei/v1/get_transcript" } },
              getTranscriptEndpoint: { params: Buffer.from(`transcript:${id}`).toString("base64") },
            },
          },
        },
      },
    });
  return { engagementPanels: panels };
}

/** The transcript panel's lines (the first track), as get_transcript answers them. */
function transcriptPanelResponse(captions: FakeCaption[], language: string) {
  const segments = captions.map((caption) => ({
    transcriptSegmentRenderer: {
      startMs: String(Math.round(caption.start * 1000)),
      endMs: String(Math.round((caption.start + caption.dur) * 1000)),
      snippet: { runs: [{ text: caption.text.replace(/&amp;/g, "&") }] },
      startTimeText: {
        simpleText: `${Math.floor(caption.start / 60)}:${String(Math.floor(caption.start % 60)).padStart(2, "0")}`,
      },
    },
  }));
  return {
    actions: [
      {
        updateEngagementPanelAction: {
          targetId: "engagement-panel-searchable-transcript",
          content: {
            transcriptRenderer: {
              content: {
                transcriptSearchPanelRenderer: {
                  body: { transcriptSegmentListRenderer: { initialSegments: segments } },
                  footer: {
                    transcriptFooterRenderer: {
                      languageMenu: {
                        sortFilterSubMenuRenderer: {
                          subMenuItems: [
                            {
                              title: language,
                              selected: true,
                              continuation: { reloadContinuationData: { continuation: "x" } },
                            },
                          ],
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    ],
  };
}

function timedText(captions: FakeCaption[]): string {
  const body = captions.map((c) => `<text start="${c.start}" dur="${c.dur}">${xmlEscape(c.text)}</text>`).join("");
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${body}</transcript>`;
}

function uploadsOf(channel: FakeChannel): FakePlaylist {
  return { id: `UU${channel.id.slice(2)}`, title: "Uploads", videos: channel.uploads, failure: channel.failure };
}

function apiItem(playlist: FakePlaylist, video: FakeListedVideo, channelTitle: string) {
  return {
    snippet: {
      title: video.title,
      description: video.description ?? "",
      publishedAt: video.publishedAt,
      channelTitle,
      videoOwnerChannelTitle: channelTitle,
      playlistId: playlist.id,
      thumbnails: { high: { url: `https://i.ytimg.com/vi/${video.videoId}/hqdefault.jpg` } },
      resourceId: { kind: "youtube#video", videoId: video.videoId },
    },
    contentDetails: { videoId: video.videoId, videoPublishedAt: video.publishedAt },
  };
}

function feedXml(title: string, videos: FakeListedVideo[]): string {
  const entries = videos
    .slice(0, 15)
    .map(
      (video) =>
        `<entry><id>yt:video:${video.videoId}</id><yt:videoId>${video.videoId}</yt:videoId><title>${xmlEscape(video.title)}</title>` +
        `<author><name>${xmlEscape(title)}</name></author><published>${video.publishedAt}</published>` +
        `<media:group><media:title>${xmlEscape(video.title)}</media:title><media:thumbnail url="https://i.ytimg.com/vi/${video.videoId}/hqdefault.jpg" width="480" height="360"/>` +
        `<media:description>${xmlEscape(video.description ?? "")}</media:description></media:group></entry>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom"><title>${xmlEscape(title)}</title>${entries}</feed>`;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeYoutubeServer(videos: Record<string, FakeVideo> = {}): Promise<FakeYoutubeServer> {
  const catalog = new Map(Object.entries(videos));
  const playlists = new Map<string, FakePlaylist>();
  const channels = new Map<string, FakeChannel>();
  const requests: FakeYoutubeRequest[] = [];
  const sockets = new Set<Socket>();
  let baseUrl = "";

  const send = (response: http.ServerResponse, status: number, type: string, body: string) => {
    response.writeHead(status, { "content-type": type });
    response.end(body);
  };

  const fail = (response: http.ServerResponse, failure: FakeFailure) => {
    if (failure === "hang") return; // the socket stays open until the client gives up
    if (failure === "malformed") return send(response, 200, "application/json", "<html>{not json");
    return send(response, failure.status, "text/html", "<h1>Something went wrong</h1>");
  };
  const findChannel = (match: (channel: FakeChannel) => boolean) => [...channels.values()].find(match);
  const findPlaylist = (id: string | null) => {
    if (!id) return undefined;
    const channel = findChannel((c) => `UU${c.id.slice(2)}` === id);
    return channel ? uploadsOf(channel) : playlists.get(id);
  };
  const channelTitleOf = (playlist: FakePlaylist) =>
    findChannel((c) => `UU${c.id.slice(2)}` === playlist.id || (c.playlistIds ?? []).includes(playlist.id))?.title ??
    "Fake City";

  /** The Data API, the feeds and the channel pages; false when the request is none of them. */
  const listing = (url: URL, response: http.ServerResponse): boolean => {
    const json = (body: unknown) => send(response, 200, "application/json", JSON.stringify(body));
    const path = url.pathname;
    if (path.startsWith("/youtube/v3/")) {
      if (!url.searchParams.get("key")) send(response, 403, "application/json", '{"error":{"code":403}}');
      else if (path === "/youtube/v3/channels") {
        const q = url.searchParams;
        const channel = findChannel(
          (c) => c.id === q.get("id") || `@${c.handle}` === q.get("forHandle") || c.username === q.get("forUsername"),
        );
        if (channel?.failure) fail(response, channel.failure);
        else
          json({
            items: channel
              ? [
                  {
                    id: channel.id,
                    snippet: { title: channel.title, description: channel.description ?? "" },
                    contentDetails: { relatedPlaylists: { uploads: `UU${channel.id.slice(2)}` } },
                  },
                ]
              : [],
          });
      } else if (path === "/youtube/v3/playlists") {
        const channel = findChannel((c) => c.id === url.searchParams.get("channelId"));
        const ids = url.searchParams.get("id")?.split(",") ?? channel?.playlistIds ?? [];
        const items = ids.flatMap((id) => {
          const playlist = playlists.get(id);
          if (!playlist) return [];
          const snippet = { title: playlist.title, description: playlist.description ?? "" };
          return [{ id, snippet, contentDetails: { itemCount: playlist.videos.length } }];
        });
        json({ items });
      } else if (path === "/youtube/v3/playlistItems") {
        const playlist = findPlaylist(url.searchParams.get("playlistId"));
        const page = Number(url.searchParams.get("pageToken")?.replace("page-", "") ?? "0");
        if (!playlist) send(response, 404, "application/json", '{"error":{"code":404}}');
        else if (playlist.failure && page >= (playlist.failFromPage ?? 0)) fail(response, playlist.failure);
        else {
          const size = Math.min(Number(url.searchParams.get("maxResults") ?? 5), playlist.pageSize ?? 50);
          const videosOfPage = playlist.videos.slice(page * size, (page + 1) * size);
          const more = (page + 1) * size < playlist.videos.length;
          json({
            items: videosOfPage.map((video) => apiItem(playlist, video, channelTitleOf(playlist))),
            ...(more ? { nextPageToken: `page-${page + 1}` } : {}),
          });
        }
      } else send(response, 404, "application/json", "{}");
      return true;
    }
    if (path === "/feeds/videos.xml") {
      const channel = findChannel((c) => c.id === url.searchParams.get("channel_id"));
      const playlist = channel ? uploadsOf(channel) : findPlaylist(url.searchParams.get("playlist_id"));
      if (!playlist) send(response, 404, "text/html", "<h1>Not found</h1>");
      else if (playlist.failure) fail(response, playlist.failure);
      else send(response, 200, "text/xml", feedXml(channel?.title ?? playlist.title, playlist.videos));
      return true;
    }
    const [first = "", second = ""] = path.split("/").filter(Boolean).map(decodeURIComponent);
    const channel =
      first.startsWith("@") || ["channel", "user", "c"].includes(first)
        ? findChannel(
            (c) =>
              `@${c.handle}` === first ||
              (first === "channel" && c.id === second) ||
              (first === "user" && c.username === second) ||
              (first === "c" && c.customName === second),
          )
        : undefined;
    if (first.startsWith("@") || ["channel", "user", "c"].includes(first)) {
      if (!channel) send(response, 404, "text/html", "<h1>This page isn't available</h1>");
      else
        send(
          response,
          200,
          "text/html",
          `<!doctype html><html><head><link rel="canonical" href="https://www.youtube.com/channel/${channel.id}"></head><body>${xmlEscape(channel.title)}</body></html>`,
        );
      return true;
    }
    return false;
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", baseUrl);
    if (request.method === "GET" && listing(url, response)) {
      requests.push({ method: "GET", path: url.pathname, videoId: null, at: Date.now() });
      return;
    }
    const body = request.method === "POST" ? await readBody(request) : "";
    const posted = (body ? JSON.parse(body) : {}) as {
      videoId?: string;
      params?: string;
      context?: { client?: { clientName?: string } };
    };
    const fromParams = posted.params
      ? /^transcript:(.+)$/.exec(Buffer.from(posted.params, "base64").toString())?.[1]
      : null;
    const videoId = url.searchParams.get("v") ?? posted.videoId ?? fromParams ?? null;
    const clientName = posted.context?.client?.clientName ?? null;
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      videoId,
      at: Date.now(),
      ...(body ? { clientName } : {}),
    });
    const video = videoId ? catalog.get(videoId) : undefined;
    if (!video || video.kind === "removed")
      return send(response, 404, "text/html", "<h1>This video isn't available anymore</h1>");
    if (video.kind === "error") return send(response, video.status, "text/html", "<h1>Something went wrong</h1>");
    if (video.kind === "rate-limited") {
      response.writeHead(429, {
        "content-type": "text/html",
        ...(video.retryAfter !== undefined ? { "retry-after": String(video.retryAfter) } : {}),
      });
      return response.end("<h1>Too Many Requests</h1>");
    }

    if (request.method === "GET" && url.pathname === "/watch") return send(response, 200, "text/html", watchPage());
    if (request.method === "POST" && url.pathname === "/youtubei/v1/player") {
      // youtube-transcript-plus sends the page's key; youtubei.js (WEB client) none.
      const key = url.searchParams.get("key");
      if (key !== null && key !== API_KEY) return send(response, 403, "application/json", "{}");
      return send(response, 200, "application/json", JSON.stringify(playerResponse(baseUrl, videoId!, video)));
    }
    if (request.method === "POST" && url.pathname === "/youtubei/v1/next")
      return send(response, 200, "application/json", JSON.stringify(nextResponse(videoId!, video)));
    if (request.method === "POST" && url.pathname === "/youtubei/v1/get_transcript") {
      if (video.kind !== "captions" || !fromParams)
        return send(response, 400, "application/json", '{"error":{"code":400}}');
      const track = video.tracks[0]!;
      return send(
        response,
        200,
        "application/json",
        JSON.stringify(transcriptPanelResponse(track.captions, track.name ?? track.lang)),
      );
    }
    if (request.method === "GET" && url.pathname === "/api/timedtext") {
      if (video.kind === "hang-captions") return; // the socket stays open until the client gives up
      const track =
        video.kind === "captions" ? video.tracks.find((t) => t.lang === url.searchParams.get("lang")) : undefined;
      if (!track) return send(response, 404, "text/xml", "");
      return send(response, 200, "text/xml", timedText(track.captions));
    }
    return send(response, 404, "text/plain", "not found");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // Idle connections stay open until the client or close() ends them: with Node's default keep-alive
  // timeout a busy test process could reuse a connection this server had just closed (ECONNRESET;
  // fake-legistar-server.ts has the story).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    apiBaseUrl: `${baseUrl}/youtube/v3`,
    requests,
    setVideo: (id, video) => void catalog.set(id, video),
    setPlaylist: (playlist) => void playlists.set(playlist.id, playlist),
    setChannel: (channel) => void channels.set(channel.id, channel),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A short council meeting as YouTube captions: speaker labels on turns, `>>` on an unnamed turn. */
export const FAKE_MEETING_CAPTIONS: FakeCaption[] = [
  {
    start: 3.2,
    dur: 4.1,
    text: "MAYOR LOPEZ: Good evening, I call this\nmeeting of the Riverton City Council to order.",
  },
  { start: 7.3, dur: 3.5, text: "Item four is the Oak Street resurfacing contract." },
  { start: 75.0, dur: 5.0, text: "CITY MANAGER OKAFOR: Thank you, Mayor. The contract is $2.4 million" },
  { start: 80.0, dur: 4.5, text: "and is funded by the Measure B transportation fund." },
  { start: 124.5, dur: 3.0, text: ">> I move that we approve the contract &amp; report back by March 15." },
  { start: 130.0, dur: 2.0, text: "COUNCILMEMBER PARK: Second." },
  { start: 135.0, dur: 4.0, text: "MAYOR LOPEZ: All those in favor? The motion carries 5-0." },
];
