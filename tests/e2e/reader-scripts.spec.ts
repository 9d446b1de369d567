import { firstLoadScripts } from "./client-build";
import { expect, jsIndependent, test } from "./fixtures";

/**
 * What a reader's browser downloads on a cold visit holds only what the
 * page shows (docs/decisions/0029-page-weight-and-lite-mode.md, round 2):
 * no admin tools, no code that only makes meta tags (the loaders do), no
 * closed search panel, no search box the page does not have. Admins get
 * their tools all the same (admin-meeting.spec.ts, with JavaScript on and
 * off), and the panel opens (city-page.spec.ts).
 */

const ADMIN_TOOLS = ["Re-Analyze Meeting", "Rewrite Story", "Rewrite instructions", "Fetch Transcript"];
const META_BUILDERS = ["og:site_name", "article:published_time", "City council meetings of"];
const CITY_SEARCH_PANEL = "city-search-query";
const CITY_HEADER_SEARCH = "city-header-search";

const PAGES: Record<string, { routes: string[]; absent: string[] }> = {
  city: {
    routes: ["root", "routes/city/city", "routes/city/index"],
    absent: [...ADMIN_TOOLS, ...META_BUILDERS, CITY_SEARCH_PANEL],
  },
  meeting: {
    routes: ["root", "routes/city/city", "city-meeting"],
    absent: [...ADMIN_TOOLS, ...META_BUILDERS, CITY_HEADER_SEARCH],
  },
  story: {
    routes: ["root", "routes/city/city", "city-meeting-story"],
    absent: [...ADMIN_TOOLS, ...META_BUILDERS, CITY_HEADER_SEARCH],
  },
};

for (const [name, { routes, absent }] of Object.entries(PAGES)) {
  test(`the ${name} page's first-load scripts hold only what a reader sees`, jsIndependent, () => {
    for (const [file, code] of firstLoadScripts(routes)) {
      for (const text of absent) expect(code, `${file}: ${text}`).not.toContain(text);
    }
  });
}
