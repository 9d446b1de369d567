/**
 * The form of /admin/youtube-manager (docs/product.md, admin back office):
 * Analyze a channel, then Save Selected URLs. Shared by the page and its
 * action, so the same rules and messages apply with JavaScript and without.
 */
import { z } from "zod";

import {
  DEFAULT_CONTENT_TYPE,
  DEFAULT_SOURCE_TYPE,
  ENTER_URL,
  MANAGER_ENTITY_TYPES,
  NO_CHANNEL_DATA,
  SELECT_CITY,
  SELECT_SOMETHING,
} from "./channel-manager";

const typeText = (fallback: string) =>
  z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || fallback);

const sourceFields = {
  sourceType: typeText(DEFAULT_SOURCE_TYPE),
  contentType: typeText(DEFAULT_CONTENT_TYPE),
  entityType: z.enum(MANAGER_ENTITY_TYPES).default("Government"),
};

export const AnalyzeChannelSchema = z.object({
  intent: z.literal("analyze"),
  cityId: z.string().optional(),
  url: z.string({ error: ENTER_URL }).trim().min(1, ENTER_URL),
  ...sourceFields,
});

const saveFields = {
  cityId: z.uuid(SELECT_CITY),
  analyzedUrl: z.string({ error: NO_CHANNEL_DATA }).trim().min(1, NO_CHANNEL_DATA),
  url: z.string().optional(),
  playlistIds: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().trim().min(1)),
  ),
  includeRecent: z.preprocess((value) => value === "on" || value === true, z.boolean()),
  ...sourceFields,
};

const somethingChosen = (value: { includeRecent: boolean; playlistIds: string[] }) =>
  value.includeRecent || value.playlistIds.length > 0;
const nothingChosen = { message: SELECT_SOMETHING, path: ["playlistIds"] };

export const SaveChannelUrlsSchema = z
  .object({ intent: z.literal("save"), ...saveFields })
  .refine(somethingChosen, nothingChosen);

/** Save and fetch: save, then queue the first refresh of every chosen URL. */
export const SaveAndFetchChannelUrlsSchema = z
  .object({ intent: z.literal("save-and-fetch"), ...saveFields })
  .refine(somethingChosen, nothingChosen);

/** The product's "channel analysis result". */
export const ChannelAnalysisSchema = z.object({
  channelTitle: z.string(),
  channelDescription: z.string(),
  /** Null for a pasted playlist: it has no channel uploads to offer. */
  channelId: z.string().nullable(),
  /** False without a YouTube API key: a channel's playlists cannot be listed then. */
  playlistsListed: z.boolean(),
  playlists: z.array(
    z.object({ id: z.string(), title: z.string(), description: z.string(), itemCount: z.number().nullable() }),
  ),
});
export type ChannelAnalysis = z.infer<typeof ChannelAnalysisSchema>;

export const ChannelManagerSchema = z.discriminatedUnion("intent", [
  AnalyzeChannelSchema,
  SaveChannelUrlsSchema,
  SaveAndFetchChannelUrlsSchema,
]);
export type ChannelManagerIntent = z.output<typeof ChannelManagerSchema>;
export type SaveChannelUrls = z.output<typeof SaveChannelUrlsSchema | typeof SaveAndFetchChannelUrlsSchema>;
