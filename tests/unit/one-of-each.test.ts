import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePageParam } from "~/lib/pagination";
import { isUuid } from "~/lib/uuid";

/**
 * One helper for each small job, used everywhere (issue 28, deliverable 4):
 * isUuid (app/lib/uuid.ts), the raw-rows helper (app/lib/db/rows.server.ts),
 * the page-param parser (app/lib/pagination.ts), useFetcherToast
 * (app/components/hooks/) and Card (app/components/ui/). The scan below
 * fails when a copy comes back.
 */

const ROOT = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const APP = sources(path.join(ROOT, "app")).map((file) => ({
  name: path.relative(ROOT, file),
  text: fs.readFileSync(file, "utf8"),
}));

/** Files that still hold a copy until another branch of issue 28 moves them (the rules engineer's); remove at merge. */
const PENDING = new Set<string>();

function filesMatching(pattern: RegExp, except: string): string[] {
  return APP.filter(({ name, text }) => name !== except && !PENDING.has(name) && pattern.test(text)).map(
    ({ name }) => name,
  );
}

describe("isUuid", () => {
  it("takes a UUID in any case, and nothing else", () => {
    expect(isUuid("3f2a6c1e-8d4b-4c2a-9e1f-0a1b2c3d4e5f")).toBe(true);
    expect(isUuid("3F2A6C1E-8D4B-4C2A-9E1F-0A1B2C3D4E5F")).toBe(true);
    expect(isUuid("3f2a6c1e-8d4b-4c2a-9e1f-0a1b2c3d4e5")).toBe(false);
    expect(isUuid(" 3f2a6c1e-8d4b-4c2a-9e1f-0a1b2c3d4e5f")).toBe(false);
    expect(isUuid("3f2a6c1e-8d4b-4c2a-9e1f-0a1b2c3d4e5fx")).toBe(false);
    expect(isUuid("nope")).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});

describe("parsePageParam", () => {
  it("reads a whole page number from 1, else the first page", () => {
    expect(parsePageParam("3")).toBe(3);
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam("")).toBe(1);
    expect(parsePageParam("0")).toBe(1);
    expect(parsePageParam("-2")).toBe(1);
    expect(parsePageParam("2abc")).toBe(1);
    expect(parsePageParam("1.5")).toBe(1);
    expect(parsePageParam("1e3")).toBe(1);
    expect(parsePageParam("99999999999999999999")).toBe(1);
  });

  it("keeps to its maximum", () => {
    expect(parsePageParam("900", 50)).toBe(50);
    expect(parsePageParam("50", 50)).toBe(50);
    expect(parsePageParam("abc", 50)).toBe(1);
  });
});

describe("one helper for each job", () => {
  it("the UUID pattern is written once", () => {
    expect(filesMatching(/\[0-9a-f\]\{8\}-\[0-9a-f\]\{4\}/i, "app/lib/uuid.ts")).toEqual([]);
  });

  it("raw rows are read through rowsOf/queryRows, not a cast", () => {
    expect(filesMatching(/as unknown as \{\s*rows\b/, "app/lib/db/rows.server.ts")).toEqual([]);
  });

  it("a page number in a URL is parsed by parsePageParam", () => {
    expect(
      filesMatching(/(?:parseInt|Number)\(\s*\w*\.?(?:get|searchParams\.get)\("page"\)/, "app/lib/pagination.ts"),
    ).toEqual([]);
  });

  it("a fetcher's toast reaches the outlet through useFetcherToast", () => {
    expect(
      filesMatching(/showToast\(\s*(?:toast|data\.toast|fetcher\.data)/, "app/components/hooks/use-fetcher-toast.ts"),
    ).toEqual([]);
  });

  it("there is one Card", () => {
    expect(filesMatching(/function Card\(|const Card\s*=/, "app/components/ui/card.tsx")).toEqual([]);
  });
});

/**
 * The prototypes render the real components with sample data (issue 28,
 * deliverable 4): the showcase's search results, AI summary, timeline and
 * quote cards, and the sample directory's letter filter and empty state,
 * come from the production components, not from copies of their markup.
 */
describe("the prototypes render the real components", () => {
  const text = (name: string) => {
    const file = APP.find((candidate) => candidate.name === name);
    if (!file) throw new Error(`${name} is gone`);
    return file.text;
  };
  const importsFrom = (source: string, module: string, names: string[]) => {
    const imports = [...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)]
      .filter((match) => match[2] === module)
      .flatMap((match) => match[1]!.split(",").map((name) => name.trim()));
    return names.filter((name) => !imports.includes(name));
  };

  it("the component showcase uses the search, desk and issue components", () => {
    const screen = text("app/components/proto/frontend-components/screen.tsx");
    expect(importsFrom(screen, "~/components/search/search-results", ["SearchResults"])).toEqual([]);
    expect(importsFrom(screen, "~/components/desk/quote-card", ["QuoteCard"])).toEqual([]);
    expect(
      importsFrom(screen, "~/components/issues/issue-timeline", ["IssueSummaryCard", "TimelineList", "ToggleChips"]),
    ).toEqual([]);
    // No markup of its own for what those components draw.
    expect(screen).not.toMatch(
      /<blockquote|data-testid="(?:ai-summary|traditional-results|timeline)"|function QuoteCard\(/,
    );
  });

  it("the sample directory uses the directory's letter filter and empty state", () => {
    const route = text("app/routes/proto/business-directory.tsx");
    expect(importsFrom(route, "~/components/businesses/letter-filter-nav", ["LetterFilterNav"])).toEqual([]);
    expect(importsFrom(route, "~/components/businesses/directory-page", ["EMPTY_DIRECTORY"])).toEqual([]);
    expect(route).not.toContain("No businesses found matching your criteria.");
  });
});
