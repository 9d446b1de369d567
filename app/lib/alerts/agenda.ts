/**
 * How an alert on an upcoming agenda is told (docs/decisions/0080): in the
 * e-mail and the private Atom feed alike.
 */
import { href } from "react-router";
import { formatLocalMeeting } from "~/lib/format/date";

export type AgendaAlertEvent = {
  eventId: number;
  bodyName: string | null;
  /** The city's local day, YYYY-MM-DD; null: not announced. */
  day: string | null;
  time: string | null;
  timeZone: string;
};

/** "On the agenda of Thursday's Budget Committee": the weekday of the city's local day. */
export function agendaHeadline(event: AgendaAlertEvent): string {
  const body = event.bodyName?.trim() || "meeting";
  const date = event.day ? new Date(`${event.day}T12:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return `On the agenda of an upcoming ${body}`;
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(date);
  return `On the agenda of ${weekday}'s ${body}`;
}

/** "Thursday, Dec 10, 2026, 9:00 AM CST", in the city's zone; null without a day. */
export function agendaWhen(event: AgendaAlertEvent): string | null {
  return event.day ? formatLocalMeeting(event.day, event.time, event.timeZone) : null;
}

/** The event's page at its agenda (it becomes the meeting's page, same section, once a video is linked). */
export function agendaHref(cityKey: string, eventId: number): string {
  return `${href("/city/:locationKey/events/:eventId", { locationKey: cityKey, eventId: String(eventId) })}#official-agenda`;
}
