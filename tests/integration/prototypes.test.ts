import { beforeAll, describe, expect, it } from "vitest";
import { loader as directoryLoader } from "~/routes/proto/business-directory";
import { loader as showcaseLoader } from "~/routes/proto/frontend-components";
import { loader as pricingLoader } from "~/routes/proto/pricing";
import { loader as tiersLoader } from "~/routes/proto/business-directory-tiers";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";
import { callLoader, dbTag, TEST_ORIGIN } from "../setup";
import { createSignedInUser } from "../support/factories";

/**
 * The prototype pages: the four under /admin/proto refuse visitors (401) and
 * members (403) and answer admins; /proto/pricing and /proto/business-directory
 * (the same modules) answer everyone, cacheable for visitors, private once
 * signed in.
 */

let admin: { cookie: string };
let member: { cookie: string };

beforeAll(async () => {
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
}, 60_000);

const headers = (cookie: string): { headers: HeadersInit } => ({ headers: cookie ? { Cookie: cookie } : {} });

const ADMIN_PAGES = [
  ["/admin/proto/frontend-components?tab=dashboard&dtab=draft&draft=q1", showcaseLoader],
  ["/admin/proto/business-directory-tiers?tier=basic&business=3", tiersLoader],
  ["/admin/proto/business-directory?q=bakery", directoryLoader],
  ["/admin/proto/pricing", pricingLoader],
] as const;

const PUBLIC_PAGES = [
  ["/proto/business-directory?category=Health&letter=R", directoryLoader],
  ["/proto/pricing", pricingLoader],
] as const;

describe(`prototype pages ${dbTag}`, () => {
  it("refuse visitors with 401 and members with 403 under /admin", async () => {
    for (const [path, loader] of ADMIN_PAGES) {
      for (const [who, cookie, status] of [
        ["visitor", "", 401],
        ["member", member.cookie, 403],
      ] as const) {
        const result = await callLoader(loader, path, headers(cookie));
        expect([path, who, result.thrown, result.status]).toEqual([path, who, true, status]);
      }
    }
  });

  it("answer an admin under /admin, privately", async () => {
    for (const [path, loader] of ADMIN_PAGES) {
      const result = await callLoader(loader, path, headers(admin.cookie));
      expect([path, result.status]).toEqual([path, 200]);
      expect(result.data).toMatchObject({ admin: true });
      expect(result.headers.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it("answer everyone on /proto: public for visitors, private once signed in", async () => {
    for (const [path, loader] of PUBLIC_PAGES) {
      for (const [who, cookie, cacheControl] of [
        ["visitor", "", PUBLIC_CACHE_CONTROL],
        ["member", member.cookie, PRIVATE_CACHE_CONTROL],
        ["admin", admin.cookie, PRIVATE_CACHE_CONTROL],
      ] as const) {
        const result = await callLoader(loader, path, headers(cookie));
        expect([path, who, result.status, result.headers.get("Cache-Control")]).toEqual([path, who, 200, cacheControl]);
        expect(result.data).toMatchObject({
          admin: false,
          canonicalUrl: expect.stringMatching(new RegExp(`${path.split("?")[0]}$`)),
        });
      }
    }
  });
});
