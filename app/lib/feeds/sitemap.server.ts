/**
 * The sitemap (docs/decisions/0043-feeds-and-api.md, split by
 * docs/decisions/0052-what-an-attacker-finds.md): every public page a search
 * engine should know, Live cities only, as a sitemap index and its parts.
 *
 * - `/sitemap.xml`: the index, one `<sitemap>` per part that has addresses.
 * - `/sitemap/site.xml`: the site's own pages and each Live city's page
 *   (its `lastmod` is its newest meeting's date).
 * - `/sitemap/{city}/{kind}-{n}.xml`: a Live city's meetings and their story
 *   pages (2,500 meetings a part, so at most 5,000 addresses), its business
 *   listings and its tracked issues' pages (5,000 a part), oldest first, so
 *   that a new meeting changes only the last part.
 *
 * Each part is built at most once per content version and kept
 * (sitemap-cache.server.ts): /sitemap.xml was one 7.4 MB document built on
 * every request at 60,000 meetings, 2.3–2.8 s of one core each time.
 */
import { sql } from "drizzle-orm";
import { href } from "react-router";
import { listingPath } from "~/lib/businesses/directory";
import { meetingHref, storyHref } from "~/lib/meetings/links";
import { element, XML_DECLARATION } from "./xml";
import { queryRows } from "~/lib/db/rows.server";

const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export type SitemapUrl = { path: string; lastModified?: Date | null };

export const CITY_PART_KINDS = ["meetings", "businesses", "issues"] as const;
export type CityPartKind = (typeof CITY_PART_KINDS)[number];

/** Rows per part: a meeting gives two addresses (its analysis and its story). */
export const ROWS_PER_PART: Record<CityPartKind, number> = { meetings: 2_500, businesses: 5_000, issues: 5_000 };

/** The site's own public pages, always listed. */
export const STATIC_PATHS = [
  href("/"),
  href("/about"),
  href("/privacy"),
  href("/contact"),
  href("/businesses"),
  href("/api"),
];

/** The path of a tracked issue's page in one of its cities. */
export function issuePath(locationKey: string, issueKey: string): string {
  return href("/city/:locationKey/issues/:issueKey", {
    locationKey: encodeURIComponent(locationKey),
    issueKey: encodeURIComponent(issueKey),
  });
}

/** The address of a city's part: `/sitemap/{city}/meetings-2.xml`. */
export function cityPartPath(locationKey: string, kind: CityPartKind, page: number): string {
  return href("/sitemap/:locationKey/:part", {
    locationKey: encodeURIComponent(locationKey),
    part: `${kind}-${page}.xml`,
  });
}

/** `meetings-2.xml` read back; null for any other name. */
export function parseCityPart(part: string | undefined): { kind: CityPartKind; page: number } | null {
  const match = /^(meetings|businesses|issues)-([1-9]\d{0,5})\.xml$/.exec(part ?? "");
  return match ? { kind: match[1] as CityPartKind, page: Number(match[2]) } : null;
}

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The parts that have addresses, in the index's order: the site's, then each Live city's. */
export async function sitemapPartPaths(): Promise<string[]> {
  const rows = await queryRows<{ location_key: string; meetings: number; businesses: number; issues: number }>(
    sql`select c.location_key,
        (select count(*)::int from city_videos v where v.city_id = c.id) as meetings,
        (select count(*)::int from business_listings b where b.city_id = c.id) as businesses,
        (select count(*)::int from tracked_issues i where c.id = any(i.city_ids)) as issues
      from cities c where c.status = 'Live' order by c.location_key`,
  );
  const paths: string[] = [href("/sitemap/site.xml")];
  for (const row of rows) {
    for (const kind of CITY_PART_KINDS) {
      const parts = Math.ceil(row[kind] / ROWS_PER_PART[kind]);
      for (let page = 1; page <= parts; page++) paths.push(cityPartPath(row.location_key, kind, page));
    }
  }
  return paths;
}

/** The site's pages, and each Live city's page with its newest meeting's date. */
export async function siteUrls(): Promise<SitemapUrl[]> {
  const cities = await queryRows<{ location_key: string; newest: Date | string | null }>(
    sql`select c.location_key, (select max(v.published_at) from city_videos v where v.city_id = c.id) as newest
      from cities c where c.status = 'Live' order by c.name, c.location_key`,
  );
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...cities.map((city) => ({
      path: href("/city/:locationKey", { locationKey: encodeURIComponent(city.location_key) }),
      lastModified: toDate(city.newest),
    })),
  ];
}

/** One part of a Live city; null when the city is not Live (or unknown) or the part is past its last. */
export async function cityPartUrls(
  locationKey: string,
  kind: CityPartKind,
  page: number,
): Promise<SitemapUrl[] | null> {
  const [city] = await queryRows<{ id: string }>(
    sql`select id from cities where location_key = ${locationKey} and status = 'Live'`,
  );
  if (!city) return null;
  const limit = ROWS_PER_PART[kind];
  const offset = (page - 1) * limit;
  let urls: SitemapUrl[];
  if (kind === "meetings") {
    const rows = await queryRows<{ id: string; updated_at: Date | string; story_at: Date | string | null }>(
      sql`select v.id, v.updated_at, v.story_generated_at as story_at from city_videos v
        where v.city_id = ${city.id} order by v.created_at, v.id limit ${limit} offset ${offset}`,
    );
    urls = rows.flatMap((meeting) => [
      { path: meetingHref(meeting.id, { cityKey: locationKey }), lastModified: toDate(meeting.updated_at) },
      ...(meeting.story_at === null
        ? []
        : [{ path: storyHref(meeting.id, locationKey), lastModified: toDate(meeting.story_at) }]),
    ]);
  } else if (kind === "businesses") {
    const rows = await queryRows<{ business_key: string; updated_at: Date | string }>(
      sql`select b.business_key, b.updated_at from business_listings b
        where b.city_id = ${city.id} order by b.business_key limit ${limit} offset ${offset}`,
    );
    urls = rows.map((listing) => ({
      path: listingPath(listing.business_key, locationKey),
      lastModified: toDate(listing.updated_at),
    }));
  } else {
    const rows = await queryRows<{ issue_key: string; updated_at: Date | string }>(
      sql`select i.issue_key, greatest(i.updated_at, i.summary_generated_at) as updated_at from tracked_issues i
        where ${city.id} = any(i.city_ids) order by i.issue_key limit ${limit} offset ${offset}`,
    );
    urls = rows.map((issue) => ({
      path: issuePath(locationKey, issue.issue_key),
      lastModified: toDate(issue.updated_at),
    }));
  }
  return urls.length > 0 ? urls : null;
}

function lastmod(date: Date | null | undefined): string {
  return date ? element("lastmod", date.toISOString().replace(/\.\d{3}Z$/, "Z")) : "";
}

export function sitemapXml(urls: SitemapUrl[], origin: string): string {
  return [
    XML_DECLARATION,
    `<urlset xmlns="${XMLNS}">`,
    ...urls.map((url) => `<url>${element("loc", `${origin}${url.path}`)}${lastmod(url.lastModified)}</url>`),
    "</urlset>",
  ].join("\n");
}

export function sitemapIndexXml(paths: string[], origin: string): string {
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${XMLNS}">`,
    ...paths.map((path) => `<sitemap>${element("loc", `${origin}${path}`)}</sitemap>`),
    "</sitemapindex>",
  ].join("\n");
}

/** The paths crawlers are asked to stay out of: private, personal or not pages at all. */
// Path prefixes (each covers every page below it), not links: href() has no route for "/resources" or "/api/v1/".
// eslint-disable-next-line no-restricted-syntax
export const ROBOTS_DISALLOWED = ["/admin", "/profile", "/desk", "/resources", "/auth", "/api/v1/"] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
