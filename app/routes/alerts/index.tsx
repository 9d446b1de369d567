import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { changeSavedSearch, saveSearch } from "~/lib/alerts/alerts.server";
import { AlertIntentSchema, SaveSearchSchema } from "~/lib/alerts/forms";
import { requireUser, safeRedirect } from "~/lib/auth/session.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/index";

/**
 * POST /alerts: save a search (from a search page) or change one of the
 * member's saved searches (from the profile). The member is always the
 * session's; another member's search id is refused like an unknown one.
 * Answers with a redirect and a toast, with or without JavaScript.
 */

const PROFILE_ALERTS = `${href("/profile")}#alerts`;

export function loader() {
  return redirect(PROFILE_ALERTS);
}

const DONE = {
  "set-frequency": "Alert frequency updated",
  "turn-off": "Alert turned off",
  "turn-on": "Alert turned on",
  delete: "Alert deleted",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo")?.toString(), PROFILE_ALERTS);
  if (form.get("intent") === "save-search") {
    const submission = parseWithZod(form, { schema: SaveSearchSchema });
    if (submission.status !== "success") {
      const message = Object.values(submission.error ?? {}).flat()[0] ?? "The search could not be saved.";
      return redirectWithToast(back, { type: "error", title: "Search not saved", description: message });
    }
    const saved = await saveSearch(user.id, submission.value);
    return saved.ok
      ? redirectWithToast(back, {
          type: "success",
          title: "Search saved",
          description: "You will get an e-mail when a new meeting matches. Manage your alerts on your profile.",
        })
      : redirectWithToast(back, { type: "error", title: "Search not saved", description: saved.error });
  }
  const submission = parseWithZod(form, { schema: AlertIntentSchema });
  if (submission.status !== "success")
    return redirectWithToast(PROFILE_ALERTS, { type: "error", title: "That change could not be made" });
  const changed = await changeSavedSearch(user.id, submission.value);
  return redirectWithToast(
    PROFILE_ALERTS,
    changed
      ? { type: "success", title: DONE[submission.value.intent] }
      : { type: "error", title: "This alert does not exist", description: "It may have been deleted already." },
  );
}
