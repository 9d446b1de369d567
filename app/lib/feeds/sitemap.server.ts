/**
 * /sitemap.xml: every public page a search engine should know, Live cities
 * only (docs/decisions/0043-feeds-and-api.md): the site's own pages, each
 * Live city, its meetings and stories, the business listings and the
 * tracked issues' pages. One file holds at most 50,000 addresses (the
 * protocol's limit); past that the oldest meetings are left out.
 */
import { type SQL, sql } from "drizzle-orm";
import { listingPath } from "~/lib/businesses/directory";
import { getDb } from "~/lib/db/client.server";
import { meetingHref, storyHref } from "~/lib/meetings/links";
import { element, XML_DECLARATION } from "./xml";

export const SITEMAP_MAX_URLS = 50_000;

export type SitemapUrl = { path: string; lastModified?: Date | null };

/** The site's own public pages, always listed. */
export const STATIC_PATHS = ["/", "/about", "/privacy", "/contact", "/businesses", "/api"] as const;

/** The path of a tracked issue's page in one of its cities. */
export function issuePath(locationKey: string, issueKey: string): string {
  return `/city/${encodeURIComponent(locationKey)}/issues/${encodeURIComponent(issueKey)}`;
}

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

async function rowsOf<T>(statement: SQL): Promise<T[]> {
  return ((await getDb().execute(statement)) as unknown as { rows: T[] }).rows;
}

export async function sitemapUrls(): Promise<SitemapUrl[]> {
  const [cityRows, meetingRows, listingRows, issueRows] = await Promise.all([
    rowsOf<{ location_key: string; updated_at: Date | string }>(
      sql`select location_key, updated_at from cities where status = 'Live' order by name, location_key`,
    ),
    rowsOf<{ id: string; location_key: string; updated_at: Date | string; story_at: Date | string | null }>(
      sql`select v.id, c.location_key, v.updated_at, v.story_generated_at as story_at
        from city_videos v join cities c on c.id = v.city_id
        where c.status = 'Live'
        order by v.published_at desc nulls last, v.id desc
        limit ${SITEMAP_MAX_URLS}`,
    ),
    rowsOf<{ business_key: string; location_key: string; updated_at: Date | string }>(
      sql`select b.business_key, c.location_key, b.updated_at
        from business_listings b join cities c on c.id = b.city_id
        where c.status = 'Live' order by c.location_key, b.business_key`,
    ),
    rowsOf<{ issue_key: string; location_key: string; updated_at: Date | string }>(
      sql`select i.issue_key, c.location_key, greatest(i.updated_at, i.summary_generated_at) as updated_at
        from tracked_issues i join cities c on c.id = any(i.city_ids)
        where c.status = 'Live' order by c.location_key, i.issue_key`,
    ),
  ]);
  const urls: SitemapUrl[] = STATIC_PATHS.map((path) => ({ path }));
  for (const city of cityRows) {
    urls.push({ path: `/city/${encodeURIComponent(city.location_key)}`, lastModified: toDate(city.updated_at) });
  }
  for (const issue of issueRows) {
    urls.push({ path: issuePath(issue.location_key, issue.issue_key), lastModified: toDate(issue.updated_at) });
  }
  for (const listing of listingRows) {
    urls.push({
      path: listingPath(listing.business_key, listing.location_key),
      lastModified: toDate(listing.updated_at),
    });
  }
  for (const meeting of meetingRows) {
    urls.push({
      path: meetingHref(meeting.id, { cityKey: meeting.location_key }),
      lastModified: toDate(meeting.updated_at),
    });
    if (meeting.story_at !== null) {
      urls.push({ path: storyHref(meeting.id, meeting.location_key), lastModified: toDate(meeting.story_at) });
    }
  }
  return urls.slice(0, SITEMAP_MAX_URLS);
}

export function sitemapXml(urls: SitemapUrl[], origin: string): string {
  return [
    XML_DECLARATION,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (url) =>
        `<url>${element("loc", `${origin}${url.path}`)}${
          url.lastModified ? element("lastmod", url.lastModified.toISOString().replace(/\.\d{3}Z$/, "Z")) : ""
        }</url>`,
    ),
    "</urlset>",
  ].join("\n");
}

/** The paths crawlers are asked to stay out of: private, personal or not pages at all. */
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
