/** The addresses of a meeting's pages, at a moment or not, with or without its city. */
import { href } from "react-router";

/** The link to a meeting at a moment; without a city key, the city-less route. */
export function meetingHref(
  meetingId: string,
  options: { cityKey?: string | null; seconds?: number | null } = {},
): string {
  const path = options.cityKey
    ? href("/city/:locationKey/meeting/:meetingId", { locationKey: encodeURIComponent(options.cityKey), meetingId })
    : href("/meeting/:meetingId", { meetingId });
  const seconds = options.seconds;
  return seconds === null || seconds === undefined ? path : `${path}?t=${Math.max(0, Math.floor(seconds))}`;
}

export function storyHref(meetingId: string, cityKey?: string | null): string {
  return cityKey
    ? href("/city/:locationKey/meeting-story/:meetingId", { locationKey: encodeURIComponent(cityKey), meetingId })
    : href("/meeting-story/:meetingId", { meetingId });
}
