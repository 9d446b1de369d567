/**
 * What a YouTube API key changes, said where an admin meets its absence:
 * the Channel Manager (no playlists listed) and City Management's Refresh
 * Videos (only the newest videos arrive). Without YOUTUBE_API_KEY Gavel
 * reads the video site's keyless feeds (docs/decisions/0021-video-ingestion.md).
 */
export const KEYLESS_MESSAGES = {
  title: "No YouTube API key: only the 15 newest videos",
  refresh:
    "Without YOUTUBE_API_KEY a refresh reads the video site's public feed, which lists a channel's or a playlist's 15 newest videos. Older meetings do not arrive. With a key it brings the whole playlist, or every upload of the channel.",
  channel:
    "Without YOUTUBE_API_KEY Gavel cannot list a channel's playlists: the video site's public feed does not name them. A channel may well have playlists; with a key they are listed here with their video counts. Without one you can still save the channel's recent videos, or paste a playlist's own link, and each source brings its 15 newest videos; with a key, whole playlists and all uploads.",
} as const;

export function KeylessNote({ where }: { where: "refresh" | "channel" }) {
  return (
    <div role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{KEYLESS_MESSAGES.title}</p>
      <p className="mt-1">{KEYLESS_MESSAGES[where]}</p>
    </div>
  );
}
