/** The forms of a meeting's Legistar event on Content Management (docs/decisions/0080). */
import { z } from "zod";
import { EVENT_LINK_MESSAGES } from "./event-link";

export const EventLinkFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("link-event"),
    eventId: z.coerce
      .number({ error: EVENT_LINK_MESSAGES.unknownEvent })
      .int(EVENT_LINK_MESSAGES.unknownEvent)
      .min(1, EVENT_LINK_MESSAGES.unknownEvent)
      .max(2_147_483_647, EVENT_LINK_MESSAGES.unknownEvent),
  }),
  z.object({ intent: z.literal("unlink-event") }),
]);
