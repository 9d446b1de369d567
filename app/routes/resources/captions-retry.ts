import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { requireAdmin, safeRedirect } from "~/lib/auth/session.server";
import { RetryCaptionsSchema } from "~/lib/captions/retry-forms";
import { retryCaptions } from "~/lib/captions/retry.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/captions-retry";

/**
 * POST /resources/captions-retry (`meetingId`, `redirectTo`), admins: the
 * Retry captions button of City Management, Content Management and the
 * revisions page (app/components/captions/caption-status.tsx). A plain form
 * post that goes back to the page it came from with the outcome as a toast
 * (docs/decisions/0049-captions-from-a-data-center.md).
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: RetryCaptionsSchema });
  const fallback = href("/admin/city-management");
  if (submission.status !== "success")
    return redirectWithToast(fallback, { type: "error", title: "That request could not be understood." });
  const back = safeRedirect(submission.value.redirectTo, fallback);
  return redirectWithToast(back, await retryCaptions(submission.value.meetingId, admin.id));
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(href("/admin/city-management"));
}
