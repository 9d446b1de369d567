/** A listing's edit form as its action checks it (/admin/business-directory; docs/product.md). */
import { z } from "zod";
import { LISTING_TIERS } from "~/lib/constants";
import { websiteHref } from "./listing";

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
