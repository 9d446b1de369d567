/**
 * A real HTTP server on 127.0.0.1 that answers the three requests
 * youtube-transcript-plus makes, for fixture videos:
 *
 *   GET  /watch?v=ID                 the watch page, with an INNERTUBE_API_KEY
 *   POST /youtubei/v1/player?key=K   the player response, with caption tracks
 *   GET  /api/timedtext?v=ID&lang=L  the caption track as <text start dur> XML
 *
 * Point the app at it with YOUTUBE_BASE_URL (or fetchCaptions's baseUrl).
 * Every request is recorded.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FakeCaption = { start: number; dur: number; text: string };

export type FakeVideo =
  /** Captions in one or more languages (first track first). */
  | { kind: "captions"; tracks: Array<{ lang: string; name?: string; asr?: boolean; captions: FakeCaption[] }> }
  /** Playable, but the owner turned captions off: the player has no `captions`. */
  | { kind: "no-captions" }
  /** Removed or private: the watch page is a 404. */
  | { kind: "removed" }
  /** The site fails: every request for this video answers with this status. */
  | { kind: "error"; status: number }
  /** The caption track request never answers. */
  | { kind: "hang-captions" };

export type FakeYoutubeRequest = { method: string; path: string; videoId: string | null };

export type FakeYoutubeServer = {
  baseUrl: string;
  requests: FakeYoutubeRequest[];
  setVideo(id: string, video: FakeVideo): void;
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

function playerResponse(baseUrl: string, id: string, video: FakeVideo) {
  const details = { videoId: id, title: `Fake meeting ${id}`, author: "Fake City", lengthSeconds: "3600" };
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

function timedText(captions: FakeCaption[]): string {
  const body = captions.map((c) => `<text start="${c.start}" dur="${c.dur}">${xmlEscape(c.text)}</text>`).join("");
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${body}</transcript>`;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeYoutubeServer(videos: Record<string, FakeVideo> = {}): Promise<FakeYoutubeServer> {
  const catalogue = new Map(Object.entries(videos));
  const requests: FakeYoutubeRequest[] = [];
  const sockets = new Set<Socket>();
  let baseUrl = "";

  const send = (response: http.ServerResponse, status: number, type: string, body: string) => {
    response.writeHead(status, { "content-type": type });
    response.end(body);
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", baseUrl);
    const body = request.method === "POST" ? await readBody(request) : "";
    const videoId =
      url.searchParams.get("v") ?? (body ? ((JSON.parse(body) as { videoId?: string }).videoId ?? null) : null);
    requests.push({ method: request.method ?? "GET", path: url.pathname, videoId });
    const video = videoId ? catalogue.get(videoId) : undefined;
    if (!video || video.kind === "removed")
      return send(response, 404, "text/html", "<h1>This video isn't available anymore</h1>");
    if (video.kind === "error") return send(response, video.status, "text/html", "<h1>Something went wrong</h1>");

    if (request.method === "GET" && url.pathname === "/watch") return send(response, 200, "text/html", watchPage());
    if (request.method === "POST" && url.pathname === "/youtubei/v1/player") {
      if (url.searchParams.get("key") !== API_KEY) return send(response, 403, "application/json", "{}");
      return send(response, 200, "application/json", JSON.stringify(playerResponse(baseUrl, videoId!, video)));
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    setVideo: (id, video) => void catalogue.set(id, video),
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
