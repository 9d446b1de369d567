/** The forms of saved searches (alerts), shared by the routes and their actions (docs/decisions/0040-alerts.md). */
import { z } from "zod";
import { ALERT_FREQUENCIES, BODIES } from "~/lib/constants";
import { MAX_QUERY_LENGTH, normalizeQuery } from "~/lib/search/query";

/** At most this many saved searches per member. */
export const MAX_SAVED_SEARCHES = 50;
export const TOO_MANY_SEARCHES = `You can save up to ${MAX_SAVED_SEARCHES} searches. Delete one you no longer need first.`;
export const NO_WORDS =
  "This search has no words to look for: add a word that is not excluded and not a very common one such as “the”.";

const optionalBody = z.preprocess(
  (value) => (value === "" || value == null ? undefined : value),
  z.enum(BODIES).optional(),
);

export const SaveSearchSchema = z.object({
  intent: z.literal("save-search"),
  q: z.preprocess(
    (value) => normalizeQuery(typeof value === "string" ? value : ""),
    z.string().min(1, "Enter the words to look for.").max(MAX_QUERY_LENGTH),
  ),
  /** Location keys; none: every Live city. */
  city: z.preprocess(
    (value) => (value == null || value === "" ? [] : Array.isArray(value) ? value.filter((v) => v !== "") : [value]),
    z.array(z.string().max(100)).max(100),
  ),
  body: optionalBody,
  frequency: z.enum(ALERT_FREQUENCIES).default("immediate"),
});
export type SaveSearchInput = z.infer<typeof SaveSearchSchema>;

const searchId = z.uuid("This alert does not exist.");

export const AlertIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-frequency"), id: searchId, frequency: z.enum(ALERT_FREQUENCIES) }),
  z.object({ intent: z.literal("turn-off"), id: searchId }),
  z.object({ intent: z.literal("turn-on"), id: searchId }),
  z.object({ intent: z.literal("delete"), id: searchId }),
]);
export type AlertIntent = z.infer<typeof AlertIntentSchema>;
