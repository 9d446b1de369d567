import { z } from "zod";
import { CONTACT_TOPICS } from "~/lib/constants";
import { formatWait } from "~/lib/format/duration";

/** The contact form's schema: the action parses with it, the page takes only its types. */

const REQUIRED = "This field is required";

export const ContactSchema = z.object({
  email: z.string({ error: REQUIRED }).trim().pipe(z.email("Please enter a valid email address")),
  phone: z.string().trim().max(40, "Please keep the phone number under 40 characters").optional(),
  topic: z.enum(CONTACT_TOPICS, { error: REQUIRED }),
  message: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(5000, "Please keep your message under 5,000 characters"),
});

const REQUIRED_FIELDS = ["email", "topic", "message"] as const;

/** The toast of a refused contact form. */
export function contactRefusalToast(formData: FormData) {
  const missingRequired = REQUIRED_FIELDS.some((name) => !String(formData.get(name) ?? "").trim());
  return {
    type: "error",
    title: missingRequired ? "Please fill in all required fields" : "Please check the highlighted fields",
  } as const;
}

/** Messages one client address may send per hour; the honeypot's bots are thanked and not counted. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 60 * 60 };

/** Shown in the form, which keeps what was typed, when CONTACT_RATE_LIMIT is reached. */
export function contactRateLimitedMessage(retryAfterSeconds: number): string {
  return `Too many messages from your connection: please wait ${formatWait(retryAfterSeconds)} and send this one again. Your message is still here.`;
}
