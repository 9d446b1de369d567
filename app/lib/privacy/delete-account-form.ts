import { z } from "zod";

/**
 * The account deletion's confirmation: the member types their own e-mail
 * address (docs/decisions/0038-privacy-promises.md). The schema without an
 * address gives the form its constraints; the action checks with the
 * signed-in member's own.
 */
export const CONFIRM_FIELD = "confirmEmail";

export const CONFIRM_MESSAGES = {
  missing: "Type your e-mail address to confirm.",
  mismatch: "That is not the e-mail address of this account.",
} as const;

export function deleteAccountSchema(accountEmail?: string) {
  return z.object({
    [CONFIRM_FIELD]: z
      .string({ error: CONFIRM_MESSAGES.missing })
      .trim()
      .min(1, CONFIRM_MESSAGES.missing)
      .refine(
        (typed) => accountEmail === undefined || typed.toLowerCase() === accountEmail.trim().toLowerCase(),
        CONFIRM_MESSAGES.mismatch,
      ),
  });
}

export const DELETED_TOAST = {
  type: "success",
  title: "Your account has been deleted",
  description:
    "Your sessions, codes and profile are gone; your feedback and requests were kept without your e-mail address.",
} as const;
