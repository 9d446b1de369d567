/**
 * The "Legislative system" card of /admin/city-management (issue 29;
 * docs/decisions/0067-legistar-record.md): its three forms, shared by the
 * page and the action, and their words.
 */
import { z } from "zod";

/** A client id is the subdomain of `{client}.legistar.com`: letters, digits and hyphens. */
export const CLIENT_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

export const LEGISLATIVE_MESSAGES = {
  clientId: "Enter the Legistar client id: the name before .legistar.com, e.g. maplefalls for maplefalls.legistar.com.",
  timeZone: "Enter the city's time zone as an IANA name, e.g. America/Los_Angeles.",
  noSource: "This city has no legislative system yet: save its Legistar client id first.",
  saved: "Legislative system saved",
  saveFailed: "Error saving the legislative system",
  clientChanged: "Another client: the record read from the old one was removed, and the next sync reads everything.",
  tested: "Connected to Legistar",
  testFailed: "Legistar test failed",
  noBodies: "Legistar lists no bodies for this client yet.",
  syncQueued: "Sync queued",
  syncQueuedText: "The official record is read from Legistar in the background; this card shows when it ran.",
  syncWaiting: "A sync of this city is already waiting or running.",
  demoRecord:
    "This record is the demo's own, made up to match the demo meetings: it is never synced from or tested against Legistar.",
  syncFailed: "Error queueing the sync",
} as const;

/**
 * What an admin may paste: the client id, or the city's Legistar address
 * (`https://maplefalls.legistar.com/Calendar.aspx`), whose subdomain it is.
 */
function clientIdOf(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  const host = /^(?:https?:\/\/)?([^/?#\s]+)\.legistar\.com(?:[/?#].*)?$/i.exec(text);
  return (host ? host[1]! : text).toLowerCase();
}

const clientId = z.preprocess(
  clientIdOf,
  z.string({ error: LEGISLATIVE_MESSAGES.clientId }).regex(CLIENT_ID_PATTERN, LEGISLATIVE_MESSAGES.clientId),
);

/** An IANA time zone name the runtime knows ("America/Chicago", "UTC"); never an abbreviation such as "PST". */
export function isTimeZone(value: string): boolean {
  if (!/^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z
  .string({ error: LEGISLATIVE_MESSAGES.timeZone })
  .trim()
  .refine(isTimeZone, LEGISLATIVE_MESSAGES.timeZone);

const cityId = z.uuid("Unknown record.");

/**
 * Save: a blank token keeps the saved one (it is never shown back); a token
 * typed replaces it; "Remove the saved token" with none typed removes it.
 */
export const SaveLegislativeSourceSchema = z.object({
  intent: z.literal("save-legislative-source"),
  cityId,
  clientId,
  token: z
    .string()
    .trim()
    .max(500, "A Legistar token is shorter than that.")
    .optional()
    .transform((value) => value || undefined),
  clearToken: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
  timeZone,
});

/** Test: lists the saved client's bodies, or says why not. */
export const TestLegislativeSourceSchema = z.object({ intent: z.literal("test-legislative-source"), cityId });

/** Sync now: queues the city's sync. */
export const SyncLegislativeRecordSchema = z.object({ intent: z.literal("sync-legislative-record"), cityId });
