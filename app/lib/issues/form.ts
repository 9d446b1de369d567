/** The admin form of a tracked issue (/admin/issues), shared by the action and the page. */
import { z } from "zod";
import { BODIES } from "~/lib/constants";
import { MAX_QUERY_LENGTH, normalizeQuery } from "~/lib/search/query";

export const ISSUE_KEY_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_ISSUE_KEY_LENGTH = 80;
export const MAX_ISSUE_TITLE_LENGTH = 120;

const list = (value: unknown) =>
  value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value];

const fields = {
  issueKey: z
    .string({ error: "Enter an issue key" })
    .trim()
    .toLowerCase()
    .min(1, "Enter an issue key")
    .max(MAX_ISSUE_KEY_LENGTH, `At most ${MAX_ISSUE_KEY_LENGTH} characters`)
    .regex(
      ISSUE_KEY_PATTERN,
      "Lowercase letters and digits, words joined by single hyphens (oakdale-creek-development)",
    ),
  title: z
    .string({ error: "Enter a title" })
    .trim()
    .min(1, "Enter a title")
    .max(MAX_ISSUE_TITLE_LENGTH, `At most ${MAX_ISSUE_TITLE_LENGTH} characters`),
  query: z
    .string({ error: "Enter the search words" })
    .transform((value) => normalizeQuery(value))
    .pipe(z.string().min(1, "Enter the search words").max(MAX_QUERY_LENGTH)),
  cityIds: z.preprocess(list, z.array(z.uuid("Choose a city from the list")).min(1, "Choose at least one city")),
  bodies: z.preprocess(list, z.array(z.enum(BODIES, "Choose bodies from the list"))),
};

export const IssueFormSchema = z.object(fields);
export type IssueForm = z.infer<typeof IssueFormSchema>;

export const IssueActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...fields }),
  z.object({ intent: z.literal("update"), id: z.uuid(), ...fields }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);
export type IssueAction = z.infer<typeof IssueActionSchema>;
