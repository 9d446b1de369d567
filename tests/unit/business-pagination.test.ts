import { describe, expect, it } from "vitest";
import { paginationWindow } from "~/lib/pagination";
import { adminDirectoryHref, listReturnTo, parseAdminDirectoryQuery } from "~/lib/businesses/admin-forms";

/** The admin list's page links (docs/product.md) and its URL state. */

describe("paginationWindow", () => {
  it("shows nothing for no pages and the one page for one", () => {
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(7, 1)).toEqual([1]);
  });

  it("shows every page up to 5", () => {
    for (const current of [1, 3, 5]) expect(paginationWindow(current, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows 5 pages and the last at 6 pages, no ellipsis for a gap of none", () => {
    expect(paginationWindow(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationWindow(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationWindow(6, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("shows 5 pages around the current one, an ellipsis and the last page at 50 pages", () => {
    expect(paginationWindow(1, 50)).toEqual([1, 2, 3, 4, 5, "…", 50]);
    expect(paginationWindow(3, 50)).toEqual([1, 2, 3, 4, 5, "…", 50]);
    expect(paginationWindow(4, 50)).toEqual([1, 2, 3, 4, 5, 6, "…", 50]);
    expect(paginationWindow(20, 50)).toEqual([1, "…", 18, 19, 20, 21, 22, "…", 50]);
    expect(paginationWindow(47, 50)).toEqual([1, "…", 45, 46, 47, 48, 49, 50]);
    expect(paginationWindow(50, 50)).toEqual([1, "…", 46, 47, 48, 49, 50]);
  });

  it("clamps a current page outside 1…total", () => {
    expect(paginationWindow(0, 50)).toEqual(paginationWindow(1, 50));
    expect(paginationWindow(99, 50)).toEqual(paginationWindow(50, 50));
  });
});

describe("the admin list's URL state", () => {
  it("reads the filters and page, refusing what is not one", () => {
    const id = "0b7c3a52-6a5e-4f4b-9a37-2b8d1c0e9f11";
    expect(parseAdminDirectoryQuery(new URLSearchParams(`q=+bake+&city=${id}&letter=b&page=3`))).toEqual({
      q: "bake",
      cityId: id,
      letter: "B",
      page: 3,
    });
    expect(parseAdminDirectoryQuery(new URLSearchParams("city=nope&letter=0-9&page=-2"))).toEqual({
      q: "",
      cityId: null,
      letter: "All",
      page: 1,
    });
  });

  it("writes page 1 and empty filters as nothing", () => {
    expect(adminDirectoryHref({ q: "", cityId: null, letter: "All", page: 1 })).toBe("/admin/business-directory");
    expect(adminDirectoryHref({ q: "a&b", letter: "C", page: 2 })).toBe(
      "/admin/business-directory?q=a%26b&letter=C&page=2",
    );
  });

  it("returns only to the list", () => {
    expect(listReturnTo("/admin/business-directory?letter=C&page=2")).toBe("/admin/business-directory?letter=C&page=2");
    expect(listReturnTo("https://evil.example/")).toBe("/admin/business-directory");
    expect(listReturnTo("//evil.example/admin/business-directory")).toBe("/admin/business-directory");
    expect(listReturnTo("/admin/business-directoryX")).toBe("/admin/business-directory");
  });
});
