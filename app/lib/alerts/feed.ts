/** The Atom 1.0 document of a saved search's matches (RFC 4287); every text and attribute escaped. */
import { PRODUCT_NAME } from "~/lib/constants";
import { formatDate } from "~/lib/format/date";
import { formatDuration } from "~/lib/format/duration";
import { meetingHref } from "~/lib/meetings/links";
import type { FeedMatch } from "./alerts.server";

// Characters XML 1.0 does not allow at all are dropped; the five special ones are escaped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function alertFeedXml(feed: {
  query: string;
  updatedAt: Date;
  matches: FeedMatch[];
  appUrl: string;
  selfUrl: string;
}): string {
  const entries = feed.matches.map((m) => {
    const link = feed.appUrl + meetingHref(m.meetingId, { cityKey: m.cityKey, seconds: m.startSeconds });
    const date = formatDate(m.publishedAt);
    const who =
      m.startSeconds == null ? "In the title" : `${m.speaker ?? "Said"}, at ${formatDuration(m.startSeconds, "m:ss")}`;
    const summary = `“${m.passage}” — ${who}`;
    return [
      "  <entry>",
      `    <id>urn:uuid:${m.id}</id>`,
      `    <title>${escapeXml(`${m.cityName}: ${m.title}${date ? ` (${date})` : ""}`)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <updated>${m.matchedAt.toISOString()}</updated>`,
      ...(m.publishedAt ? [`    <published>${m.publishedAt.toISOString()}</published>`] : []),
      `    <summary type="text">${escapeXml(summary)}</summary>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(feed.selfUrl)}</id>`,
    `  <title>${escapeXml(`${PRODUCT_NAME} alert: “${feed.query}”`)}</title>`,
    `  <subtitle>${escapeXml(`Meetings that mention “${feed.query}”, at the moment it was said.`)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${feed.appUrl}/profile#alerts`)}"/>`,
    `  <updated>${feed.updatedAt.toISOString()}</updated>`,
    `  <author><name>${escapeXml(PRODUCT_NAME)}</name></author>`,
    `  <generator>${escapeXml(PRODUCT_NAME)}</generator>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
