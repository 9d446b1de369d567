/**
 * The Atom 1.0 feed of an issue's timeline (RFC 4287): one entry per
 * meeting, newest first. Every text is XML-escaped; nothing is CDATA.
 */
import { BODY_LABELS, type Body } from "~/lib/constants";

export function escapeXml(text: string): string {
  // Characters XML 1.0 does not allow are dropped; the five specials escaped.
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

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
  const entries = feed.entries.map((entry) => {
    const when = entry.published ?? feed.updated;
    const by = entry.sourceTitle ?? (entry.body ? BODY_LABELS[entry.body] : "");
    const summary = [by, ...entry.passages].filter(Boolean).join(" — ");
    return [
      "  <entry>",
      `    <id>${escapeXml(entry.url)}</id>`,
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
      `    <updated>${escapeXml(when)}</updated>`,
      entry.published ? `    <published>${escapeXml(entry.published)}</published>` : null,
      entry.body
        ? `    <category term="${escapeXml(entry.body)}" label="${escapeXml(BODY_LABELS[entry.body])}"/>`
        : null,
      summary ? `    <summary type="text">${escapeXml(summary)}</summary>` : null,
      "  </entry>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(feed.pageUrl)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <subtitle>${escapeXml(feed.subtitle)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}"/>`,
    `  <updated>${escapeXml(feed.updated)}</updated>`,
    "  <author><name>Gavel</name></author>",
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
