import { describe, expect, it } from "vitest";
import {
  compareBusinesses,
  filterBusinesses,
  parseProtoDirectoryFilters,
  parseTierPreview,
  presentationOf,
  protoDirectorySearch,
  SAMPLE_CATEGORIES,
  stepBusiness,
  visibleServices,
} from "~/lib/prototypes/directory";
import {
  DEFAULT_ISSUE_KEY,
  FEEDBACK_OPTIONS,
  MORE_LOCAL_BUSINESSES,
  PRICING_PLANS,
  SAMPLE_AI_SUMMARY,
  SAMPLE_BUSINESSES,
  TIER_PREVIEW_PLANS,
  TRIAL_DAYS_LEFT,
} from "~/lib/prototypes/sample-data";
import {
  addToDraft,
  clearDraft,
  confidenceLabel,
  DEFAULT_SHOWCASE,
  parseShowcase,
  removeFromDraft,
  showcaseSearch,
  timelineCounts,
  timelineOf,
  toggleEntity,
} from "~/lib/prototypes/showcase";

/** The prototype pages' constants against docs/product.md. */

const params = (query: string) => new URLSearchParams(query);
const names = (query: string) => filterBusinesses(parseProtoDirectoryFilters(params(query))).map((b) => b.name);

describe("sample constants", () => {
  it("has 11 sample businesses with every field of the spec, logo and photo as emoji", () => {
    expect(SAMPLE_BUSINESSES).toHaveLength(11);
    expect(new Set(SAMPLE_BUSINESSES.map((b) => b.name)).size).toBe(11);
    for (const business of SAMPLE_BUSINESSES) {
      expect(Object.keys(business).sort()).toEqual(
        [
          "name",
          "tagline",
          "owner",
          "category",
          "yearEstablished",
          "address",
          "phone",
          "email",
          "website",
          "description",
          "services",
          "logo",
          "photo",
          "tier",
        ].sort(),
      );
      expect(business.logo).toMatch(/\p{Extended_Pictographic}/u);
      expect(business.photo).toMatch(/\p{Extended_Pictographic}/u);
      expect(business.address).toContain("Oakdale");
    }
  });

  it("prices: Basic $29, Featured $79, Premium $149 a month in the preview; Premium 'Contact Us' on the pricing page", () => {
    expect(TIER_PREVIEW_PLANS.map((plan) => [plan.label, plan.price])).toEqual([
      ["Basic", "$29/month"],
      ["Featured", "$79/month"],
      ["Premium", "$149/month"],
    ]);
    expect(PRICING_PLANS.map((plan) => [plan.name, plan.price, plan.mostPopular])).toEqual([
      ["Basic", "$29", false],
      ["Enhanced", "$79", true],
      ["Premium", "Contact Us", false],
    ]);
    expect(PRICING_PLANS[2].period).toBe("Custom pricing");
    expect(MORE_LOCAL_BUSINESSES).toBe(147);
  });

  it("lists the tier features of section 9", () => {
    const features = PRICING_PLANS.map((plan) => plan.features.join(" | ").toLowerCase());
    for (const word of ["name", "category", "address", "contact", "logo", "basic visibility"])
      expect(features[0]).toContain(word);
    for (const word of ["photo", "description", "services", "reviews", "better ranking"])
      expect(features[1]).toContain(word);
    for (const word of ["gradient design", "all contact methods", "social media", "top placement", "analytics"])
      expect(features[2]).toContain(word);
  });

  it("dashboard: 23 days left, timeline counts 8, 3, 2, feedback helpful / not-helpful / more-detail, confidence High", () => {
    expect(TRIAL_DAYS_LEFT).toBe(23);
    expect(timelineCounts(DEFAULT_ISSUE_KEY)).toEqual({ city: 8, school: 3, county: 2 });
    expect(FEEDBACK_OPTIONS.map((option) => option.value)).toEqual(["helpful", "not-helpful", "more-detail"]);
    expect(confidenceLabel(SAMPLE_AI_SUMMARY.confidence_score)).toBe("High");
    expect([confidenceLabel(0.6), confidenceLabel(0.2)]).toEqual(["Medium", "Low"]);
  });
});

describe("prototype directory", () => {
  it("maps Tier 1 to basic, Tier 2 to enhanced, Tier 3 to premium", () => {
    const byTier = (tier: string) => SAMPLE_BUSINESSES.find((b) => b.tier === tier)!;
    expect(["Tier 1", "Tier 2", "Tier 3"].map((tier) => presentationOf(byTier(tier)))).toEqual([
      "basic",
      "enhanced",
      "premium",
    ]);
  });

  it("sorts by tier descending, then name", () => {
    const sorted = names("");
    expect(sorted).toHaveLength(11);
    const tiers = sorted.map((name) => SAMPLE_BUSINESSES.find((b) => b.name === name)!.tier);
    expect(tiers).toEqual([...tiers].sort().reverse());
    expect(sorted.slice(0, 3)).toEqual(["Maple Street Hardware", "Oakdale Creek Bakery", "Riverside Dental Care"]);
    expect(sorted.slice(-4)).toEqual([
      "3 Sisters Coffee",
      "Creekside Florist",
      "Oakdale Paws Grooming",
      "Summit Tax & Bookkeeping",
    ]);
    expect(compareBusinesses(SAMPLE_BUSINESSES[0]!, SAMPLE_BUSINESSES[0]!)).toBe(0);
  });

  it("searches name, description and services, case-insensitively", () => {
    expect(names("q=WILLOW")).toEqual(["Willow Books"]);
    expect(names("q=evening hours")).toEqual(["Riverside Dental Care"]); // description
    expect(names("q=smog")).toEqual(["Pinecrest Auto Repair"]); // a service only
    expect(names("q=key CUTTING")).toEqual(["Maple Street Hardware"]);
    expect(names("q=nothing-like-this")).toEqual([]);
  });

  it("filters by category and first letter, together with the search", () => {
    expect(names("category=Health")).toEqual(["Riverside Dental Care", "Blue Heron Yoga"]);
    expect(names("letter=o")).toEqual(["Oakdale Creek Bakery", "Oakdale Paws Grooming"]);
    expect(names("letter=0-9")).toEqual(["3 Sisters Coffee"]);
    expect(names("category=Food+%26+Drink&q=pastries")).toEqual(["Oakdale Creek Bakery", "3 Sisters Coffee"]);
    expect(parseProtoDirectoryFilters(params("category=Nope&letter=zz")).category).toBeNull();
    expect(SAMPLE_CATEGORIES).toContain("Health");
    expect(protoDirectorySearch(parseProtoDirectoryFilters(params("q=%20a%20&letter=b")))).toBe("?q=a&letter=B");
    expect(protoDirectorySearch(parseProtoDirectoryFilters(params("")))).toBe("");
  });

  it("shows 3 services on an enhanced card with '+N more'", () => {
    const yoga = SAMPLE_BUSINESSES.find((b) => b.name === "Blue Heron Yoga")!;
    expect(visibleServices(yoga.services, 3)).toEqual({ shown: yoga.services.slice(0, 3), more: 2 });
    const auto = SAMPLE_BUSINESSES.find((b) => b.name === "Pinecrest Auto Repair")!;
    expect(visibleServices(auto.services, 3).more).toBe(3);
    expect(visibleServices(["a", "b"], 3)).toEqual({ shown: ["a", "b"], more: 0 });
    expect(visibleServices(auto.services, null).shown).toHaveLength(6);
    for (const business of SAMPLE_BUSINESSES.filter((b) => b.tier === "Tier 2"))
      expect(business.services.length).toBeGreaterThan(3);
  });

  it("tier preview: premium and the first business by default, previous/next wrap around", () => {
    expect(parseTierPreview(params(""))).toEqual({ presentation: "premium", index: 0 });
    expect(parseTierPreview(params("tier=basic&business=11"))).toEqual({ presentation: "basic", index: 10 });
    expect(parseTierPreview(params("tier=gold&business=12"))).toEqual({ presentation: "premium", index: 0 });
    expect([stepBusiness(0, -1), stepBusiness(10, 1), stepBusiness(4, 1)]).toEqual([10, 0, 5]);
  });
});

describe("component showcase state", () => {
  it("defaults: timeline of oakdale-creek-development, every chip on, AI summary, alerts, empty draft", () => {
    expect(parseShowcase(params(""))).toEqual(DEFAULT_SHOWCASE);
    expect(DEFAULT_SHOWCASE.issue).toBe("oakdale-creek-development");
    expect(DEFAULT_SHOWCASE.hidden).toEqual([]);
    expect(showcaseSearch(DEFAULT_SHOWCASE)).toBe("");
    expect(timelineOf(DEFAULT_ISSUE_KEY, [])).toHaveLength(13);
  });

  it("toggles chips and filters the timeline", () => {
    const off = toggleEntity(toggleEntity(DEFAULT_SHOWCASE, "county"), "school");
    expect(off.hidden).toEqual(["school", "county"]);
    expect(showcaseSearch(off)).toBe("?hide=school%2Ccounty");
    expect(timelineOf(off.issue, off.hidden).every((item) => item.entity_type === "city")).toBe(true);
    expect(toggleEntity(off, "school").hidden).toEqual(["county"]);
    expect(timelineOf("no-such-issue", [])).toEqual([]);
    expect(timelineOf("constructor", [])).toEqual([]);
  });

  it("adds quotes to the draft, removes them and clears it, through the URL", () => {
    let state = parseShowcase(params("tab=dashboard&dtab=draft&draft=q1,q3,zz,q1"));
    expect(state.draft).toEqual(["q1", "q3"]);
    state = addToDraft(state, "q2");
    expect(showcaseSearch(state)).toBe("?tab=dashboard&dtab=draft&draft=q1%2Cq3%2Cq2");
    expect(addToDraft(state, "q2")).toBe(state);
    expect(removeFromDraft(state, "q3").draft).toEqual(["q1", "q2"]);
    expect(clearDraft(state).draft).toEqual([]);
    expect(parseShowcase(params(showcaseSearch(state).slice(1)))).toEqual(state);
  });

  it("keeps feedback per alert and drops unknown values", () => {
    expect(parseShowcase(params("feedback=a1:helpful,a2:more-detail,a3:meh,zz:helpful")).feedback).toEqual({
      a1: "helpful",
      a2: "more-detail",
    });
  });
});
