/** The "Follow this bill" form (docs/decisions/0076-bills-and-calendars.md), shared by the matter page and its action. */
import { z } from "zod";

export const FollowIntentSchema = z.object({ intent: z.enum(["follow", "unfollow"]) });

export const FOLLOW_TOASTS = {
  follow: {
    type: "success",
    title: "You follow this bill",
    description: "You will get an e-mail when the official record shows a new action on it.",
  },
  unfollow: { type: "success", title: "You no longer follow this bill" },
} as const;
