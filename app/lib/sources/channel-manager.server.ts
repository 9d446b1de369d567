/**
 * The YouTube Channel Manager (docs/product.md, admin back office): what a
 * pasted channel or playlist URL offers, and saving the chosen parts as
 * city URLs (docs/decisions/0023-youtube-channel-manager.md).
 */
import { parseSourceUrl, uploadsPlaylistId } from "~/lib/youtube/source-url";
import { describeChannel, describePlaylist, VideoSourceError } from "~/lib/youtube/sources.server";
import type { ChannelAnalysis, SaveChannelUrls } from "./channel-manager-forms";
import { requestSourceRefresh } from "./requests.server";
import { addMissingCityUrls, cityUrlIdsOf } from "./urls.server";

export function playlistUrl(playlistId: string): string {
  return `https://www.youtube.com/playlist?list=${encodeURIComponent(playlistId)}`;
}

/**
 * A pasted playlist is offered as the only playlist, with its own title
 * (from the Data API with a key, from its feed without); its videos tell
 * its channel.
 */
async function analyzePlaylist(url: string, playlistId: string): Promise<ChannelAnalysis> {
  const playlist = await describePlaylist(url);
  const channelTitle = playlist.videos.find((video) => video.channelTitle)?.channelTitle ?? "YouTube playlist";
  const title = playlist.title.trim() || `Playlist ${playlistId}`;
  return {
    channelTitle,
    channelDescription: "",
    channelId: null,
    playlistsListed: true,
    playlists: [{ id: playlistId, title, description: playlist.description, itemCount: playlist.videos.length }],
  };
}

/** Throws VideoSourceError when the URL is not a channel or playlist, unknown, or YouTube fails. */
export async function analyzeChannel(url: string): Promise<ChannelAnalysis> {
  const ref = parseSourceUrl(url);
  if (ref?.kind === "playlist") return analyzePlaylist(url, ref.playlistId);
  const channel = await describeChannel(url);
  return {
    channelTitle: channel.title,
    channelDescription: channel.description,
    channelId: channel.channelId,
    playlistsListed: channel.playlistsListed,
    playlists: channel.playlists.map(({ videoCount, ...playlist }) => ({ ...playlist, itemCount: videoCount })),
  };
}

/**
 * Analyzes the URL again (what is saved is checked on the server, not taken
 * from the form), then adds the chosen playlists and, when asked, the
 * channel's uploads as URLs of the city, skipping those it already has.
 */
export async function saveChannelUrls(
  cityId: string,
  choice: Pick<
    SaveChannelUrls,
    "analyzedUrl" | "playlistIds" | "includeRecent" | "sourceType" | "contentType" | "entityType"
  >,
): Promise<{ saved: number; alreadyThere: number; urlIds: string[] }> {
  const analysis = await analyzeChannel(choice.analyzedUrl);
  const chosen = analysis.playlists.filter((playlist) => choice.playlistIds.includes(playlist.id));
  const urls = chosen.map((playlist) => ({ url: playlistUrl(playlist.id), title: playlist.title }));
  if (choice.includeRecent && analysis.channelId)
    urls.push({
      url: playlistUrl(uploadsPlaylistId(analysis.channelId)),
      title: `${analysis.channelTitle} – recent videos`,
    });
  if (urls.length === 0)
    throw new VideoSourceError("not-found", "None of the chosen playlists belong to this channel.");
  const { sourceType, contentType, entityType } = choice;
  const saved = await addMissingCityUrls(
    cityId,
    urls.map((url) => ({ ...url, sourceType, contentType, entityType })),
  );
  const urlIds = await cityUrlIdsOf(
    cityId,
    urls.map((url) => url.url),
  );
  return { saved: saved.length, alreadyThere: urls.length - saved.length, urlIds };
}

/**
 * Save and fetch: saves as `saveChannelUrls` does, then queues a refresh of
 * every chosen URL (new or already the city's), so their videos arrive
 * without a Refresh Videos per URL. Answers how many refreshes were queued
 * (one already waiting counts).
 */
export async function saveAndFetchChannelUrls(
  cityId: string,
  choice: Parameters<typeof saveChannelUrls>[1],
  requestedBy: string,
): Promise<{ saved: number; alreadyThere: number; queued: number }> {
  const { urlIds, ...saved } = await saveChannelUrls(cityId, choice);
  for (const urlId of urlIds) await requestSourceRefresh(urlId, requestedBy);
  return { ...saved, queued: urlIds.length };
}
