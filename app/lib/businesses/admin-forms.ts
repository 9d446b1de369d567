/**
 * The business directory admin's URL state and edit form
 * (/admin/business-directory; docs/product.md), shared by its pages, its dialogs and its action.
 */
import { href } from "react-router";
import { z } from "zod";
import { LISTING_TIERS } from "~/lib/constants";
import { parseLetterFilter, websiteHref, type LetterFilter } from "./listing";
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

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => value || null);

/** An optional number field: blank is null; anything else must be a number in range. */
const coordinate = (label: string, limit: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const number = Number(value);
      if (!Number.isFinite(number) || Math.abs(number) > limit) {
        context.addIssue({ code: "custom", message: `${label} must be a number from -${limit} to ${limit}.` });
        return z.NEVER;
      }
      return number;
    });

/** A select's uuid: required (the city), or blank for none (the category). */
const chosenId = (message: string) => z.uuid(message);
const optionalId = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .pipe(z.uuid(message).nullable());

/**
 * A listing's fields, the same for a new one and an edit (spec:
 * docs/product.md; docs/decisions/0033 and 0053).
 */
export const UpdateBusinessSchema = z
  .object({
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(200, "Name must be at most 200 characters."),
    description: optionalText(5000, "Description"),
    streetAddress: optionalText(300, "Street address"),
    postalCode: optionalText(20, "Postal code"),
    telephone: optionalText(40, "Telephone").refine(
      (value) => value === null || /\d/.test(value),
      "Enter a telephone number with digits.",
    ),
    email: optionalText(254, "Email").refine(
      (value) => value === null || z.email().safeParse(value).success,
      "Enter an email address like name@example.com.",
    ),
    website: optionalText(500, "Website").refine(
      (value) => value === null || websiteHref(value) !== null,
      "Enter a web address like example.com or https://example.com.",
    ),
    listingTier: z.enum(LISTING_TIERS, { error: "Choose a listing tier." }),
    cityId: chosenId("Choose a city."),
    businessCategory: optionalId("Choose a category from the list."),
    latitude: coordinate("Latitude", 90),
    longitude: coordinate("Longitude", 180),
  })
  .superRefine((value, context) => {
    if ((value.latitude === null) !== (value.longitude === null)) {
      const missing = value.latitude === null ? "latitude" : "longitude";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "Enter both latitude and longitude, or neither.",
      });
    }
  });

export type BusinessFields = z.output<typeof UpdateBusinessSchema>;

/** A new listing is checked exactly as an edit is. */
export const CreateBusinessSchema = UpdateBusinessSchema;

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
