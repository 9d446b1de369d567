import { z } from "zod";
import { formatWait } from "~/lib/format/duration";
import { US_STATE_CODES } from "~/lib/us-states";

export const CityRequestSchema = z.object({
  state: z.enum(US_STATE_CODES, { error: "Please choose a state" }),
  cityName: z
    .string({ error: "Please enter the city name" })
    .trim()
    .min(1, "Please enter the city name")
    .max(100, "Please keep the city name under 100 characters"),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .pipe(z.email("Please enter a valid email address")),
});

export const CITY_REQUEST_RECEIVED = {
  type: "success",
  title: "Request Received!",
  description: "We've received your request. We'll notify you when we add coverage for your city.",
} as const;

export const CITY_REQUEST_FAILED = {
  type: "error",
  title: "Error",
  description: "There was an error submitting your request. Please try again.",
} as const;

/** Requests one client address may send per hour; the honeypot's bots are thanked and not counted. */
export const CITY_REQUEST_RATE_LIMIT = { limit: 5, windowSeconds: 60 * 60 };

/** Shown in the form, which keeps what was typed, when CITY_REQUEST_RATE_LIMIT is reached. */
export function cityRequestRateLimitedMessage(retryAfterSeconds: number): string {
  return `Too many requests from your connection: please wait ${formatWait(retryAfterSeconds)} and send this one again.`;
}
