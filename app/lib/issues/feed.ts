/**
 * The Atom 1.0 feed of an issue's timeline (RFC 4287): one entry per
 * meeting, newest first, written by the site's one Atom writer.
 */
import { BODY_LABELS, type Body, PRODUCT_NAME } from "~/lib/constants";
import { atomFeed } from "~/lib/feeds/atom";

export type FeedEntry = {
  id: string;
  title: string;
  url: string;
  published: string | null;
  body: Body | null;
  sourceTitle: string | null;
  /** Plain text: the matching passages. */
  passages: string[];
};

export type IssueFeed = {
  title: string;
  subtitle: string;
  /** The timeline page (absolute). */
  pageUrl: string;
  /** This feed (absolute). */
  feedUrl: string;
  /** ISO date: the newest entry, or the issue's last change. */
  updated: string;
  entries: FeedEntry[];
};

export function renderIssueFeed(feed: IssueFeed): string {
  const updated = new Date(feed.updated);
  return atomFeed({
    id: feed.pageUrl,
    title: feed.title,
    subtitle: feed.subtitle,
    selfUrl: feed.feedUrl,
    pageUrl: feed.pageUrl,
    author: PRODUCT_NAME,
    updated,
    entries: feed.entries.map((entry) => {
      const by = entry.sourceTitle ?? (entry.body ? BODY_LABELS[entry.body] : "");
      return {
        id: entry.url,
        title: entry.title,
        link: entry.url,
        updated: entry.published ? new Date(entry.published) : updated,
        published: entry.published ? new Date(entry.published) : null,
        categories: entry.body ? [entry.body] : [],
        summary: [by, ...entry.passages].filter(Boolean).join(" — ") || null,
      };
    }),
  });
}
