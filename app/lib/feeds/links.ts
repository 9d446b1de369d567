/** Where the feeds are (no server code: the city pages link to them). */
import { href } from "react-router";

/** A city's Atom feed of new stories. */
export function cityFeedPath(locationKey: string): string {
  return href("/city/:locationKey/feed.atom", { locationKey: encodeURIComponent(locationKey) });
}
