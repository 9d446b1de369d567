/** Business constants shared by pages, validation and the database. */

export const PRODUCT_NAME = "Gavel";

export const CITY_STATUSES = ["New", "Test", "Live", "Archive"] as const;
export type CityStatus = (typeof CITY_STATUSES)[number];

/** Public pages fall back to these when a city has no color of its own. */
export const PUBLIC_CITY_COLORS = { primary: "#0D9488", secondary: "#F59E0B" } as const;
/** A city created in the admin starts with these (docs/product.md#rules-cities). */
export const NEW_CITY_COLORS = { primary: "#3B82F6", secondary: "#1E40AF" } as const;

export const LISTING_TIERS = ["Tier 1", "Tier 2", "Tier 3"] as const;
export type ListingTier = (typeof LISTING_TIERS)[number];
export const LISTING_TIER_LABELS: Record<ListingTier, string> = {
  "Tier 1": "Premium",
  "Tier 2": "Standard",
  "Tier 3": "Basic",
};

export const FEEDBACK_STATUSES = ["New", "Active", "Closed"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** What a user's feedback is about (docs/decisions/0035-product-feedback.md). */
export const FEEDBACK_TYPES = ["Bug", "Idea", "Content error", "Other"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** Feedback severity 1 to 5, each with the words shown next to its color (green to red). */
export const FEEDBACK_SEVERITIES = [
  { value: 1, label: "1 · Low" },
  { value: 2, label: "2 · Minor" },
  { value: 3, label: "3 · Moderate" },
  { value: 4, label: "4 · High" },
  { value: 5, label: "5 · Critical" },
] as const;

/**
 * The events counted first-party (docs/decisions/0036); the CHECK constraint
 * on analytics_daily_counts.event lists the same words.
 */
export const ANALYTICS_EVENTS = [
  "visitor",
  "page_view",
  "city_picked",
  "search",
  "search_no_results",
  "meeting_opened",
  "story_opened",
  "share",
  "sign_up",
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** Where a contact message or a city request stands in the admin inbox (docs/decisions/0053-admin-inbox.md). */
export const INBOX_STATUSES = ["New", "Answered", "Closed"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const CONTACT_TOPICS = [
  "General Inquiry",
  "Technical Support",
  "Business Partnership",
  "Media Inquiry",
  "Feedback",
  "Other",
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const VIDEOS_PER_PAGE = 10;
export const CITY_SEARCH_LIMIT = 20;
export const MEETING_SEARCH_LIMIT = 50;
/** Longer than this: analysis enabled; shorter: admins may fetch a transcript. */
export const TRANSCRIPT_ANALYSIS_MIN = 100;
/** Shorter than this: the 'Transcript insufficient' badge. */
export const TRANSCRIPT_SUFFICIENT_MIN = 1000;
export const DESCRIPTION_FALLBACK_LENGTH = 200;
export const VERIFICATION_CODE_LENGTH = 6;

/** Shown when Load More fails, in the page and in a toast. */
export const LOAD_MORE_ERROR = "An error occurred while loading more videos.";

/** The public bodies a source's meetings belong to (city_urls.body): issue timelines' chips, alerts' source type. */
export const BODIES = ["city", "school", "county"] as const;
export type Body = (typeof BODIES)[number];
export const BODY_LABELS: Record<Body, string> = { city: "City", school: "School district", county: "County" };

/** How often a saved search's matches are mailed (saved_searches.frequency). */
export const ALERT_FREQUENCIES = ["immediate", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  immediate: "At once",
  daily: "Daily digest",
  weekly: "Weekly digest",
};
