/**
 * The admin inbox's forms, one per intent, posted to the opened message's
 * action (docs/decisions/0053-admin-inbox.md): a reply by e-mail, a status,
 * and (city requests) the city the request is for.
 */
import { z } from "zod";
import { INBOX_STATUSES } from "~/lib/constants";
import { REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from "./inbox";

/** Control characters (a line break in a subject, a NUL anywhere) become spaces; tabs and line breaks stay in a body. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]+/g;
// Every control character but tab and line feed.
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f]+/g;
const singleLine = (value: string) => value.replace(CONTROLS, " ").trim();
const multiLine = (value: string) => value.replace(/\r\n?/g, "\n").replace(CONTROLS_BUT_LINES, " ").trim();

export const ReplySchema = z.object({
  intent: z.literal("reply"),
  subject: z
    .string({ error: "Please enter a subject" })
    .trim()
    .min(1, "Please enter a subject")
    .max(REPLY_SUBJECT_MAX, `Please keep the subject under ${REPLY_SUBJECT_MAX} characters`)
    .refine((value) => value === "" || singleLine(value) !== "", "Please enter a subject")
    .transform(singleLine),
  body: z
    .string({ error: "Please write your reply" })
    .trim()
    .min(1, "Please write your reply")
    .max(REPLY_BODY_MAX, `Please keep your reply under ${REPLY_BODY_MAX.toLocaleString("en-US")} characters`)
    .refine((value) => value === "" || multiLine(value) !== "", "Please write your reply")
    .transform(multiLine),
});

export const StatusSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(INBOX_STATUSES, { error: "Choose New, Answered or Closed." }),
});

/** A city request's city: a city's id, or empty to unlink it. */
export const LinkCitySchema = z.object({
  intent: z.literal("city"),
  cityId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .pipe(z.uuid("Choose a city from the list.").nullable()),
});

export const MessageActionSchema = z.discriminatedUnion("intent", [ReplySchema, StatusSchema]);
export const RequestActionSchema = z.discriminatedUnion("intent", [ReplySchema, StatusSchema, LinkCitySchema]);

export type ReplyFields = z.output<typeof ReplySchema>;
