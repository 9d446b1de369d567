/**
 * The admin's correction of a meeting's link to its Legistar event
 * (docs/decisions/0080-agenda-alerts-and-admin-links.md): what Content
 * Management shows, and the form's words. The schema is in
 * event-link-form.ts (the page ships no zod).
 */
export type LinkMethod = "body-date" | "only-meeting" | "title" | "admin";

/** How a link was made, in the admin's words. */
export const LINK_METHOD_TEXT: Record<LinkMethod, string> = {
  "body-date": "matched by body and date",
  "only-meeting": "matched as the city's only meeting that day",
  title: "matched by title",
  admin: "linked by an admin",
};

export type EventChoice = {
  id: number;
  /** "Budget Committee — Thursday, Dec 10, 2026, 9:00 AM CST". */
  label: string;
  /** Another video holds this event now (choosing it moves the link here). */
  linkedElsewhere: boolean;
};

export type MeetingEventLink = {
  /** The event linked to this video, and how (LINK_METHOD_TEXT); null: none. */
  current: (EventChoice & { method: LinkMethod; how: string }) | null;
  /** The city's events near the video's day, soonest to the day first (the current one aside). */
  choices: EventChoice[];
};

export const EVENT_LINK_MESSAGES = {
  linked: "Linked to the Legistar event",
  unlinked: "Unlinked from the Legistar event",
  unlinkedText: "Later syncs leave the event without a video until an admin links one.",
  failed: "Error changing the Legistar event",
  unknownEvent: "Choose one of this city's Legistar events.",
  notLinked: "This video is not linked to a Legistar event.",
} as const;

/** How many days either side of the video's day the select offers events from. */
export const NEARBY_DAYS = 14;
