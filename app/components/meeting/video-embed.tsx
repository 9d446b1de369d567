import { ExternalLinkIcon } from "~/components/ui/icons";
import { embedUrl, watchUrl } from "~/lib/meetings/video";

/**
 * The meeting's video at 16:9, from YouTube's no-cookie player, starting at
 * `startSeconds` when a moment was linked. Other links cannot be embedded:
 * the page says so and links out.
 */
export function VideoEmbed({
  youTubeId,
  videoUrl,
  title,
  startSeconds,
}: {
  youTubeId: string | null;
  videoUrl: string | null;
  title: string;
  startSeconds: number | null;
}) {
  if (!youTubeId) {
    return (
      <div className="grid aspect-video place-items-center rounded-xl bg-slate-800 p-6 text-center text-white [--focus-ring:white]">
        <div>
          <p className="text-lg font-semibold">Unable to embed video</p>
          {videoUrl ? (
            <a
              href={videoUrl}
              rel="noopener noreferrer"
              target="_blank"
              className="mt-3 inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100"
            >
              Watch the video <ExternalLinkIcon className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <p className="mt-2 text-sm text-white/80">No video link is stored for this meeting.</p>
          )}
        </div>
      </div>
    );
  }
  const src = embedUrl(youTubeId, startSeconds);
  return (
    <div>
      <div className="aspect-video overflow-hidden rounded-xl bg-black">
        <iframe
          // A new moment means a new player: the key restarts it at that second.
          key={src}
          src={src}
          title={`Video: ${title}`}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className="size-full"
        />
      </div>
      {videoUrl ? (
        <a
          href={watchUrl(videoUrl, startSeconds)}
          rel="noopener noreferrer"
          target="_blank"
          className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          Watch on the video site <ExternalLinkIcon className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}
