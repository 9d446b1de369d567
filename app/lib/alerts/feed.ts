/** The Atom 1.0 document of a saved search's matches, written by the site's one Atom writer. */
import { PRODUCT_NAME } from "~/lib/constants";
import { atomFeed } from "~/lib/feeds/atom";
import { formatDate } from "~/lib/format/date";
import { formatDuration } from "~/lib/format/duration";
import { meetingHref } from "~/lib/meetings/links";
import type { FeedMatch } from "./alerts.server";
import { agendaHeadline, agendaHref, agendaWhen } from "./agenda";
import { alertDecisions, alertDecisionsText } from "./decisions";

/** An entry's content: its summary, then what the meeting decided with links to the moments; null without decisions. */
function decisionsContent(match: FeedMatch, summary: string, appUrl: string): string | null {
  if (!match.meetingId) return null;
  const decisions = alertDecisions(match.decisions, { appUrl, meetingId: match.meetingId, cityKey: match.cityKey });
  if (decisions.length === 0) return null;
  return [summary, ...alertDecisionsText(decisions)].join("\n");
}

export function alertFeedXml(feed: {
  query: string;
  updatedAt: Date;
  matches: FeedMatch[];
  appUrl: string;
  selfUrl: string;
}): string {
  return atomFeed({
    id: feed.selfUrl,
    title: `${PRODUCT_NAME} alert: “${feed.query}”`,
    subtitle: `Meetings that mention “${feed.query}”, at the moment it was said.`,
    selfUrl: feed.selfUrl,
    pageUrl: `${feed.appUrl}/profile#alerts`,
    author: PRODUCT_NAME,
    updated: feed.updatedAt,
    entries: feed.matches.map((m) => {
      if (!m.meetingId) {
        // An upcoming agenda's alert (docs/decisions/0080), linked to the agenda.
        const event = m.event ?? { eventId: 0, bodyName: null, day: null, time: null, timeZone: "UTC" };
        const when = agendaWhen(event);
        return {
          id: `urn:uuid:${m.id}`,
          title: `${m.cityName}: ${agendaHeadline(event)}${when ? ` (${when})` : ""}`,
          link: feed.appUrl + agendaHref(m.cityKey, event.eventId),
          updated: m.matchedAt,
          published: null,
          summary: `“${m.passage}” — On the agenda`,
          content: null,
        };
      }
      const date = formatDate(m.publishedAt);
      const who =
        m.startSeconds == null
          ? "In the title"
          : `${m.speaker ?? "Said"}, at ${formatDuration(m.startSeconds, "m:ss")}`;
      return {
        id: `urn:uuid:${m.id}`,
        title: `${m.cityName}: ${m.title}${date ? ` (${date})` : ""}`,
        link: feed.appUrl + meetingHref(m.meetingId, { cityKey: m.cityKey, seconds: m.startSeconds }),
        updated: m.matchedAt,
        published: m.publishedAt,
        summary: `“${m.passage}” — ${who}`,
        content: decisionsContent(m, `“${m.passage}” — ${who}`, feed.appUrl),
      };
    }),
  });
}
