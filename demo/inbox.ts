/**
 * The admin inbox's demo rows (docs/decisions/0053-admin-inbox.md): contact
 * messages and city requests in each status, one answered by the demo
 * admin, so /admin/inbox shows what it does on a fresh `npm start`. Fixed
 * dates so reseeding is identical; addresses of no demo account.
 */
import type { ContactTopic, InboxStatus } from "~/lib/constants";

export type SeedContactMessage = {
  email: string;
  phone: string | null;
  topic: ContactTopic;
  message: string;
  status: InboxStatus;
  createdAt: Date;
  /** The demo admin's reply, when it was answered. */
  reply?: { subject: string; body: string; sentAt: Date };
};

export type SeedCityRequest = {
  state: string;
  cityName: string;
  email: string;
  status: InboxStatus;
  createdAt: Date;
  /** When its sender was told that the city is Live (a city of the demo that is Live). */
  liveNotifiedAt?: Date;
};

const at = (iso: string) => new Date(iso);

export const SEED_CONTACT_MESSAGES: readonly SeedContactMessage[] = [
  {
    email: "dana.okafor@example.com",
    phone: null,
    topic: "Media Inquiry",
    message:
      "I report for the Alder Creek Courier. Can I quote the key moments of the March council meeting, and how should I credit Gavel?",
    status: "Answered",
    createdAt: at("2026-03-12T09:41:00Z"),
    reply: {
      subject: "Re: Media Inquiry",
      body: "Yes, please quote them: every quote links to the second it was said, so link to that moment and credit “Gavel, from the city's meeting video”.",
      sentAt: at("2026-03-12T15:10:00Z"),
    },
  },
  {
    email: "l.moreau@example.com",
    phone: "(555) 010-4477",
    topic: "Technical Support",
    message: "The Port Halvern page does not show last Tuesday's planning commission meeting. Is it coming?",
    status: "New",
    createdAt: at("2026-04-21T18:03:00Z"),
  },
  {
    email: "offers@example.net",
    phone: null,
    topic: "Business Partnership",
    message: "We sell backlinks. Reply for our price list.",
    status: "Closed",
    createdAt: at("2026-04-02T06:15:00Z"),
  },
];

export const SEED_CITY_REQUESTS: readonly SeedCityRequest[] = [
  {
    state: "NV",
    cityName: "Juniper Flats",
    email: "sam.reyes@example.com",
    status: "New",
    createdAt: at("2026-04-18T20:30:00Z"),
  },
  {
    state: "OR",
    cityName: "Bend",
    email: "pat.lindqvist@example.com",
    status: "New",
    createdAt: at("2026-04-20T12:12:00Z"),
  },
  {
    state: "CA",
    cityName: "Alder Creek",
    email: "early.reader@example.com",
    status: "Answered",
    createdAt: at("2025-06-02T08:00:00Z"),
    liveNotifiedAt: at("2025-07-01T09:00:00Z"),
  },
];
