/**
 * The YouTube Channel Manager (docs/product.md, admin back office): what a
 * pasted channel or playlist URL offers, and saving the chosen parts as
 * city URLs (docs/decisions/0023-youtube-channel-manager.md).
 */
import { parseSourceUrl, uploadsPlaylistId } from "~/lib/youtube/source-url";
import { describeChannel, listSourceVideos, VideoSourceError } from "~/lib/youtube/sources.server";
import type { ChannelAnalysis, SaveChannelUrls } from "./channel-manager-forms";
import { addMissingCityUrls } from "./urls.server";

export function playlistUrl(playlistId: string): string {
  return `https://www.youtube.com/playlist?list=${encodeURIComponent(playlistId)}`;
}

/** A pasted playlist is offered as the only playlist; its videos tell its channel. */
async function analyzePlaylist(url: string, playlistId: string): Promise<ChannelAnalysis> {
  const videos = await listSourceVideos(url);
  const channelTitle = videos.find((video) => video.channelTitle)?.channelTitle ?? "YouTube playlist";
  return {
    channelTitle,
    channelDescription: "",
    channelId: null,
    playlists: [{ id: playlistId, title: `Playlist ${playlistId}`, description: "", itemCount: videos.length }],
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
    playlists: channel.playlists.map((playlist) => ({ ...playlist, itemCount: playlist.videoCount })),
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
): Promise<{ saved: number; alreadyThere: number }> {
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
  return { saved: saved.length, alreadyThere: urls.length - saved.length };
}
