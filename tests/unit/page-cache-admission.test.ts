import { describe, expect, it } from "vitest";
import { PageCache } from "~/lib/page-cache/page-cache.server";

/**
 * The rendered-page cache's own bookkeeping (the HTTP behavior is in
 * tests/integration/page-cache.test.ts): a bot asking for endless one-off
 * URLs must not evict the pages people read.
 */

type Entry = Parameters<PageCache["set"]>[1];

function page(bytes = 100): Entry {
  return { versions: "v1", etag: 'W/"e"', status: 200, headers: [], parts: ["<p>page</p>"], bytes };
}

function fill(cache: PageCache, count: number, prefix = "/page-") {
  for (let index = 0; index < count; index++) cache.set(`${prefix}${index}`, page());
}

describe("the rendered-page cache's admission", () => {
  it("stores every page while it has room, and evicts the least recently used for a page asked for twice", () => {
    const cache = new PageCache({ maxEntries: 3, maxBytes: 10_000 });
    fill(cache, 3);
    expect(cache.size.entries).toBe(3);
    cache.get("/page-0");
    cache.set("/popular", page());
    expect(cache.get("/popular")).toBeUndefined();
    cache.set("/popular", page());
    expect(cache.get("/popular")).toBeDefined();
    // /page-1 was the least recently used.
    expect(cache.get("/page-1")).toBeUndefined();
    expect(cache.get("/page-0")).toBeDefined();
    expect(cache.size.entries).toBe(3);
  });

  it("keeps the pages people read through a flood of one-off URLs", () => {
    const cache = new PageCache({ maxEntries: 50, maxBytes: 100_000 });
    fill(cache, 50);
    fill(cache, 10_000, "/page-0?junk=");
    for (let index = 0; index < 50; index++) expect(cache.get(`/page-${index}`)).toBeDefined();
    expect(cache.size).toEqual({ entries: 50, bytes: 50 * 100 });
  });

  it("replaces a stored page rendered again at new versions without a second request", () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 10_000 });
    fill(cache, 2);
    cache.set("/page-1", { ...page(), versions: "v2" });
    expect(cache.get("/page-1")?.versions).toBe("v2");
  });

  it("never stores a page bigger than a quarter of its bytes", () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1_000 });
    cache.set("/huge", page(300));
    cache.set("/huge", page(300));
    expect(cache.get("/huge")).toBeUndefined();
  });
});
