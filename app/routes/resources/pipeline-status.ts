/**
 * GET /resources/pipeline-status/:meetingId: where a meeting's pipeline stands,
 * as JSON, for pages that poll with JavaScript (usePipelineRefresh). Visitors
 * get the states; admins also the jobs and every step's last error.
 * Reading never queues anything.
 */
import { getCurrentUser } from "~/lib/auth/session.server";
import { getVideoPipelineStatus, toPublicStatus } from "~/lib/jobs/status.server";
import type { Route } from "./+types/pipeline-status";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const [status, user] = await Promise.all([getVideoPipelineStatus(params.meetingId ?? ""), getCurrentUser(request)]);
  if (!status) return Response.json({ message: "Video Not Found" }, { status: 404, headers: NO_STORE });
  return Response.json(user?.isAdmin ? status : toPublicStatus(status), { headers: NO_STORE });
}
