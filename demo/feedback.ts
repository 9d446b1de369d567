/** Product feedback as users might have left it; fixed dates so reseeding is identical. */
import type { FeedbackType } from "~/lib/constants";

/**
 * The page a feedback row was sent from: a path, or a demo meeting's analysis
 * or story page by the meeting's key in demo/meetings.ts (its id is made when
 * the data is seeded, so the seed writes the path).
 */
export type SeedFeedbackPage = string | { meeting: string; page: "analysis" | "story" };

export type SeedFeedback = {
  feedbackType: FeedbackType;
  feedbackText: string;
  userEmail: string | null;
  page: SeedFeedbackPage | null;
  severity: number | null;
  rank: number | null;
  status: "New" | "Active" | "Closed";
  createdAt: Date;
};

const at = (iso: string) => new Date(iso);

export const SEED_FEEDBACK: readonly SeedFeedback[] = [
  {
    feedbackType: "Bug",
    feedbackText:
      "The Load More button on the Alder Creek page shows the same ten meetings again instead of older ones.",
    userEmail: "rachel.s@example.com",
    page: "/city/alder-creek",
    severity: 4,
    rank: 1.5,
    status: "Active",
    createdAt: at("2026-03-09T17:22:00Z"),
  },
  {
    feedbackType: "Idea",
    feedbackText:
      "Could I get an email when a new meeting story is posted for my home city? I don't check the site every week.",
    userEmail: "member@gavel.local",
    page: "/profile",
    severity: 2,
    rank: 3,
    status: "New",
    createdAt: at("2026-04-02T14:05:00Z"),
  },
  {
    feedbackType: "Content error",
    feedbackText:
      "The story about the water rates says the council vote was 4-1 but I watched the video and I think one member abstained. Can someone double check?",
    userEmail: null,
    page: { meeting: "ac-cc-2025-07-15", page: "story" },
    severity: 3,
    rank: 2,
    status: "Active",
    createdAt: at("2025-07-21T03:40:00Z"),
  },
  {
    feedbackType: "Bug",
    feedbackText: "On my phone the search box in the city header overlaps the city name.",
    userEmail: "kevin.amari@example.com",
    page: "/city/port-halvern",
    severity: 2,
    rank: 4.2,
    status: "New",
    createdAt: at("2026-05-14T19:11:00Z"),
  },
  {
    feedbackType: "Idea",
    feedbackText:
      "Please add Lusk County planning commission meetings. Most of the land-use decisions around Port Halvern happen there.",
    userEmail: "noor.h@example.com",
    page: null,
    severity: 1,
    rank: 6,
    status: "New",
    createdAt: at("2026-01-30T22:48:00Z"),
  },
  {
    feedbackType: "Other",
    feedbackText:
      "Just wanted to say thanks. I never had time to watch three-hour council meetings and now I actually know what's going on.",
    userEmail: null,
    page: "/",
    severity: 1,
    rank: null,
    status: "Closed",
    createdAt: at("2025-10-11T16:00:00Z"),
  },
  {
    feedbackType: "Bug",
    feedbackText: "The business directory letter filter for 0-9 shows nothing even though 3 Sisters Bakery is listed.",
    userEmail: "owner@3sistersbakery.example",
    page: "/businesses",
    severity: 3,
    rank: 2.5,
    status: "Closed",
    createdAt: at("2025-11-03T18:30:00Z"),
  },
  {
    feedbackType: "Content error",
    feedbackText: "My business moved to a new address on Railroad Avenue last month. How do I update the listing?",
    userEmail: "owner@ocotillocoffeeroasters.example",
    page: "/city/cinder-bluff/businesses/ocotillo-coffee-roasters-cinder-bluff",
    severity: 2,
    rank: 5,
    status: "Active",
    createdAt: at("2026-06-18T15:37:00Z"),
  },
  {
    feedbackType: "Idea",
    feedbackText: "Let me jump to the moment in the video where a quote was said, instead of scrubbing through.",
    userEmail: "imani.carter@example.com",
    page: { meeting: "ac-cc-2025-12-02", page: "analysis" },
    severity: 2,
    rank: 3.8,
    status: "New",
    createdAt: at("2026-02-22T20:14:00Z"),
  },
  {
    feedbackType: "Bug",
    feedbackText:
      "Analysis page spins forever for the Cinder Bluff proclamation video, which has almost no transcript.",
    userEmail: null,
    page: null,
    severity: 5,
    rank: 0.5,
    status: "New",
    createdAt: at("2026-04-01T02:03:00Z"),
  },
  {
    feedbackType: "Other",
    feedbackText: "Is there a way to request that my name be removed from a transcript? I spoke during public comment.",
    userEmail: "d.hartigan@example.com",
    page: "/privacy",
    severity: 3,
    rank: 1,
    status: "Active",
    createdAt: at("2026-08-07T13:26:00Z"),
  },
  {
    feedbackType: "Content error",
    feedbackText:
      "Lake Wendell's page doesn't have a city image or colors yet. Happy to send photos of the lake if that helps.",
    userEmail: "gretchen.h@example.com",
    page: "/city/lake-wendell",
    severity: null,
    rank: 7.5,
    status: "New",
    createdAt: at("2026-09-30T11:52:00Z"),
  },
];
