/** The Retry captions form (admins), shared by its component and its action. */
import { z } from "zod";

export const RetryCaptionsSchema = z.object({
  meetingId: z.uuid(),
  /** The admin page the form was on: the action goes back there. */
  redirectTo: z.string().max(2000).default("/"),
});
