/**
 * The business directory admin's URL state and messages
 * (/admin/business-directory; docs/product.md), shared by its pages, its dialogs and its action;
 * the edit form's schema is admin-schema.ts (zod stays out of the browser).
 */
import { href } from "react-router";
import { parseLetterFilter, type LetterFilter } from "./listing";
import { isUuid } from "~/lib/uuid";
import { parsePageParam } from "~/lib/pagination";

/** Listings on one page of the admin list. */
export const ADMIN_PAGE_SIZE = 12;

/** The list's filters and page, as the URL holds them (?q=…&city=…&letter=…&page=…). */
export type AdminDirectoryQuery = { q: string; cityId: string | null; letter: LetterFilter; page: number };

export function parseAdminDirectoryQuery(params: URLSearchParams): AdminDirectoryQuery {
  const letter = parseLetterFilter(params.get("letter"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    cityId: isUuid(params.get("city")) ? params.get("city") : null,
    // The admin's A–Z buttons have no 0-9 bucket.
    letter: letter === "0-9" ? "All" : letter,
    page: parsePageParam(params.get("page")),
  };
}

/** The list URL for a state; page 1 and empty filters are left out. */
export function adminDirectoryHref(query: Partial<AdminDirectoryQuery> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.cityId) params.set("city", query.cityId);
  if (query.letter && query.letter !== "All") params.set("letter", query.letter);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${href("/admin/business-directory")}${search ? `?${search}` : ""}`;
}

/** A listing's admin pages, each carrying the list to return to (`back`). */
export function listingAdminHref(page: "preview" | "edit" | "delete", businessId: string, back: string): string {
  const path = {
    preview: href("/admin/business-directory/:businessId", { businessId }),
    edit: href("/admin/business-directory/:businessId/edit", { businessId }),
    delete: href("/admin/business-directory/:businessId/delete", { businessId }),
  }[page];
  return withBack(path, back);
}

/** The new-listing page, returning to the list it was opened from. */
export const newListingHref = (back: string) => withBack(href("/admin/business-directory/new"), back);

const withBack = (path: string, back: string) => `${path}?back=${encodeURIComponent(back)}`;

/** Where the list was, for the preview and edit pages to return to: only a list URL. */
export function listReturnTo(value: string | null | undefined): string {
  const base = href("/admin/business-directory");
  if (!value || (value !== base && !value.startsWith(`${base}?`))) return base;
  return adminDirectoryHref(parseAdminDirectoryQuery(new URLSearchParams(value.slice(base.length + 1))));
}

export const BUSINESS_MESSAGES = {
  created: "Business created successfully",
  createFailed: "Failed to create business",
  updated: "Business updated successfully",
  updateFailed: "Failed to update business",
  deleted: "Business deleted successfully",
  deleteFailed: "Failed to delete business",
  notFound: "Business not found",
  correct: "Please correct the highlighted fields.",
  unknownCity: "Choose a city from the list.",
  unknownCategory: "Choose a category from the list.",
} as const;
