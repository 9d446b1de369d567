/**
 * The forms of /admin/city-management (docs/product.md, admin back office),
 * one schema per intent, shared by the page and its action.
 */
import { BODIES } from "~/lib/constants";
import { CITY_STATUSES, CONTENT_TYPES, ENTITY_TYPES, SOURCE_TYPES } from "~/lib/cities/city-choices";
import {
  SaveLegislativeSourceSchema,
  SyncLegislativeRecordSchema,
  TestLegislativeSourceSchema,
} from "~/lib/legistar/source-form";
import { US_STATE_CODES } from "~/lib/us-states";
import { z } from "zod";

const uuid = z.uuid("Unknown record.");
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null);
const hexColor = z
  .string({ error: "Enter a color as #RRGGBB." })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Enter a color as #RRGGBB.");
const locationKey = z
  .string({ error: "Enter a location key." })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lowercase letters, digits and single hyphens (e.g. san-mateo).");

export const CITY_FIELD_MESSAGES = {
  state: "Choose a US state (two letters, e.g. CA).",
  domain: "Enter a domain name such as cityofbelmont.gov, without https:// or a path.",
  imageUrl: "Enter an image address starting with http:// or https://.",
} as const;

const usState = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
  z.enum(US_STATE_CODES as [string, ...string[]], { error: CITY_FIELD_MESSAGES.state }),
);

/** A host name of at least two labels ("belmont.gov", "www.cityofbelmont.org"), lower-cased. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || DOMAIN.test(value), CITY_FIELD_MESSAGES.domain);

/** Only a web address may become the header's image (never javascript:, data: and the like). */
const imageUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || isWebAddress(value), CITY_FIELD_MESSAGES.imageUrl);

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const CreateCitySchema = z.object({
  intent: z.literal("create-city"),
  name: requiredText("Name is required"),
  county: requiredText("County is required"),
});

export const UpdateCitySchema = z.object({
  intent: z.literal("update-city"),
  cityId: uuid,
  name: requiredText("Name is required"),
  state: usState,
  county: optionalText,
  locationKey,
  description: optionalText,
  imageUrl,
  domain,
  tagLine: optionalText,
  primaryColor: hexColor,
  secondaryColor: hexColor,
  icon: optionalText,
  status: z.enum(CITY_STATUSES, { error: "Choose a status." }),
});

const urlFields = {
  cityId: uuid,
  title: optionalText,
  url: z.url({ protocol: /^https?$/, error: "Enter a web address starting with http:// or https://." }).trim(),
  /** Blank: taken from the URL (the page fills it in as the URL is typed). */
  contentType: z.enum(CONTENT_TYPES).optional(),
  sourceType: z.enum(SOURCE_TYPES).default("website"),
  entityType: z.enum(ENTITY_TYPES).default("Unknown"),
  /** The public body that meets in the source's videos (issue timelines' chips); blank: unknown. */
  body: z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.enum(BODIES, { error: "Choose a body from the list." }).nullable(),
  ),
};

export const CreateUrlSchema = z.object({ intent: z.literal("create-url"), ...urlFields });
export const UpdateUrlSchema = z.object({ intent: z.literal("update-url"), urlId: uuid, ...urlFields });
export const DeleteUrlSchema = z.object({ intent: z.literal("delete-url"), cityId: uuid, urlId: uuid });
export const RefreshVideosSchema = z.object({
  intent: z.literal("refresh-videos"),
  cityId: uuid,
  urlId: z.string({ error: "URL is required to refresh videos" }).trim().min(1, "URL is required to refresh videos"),
});
/** Title and description only: a transcript has its own page (it can be megabytes long). */
export const UpdateVideoSchema = z.object({
  intent: z.literal("update-video"),
  cityId: uuid,
  urlId: uuid,
  meetingId: uuid,
  title: optionalText,
  description: optionalText,
});
export const DeleteVideoSchema = z.object({
  intent: z.literal("delete-video"),
  cityId: uuid,
  urlId: uuid,
  meetingId: uuid,
});
/** Forgets a removal and brings the video back (the video site's id, within the city). */
export const RestoreVideoSchema = z.object({
  intent: z.literal("restore-video"),
  cityId: uuid,
  /** The URL selected on the page, kept selected afterwards. */
  urlId: z.preprocess((value) => (value === "" ? undefined : value), uuid.optional()),
  videoId: z.string().trim().min(1).max(64),
});
export const DeleteCitySchema = z.object({ intent: z.literal("delete-city"), cityId: uuid });

export const CityManagementSchema = z.discriminatedUnion("intent", [
  CreateCitySchema,
  UpdateCitySchema,
  CreateUrlSchema,
  UpdateUrlSchema,
  DeleteUrlSchema,
  RefreshVideosSchema,
  UpdateVideoSchema,
  DeleteVideoSchema,
  RestoreVideoSchema,
  DeleteCitySchema,
  // The Legislative system card (app/lib/legistar/source-form.ts).
  SaveLegislativeSourceSchema,
  TestLegislativeSourceSchema,
  SyncLegislativeRecordSchema,
]);
export type CityManagementIntent = z.output<typeof CityManagementSchema>;
export type CityFields = Omit<z.output<typeof UpdateCitySchema>, "intent" | "cityId">;
export type UrlFields = Omit<z.output<typeof CreateUrlSchema>, "intent" | "cityId">;
export type VideoFields = Pick<z.output<typeof UpdateVideoSchema>, "title" | "description"> & { transcript: string };

/**
 * The transcript page's two forms: `paste` (the text as edited; blank
 * removes the transcript) and `upload` (a file, read by the action).
 */
export const TranscriptFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("paste"),
    transcript: z
      .string()
      .optional()
      .transform((value) => value ?? ""),
  }),
  z.object({ intent: z.literal("upload") }),
]);
