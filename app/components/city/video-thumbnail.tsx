import { useId } from "react";
import type { CityColors } from "./city-colors";

/**
 * A video's thumbnail, or a placeholder drawn here in the city's colors:
 * nothing is loaded from another site unless the video has its own image.
 */
export function VideoThumbnail({ url, colors, title }: { url: string | null; colors: CityColors; title: string }) {
  const gradientId = useId();
  if (url) {
    return <img src={url} alt="" loading="lazy" className="aspect-video w-full rounded-t-xl object-cover" />;
  }
  return (
    <svg
      viewBox="0 0 160 90"
      role="img"
      aria-label={`No thumbnail for ${title}`}
      className="aspect-video w-full rounded-t-xl"
      data-placeholder-thumbnail
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colors.primary} />
          <stop offset="1" stopColor={colors.secondary} />
        </linearGradient>
      </defs>
      <rect width="160" height="90" fill={`url(#${gradientId})`} />
      <circle cx="80" cy="45" r="16" fill="white" fillOpacity="0.85" />
      {/* The city's button shade: it stands out on the white circle whatever the city's colors. */}
      <path d="M75 37 L89 45 L75 53 Z" className="fill-brand-600" />
    </svg>
  );
}
