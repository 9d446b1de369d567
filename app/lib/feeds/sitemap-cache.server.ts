/**
 * The sitemap's documents, each built at most once per content version
 * (docs/decisions/0052-what-an-attacker-finds.md): a request for a part
 * reads the versions its addresses depend on (content-versions.server.ts;
 * a city's own for its parts, all of them for the index and the site's
 * part), answers 304 to a matching ETag, else serves the document built at
 * those versions, building it only when there is none. Requests that arrive
 * while it is being built wait for that build. The query string is never
 * read: `/sitemap.xml?anything` is the same document and the same build.
 *
 * Kept in memory as UTF-8, least recently used first out, at most
 * SITEMAP_CACHE_BYTES (about 7 MB hold every part of 60,000 meetings).
 */
import { appUrl } from "~/lib/env/env.server";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";
import { isNotModified, weakEtag } from "~/lib/http/conditional.server";
import { contentVersionsOf } from "~/lib/page-cache/content-versions.server";

export const SITEMAP_CACHE_BYTES = 16 * 1024 * 1024;
const CONTENT_TYPE = "application/xml; charset=utf-8";

type Body = Buffer<ArrayBuffer>;
type Entry = { version: string; body: Body };

class SitemapCache {
  private entries = new Map<string, Entry>();
  private building = new Map<string, Promise<Body | null>>();
  private bytes = 0;
  /** Documents built and documents served from memory, since the start (tests, diagnostics). */
  readonly stats = { builds: 0, hits: 0 };

  constructor(private maxBytes: number) {}

  clear(): void {
    this.entries.clear();
    this.building.clear();
    this.bytes = 0;
    this.stats.builds = 0;
    this.stats.hits = 0;
  }

  async get(key: string, version: string, build: () => Promise<string | null>): Promise<Body | null> {
    const entry = this.entries.get(key);
    if (entry?.version === version) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.stats.hits++;
      return entry.body;
    }
    const buildKey = `${key}\n${version}`;
    let pending = this.building.get(buildKey);
    if (!pending) {
      this.stats.builds++;
      pending = build()
        .then((xml) => {
          if (xml === null) return null;
          const body = Buffer.from(xml, "utf8");
          this.store(key, { version, body });
          return body;
        })
        .finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, pending);
    }
    return pending;
  }

  private store(key: string, entry: Entry) {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.body.length;
    }
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, { body }] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= body.length;
    }
  }
}

// One cache per process, on globalThis like the database connection: the built app and its tests share it.
const CACHE = Symbol.for("gavel.sitemapCache");
const cache: SitemapCache = ((globalThis as typeof globalThis & { [CACHE]?: SitemapCache })[CACHE] ??= new SitemapCache(
  SITEMAP_CACHE_BYTES,
));

/** Empties the cache and its counts (tests: a file that shares its process with earlier files, another database). */
export function clearSitemapCache(): void {
  cache.clear();
}

export function sitemapCacheStats(): { builds: number; hits: number } {
  return { ...cache.stats };
}

/**
 * The answer to a GET of one sitemap document: `path` names it (never the
 * query string), `versionsOf` is the page whose content versions it depends
 * on, `build` writes it for an origin (null: no such document, 404).
 */
export async function sitemapResponse(
  request: Request,
  { path, versionsOf, build }: { path: string; versionsOf: string; build: (origin: string) => Promise<string | null> },
): Promise<Response> {
  const origin = appUrl();
  const version = await contentVersionsOf(versionsOf);
  const etag = weakEtag("sitemap", origin, path, version);
  const headers = new Headers({ "Cache-Control": PUBLIC_CACHE_CONTROL, ETag: etag });
  if (isNotModified(request, etag)) return new Response(null, { status: 304, headers });
  const body = await cache.get(`${origin}${path}`, version, () => build(origin));
  if (!body) {
    return new Response("No such sitemap.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  headers.set("Content-Type", CONTENT_TYPE);
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
}
