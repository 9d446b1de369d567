/** The feedback form's schema: the action parses with it, the pages take only its constraint (ADR 0029). */
import { z } from "zod";
import { FEEDBACK_TYPES } from "~/lib/constants";
import { FEEDBACK_TEXT_MAX } from "./feedback";

const REQUIRED_TYPE = "Please choose what your feedback is about";
const REQUIRED_TEXT = "Please tell us what you noticed";

export const FeedbackSchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: REQUIRED_TYPE }),
  text: z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, REQUIRED_TEXT)
    .max(FEEDBACK_TEXT_MAX, `Please keep your feedback under ${FEEDBACK_TEXT_MAX.toLocaleString("en-US")} characters`),
  severity: z
    .enum(["1", "2", "3", "4", "5"], { error: "Please choose a severity from 1 to 5" })
    .optional()
    .transform((value) => (value ? Number(value) : null)),
  // Checked by feedbackPagePath in the action: never an error for the user.
  page: z.string().optional(),
});
