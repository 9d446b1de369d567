/** Where the feeds are (no server code: the city pages link to them). */

/** A city's Atom feed of new stories. */
export function cityFeedPath(locationKey: string): string {
  return `/city/${encodeURIComponent(locationKey)}/feed.atom`;
}
