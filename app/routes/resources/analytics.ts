/**
 * POST /resources/analytics (`event`, `page`): the events only the browser
 * sees, sent with navigator.sendBeacon (today only `share`, from the Share
 * control of the meeting and story pages). Validated, counted like the
 * server's own events (DNT, GPC, bots and ANALYTICS=off honored), and
 * answered 204 with no body and no cookie, whatever was sent, so that it
 * tells a caller nothing. A beacon from another site's page never gets here:
 * like every post, it must pass the stack's origin check
 * (app/lib/http/request-checks.server.ts), which answers it 403.
 */
import { matchPath } from "react-router";
import { z } from "zod";
import { CLIENT_EVENTS } from "~/lib/analytics/events";
import { isCountable, recordEvents } from "~/lib/analytics/recorder.server";
import { findMeetingId } from "~/lib/meetings/meetings.server";
import type { Route } from "./+types/analytics";

/** The pages a reader can share, as route patterns. */
const SHAREABLE = [
  "/meeting/:meetingId",
  "/meeting-story/:meetingId",
  "/city/:locationKey/meeting/:meetingId",
  "/city/:locationKey/meeting-story/:meetingId",
] as const;

const BeaconSchema = z.object({
  event: z.enum(CLIENT_EVENTS),
  page: z.string().startsWith("/").max(500),
});

const NO_CONTENT = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

export async function action({ request }: Route.ActionArgs) {
  // Another site's page cannot count for ours: the stack's origin check refuses its beacon (403) before this.
  if (!isCountable(request)) return NO_CONTENT();
  const parsed = BeaconSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return NO_CONTENT();
  const page = new URL(parsed.data.page, request.url);
  for (const pattern of SHAREABLE) {
    const match = matchPath(pattern, page.pathname);
    const meetingId = match?.params.meetingId ?? "";
    if (!match || !z.uuid().safeParse(meetingId).success) continue;
    const meeting = await findMeetingId(meetingId);
    if (meeting)
      recordEvents(request, [{ event: parsed.data.event, route: pattern, subject: meeting }], {
        pageUrl: page.href,
      });
    break;
  }
  return NO_CONTENT();
}

export function loader() {
  return new Response("Send events with POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
