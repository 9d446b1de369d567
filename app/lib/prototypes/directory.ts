/**
 * The prototype directory's pure rules (docs/product.md): its URL state, search over name, description and services
 * (case-insensitive), the category and letter filters, and the order, tier
 * descending then name. The tier preview's state is here too.
 */
import { DIGITS_BUCKET, type LetterFilter, letterOf, parseLetterFilter } from "~/lib/businesses/listing";
import {
  PRESENTATION_OF_TIER,
  type Presentation,
  SAMPLE_BUSINESSES,
  type SampleBusiness,
  TIER_PREVIEW_PLANS,
} from "./sample-data";

/** Services an enhanced card shows before '+N more'. */
export const ENHANCED_SERVICES_SHOWN = 3;
const MAX_QUERY = 100;

export type ProtoDirectoryFilters = { q: string; category: string | null; letter: LetterFilter };

/** The sample categories, sorted. */
export const SAMPLE_CATEGORIES: readonly string[] = [...new Set(SAMPLE_BUSINESSES.map((b) => b.category))].sort();

export function parseProtoDirectoryFilters(params: URLSearchParams): ProtoDirectoryFilters {
  const category = (params.get("category") ?? "").trim();
  return {
    q: (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY),
    category: SAMPLE_CATEGORIES.includes(category) ? category : null,
    letter: parseLetterFilter(params.get("letter")),
  };
}

export function hasProtoFilter(filters: ProtoDirectoryFilters): boolean {
  return Boolean(filters.q || filters.category || filters.letter !== "All");
}

/** The query string of these filters, defaults left out, with a leading "?" or "". */
export function protoDirectorySearch(filters: ProtoDirectoryFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  if (filters.letter !== "All") params.set("letter", filters.letter === DIGITS_BUCKET ? DIGITS_BUCKET : filters.letter);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Tier 3 (premium) first, then Tier 2, then Tier 1; by name within a tier. */
export function compareBusinesses(a: SampleBusiness, b: SampleBusiness): number {
  if (a.tier !== b.tier) return a.tier < b.tier ? 1 : -1;
  return a.name.localeCompare(b.name, "en", { sensitivity: "base", numeric: true });
}

/** Whether the search text is in the name, the description or one of the services, in any case. */
export function matchesSearch(business: SampleBusiness, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase("en");
  if (!needle) return true;
  return [business.name, business.description, ...business.services].some((text) =>
    text.toLocaleLowerCase("en").includes(needle),
  );
}

/** The businesses the filters let through, in directory order. */
export function filterBusinesses(
  filters: ProtoDirectoryFilters,
  businesses: readonly SampleBusiness[] = SAMPLE_BUSINESSES,
): SampleBusiness[] {
  return businesses
    .filter(
      (business) =>
        matchesSearch(business, filters.q) &&
        (filters.category === null || business.category === filters.category) &&
        (filters.letter === "All" || letterOf(business.name) === filters.letter),
    )
    .sort(compareBusinesses);
}

export function presentationOf(business: SampleBusiness): Presentation {
  return PRESENTATION_OF_TIER[business.tier];
}

/** The services a card shows and how many it leaves for '+N more' (all of them when `limit` is null). */
export function visibleServices(
  services: readonly string[],
  limit: number | null,
): { shown: readonly string[]; more: number } {
  if (limit === null || services.length <= limit) return { shown: services, more: 0 };
  return { shown: services.slice(0, limit), more: services.length - limit };
}

// ---- The tier preview (/admin/proto/business-directory-tiers) -------------

export type TierPreviewState = { presentation: Presentation; index: number };

const PRESENTATIONS = TIER_PREVIEW_PLANS.map((plan) => plan.presentation) as readonly string[];

/** `?tier=basic|enhanced|premium&business=N` (1-based); anything else: premium, the first business. */
export function parseTierPreview(params: URLSearchParams, count = SAMPLE_BUSINESSES.length): TierPreviewState {
  const tier = params.get("tier") ?? "";
  const number = Number.parseInt(params.get("business") ?? "", 10);
  return {
    presentation: PRESENTATIONS.includes(tier) ? (tier as Presentation) : "premium",
    index: Number.isSafeInteger(number) && number >= 1 && number <= count ? number - 1 : 0,
  };
}

export function tierPreviewSearch(state: TierPreviewState): string {
  return `?${new URLSearchParams({ tier: state.presentation, business: String(state.index + 1) })}`;
}

/** The previous and next business, wrapping around. */
export function stepBusiness(index: number, step: 1 | -1, count = SAMPLE_BUSINESSES.length): number {
  return (index + step + count) % count;
}
