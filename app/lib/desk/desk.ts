/** The desk's tabs and limits, for its screen and its actions (docs/decisions/0042-journalists-desk.md). */

/** The most quotes a draft holds. */
export const MAX_DRAFT_QUOTES = 200;

export type QuoteSource = "analysis" | "story";

export const DESK_TABS = ["alerts", "quotes", "draft"] as const;
export type DeskTab = (typeof DESK_TABS)[number];

export function deskTab(value: string | null): DeskTab {
  return (DESK_TABS as readonly string[]).includes(value ?? "") ? (value as DeskTab) : "alerts";
}
