import { href, redirect } from "react-router";
import { requireUser, safeRedirect } from "~/lib/auth/session.server";
import { addDecisionToDraft, addToDraft, MAX_DRAFT_QUOTES } from "~/lib/desk/draft.server";
import { addDecisionToDraftSchema, addToDraftSchema } from "~/lib/desk/forms";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/add";

/**
 * POST /desk/add: "Add to draft" from a meeting or story page, or from the
 * desk's Quotes tab. The quote is looked up in the meeting's current content
 * by its place and text (a forged text is refused); the member goes back to
 * the page they came from, with a toast. A post naming a `decision` adds
 * that decision of the meeting, read by its id from the meeting's rows.
 */
export function loader() {
  return redirect(`${href("/desk")}?tab=draft`);
}

const MESSAGES = {
  added: { type: "success", title: "Added to your draft" },
  duplicate: { type: "info", title: "This quote is already in your draft" },
  full: { type: "error", title: `Your draft is full (${MAX_DRAFT_QUOTES} quotes): remove some first` },
  "not-found": { type: "error", title: "This quote is not in the meeting (any more): it was not added" },
} as const;

const DECISION_MESSAGES = {
  added: { type: "success", title: "Decision added to your draft" },
  duplicate: { type: "info", title: "This decision is already in your draft" },
  full: MESSAGES.full,
  "not-found": { type: "error", title: "This decision is not in the meeting (any more): it was not added" },
} as const;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const fields = Object.fromEntries(await request.formData());
  if ("decision" in fields) {
    const parsed = addDecisionToDraftSchema.safeParse(fields);
    // A refused id goes back to the page it came from too, with the message.
    const back = safeRedirect(
      typeof fields.returnTo === "string" ? fields.returnTo : null,
      `${href("/desk")}?tab=draft`,
    );
    if (!parsed.success) return redirectWithToast(back, DECISION_MESSAGES["not-found"], { status: 303 });
    const result = await addDecisionToDraft(user.id, {
      meetingId: parsed.data.meetingId,
      decisionId: parsed.data.decision,
    });
    return redirectWithToast(back, DECISION_MESSAGES[result], { status: 303 });
  }
  const parsed = addToDraftSchema.safeParse(fields);
  const back = safeRedirect(parsed.success ? parsed.data.returnTo : null, `${href("/desk")}?tab=draft`);
  if (!parsed.success) return redirectWithToast(back, MESSAGES["not-found"], { status: 303 });
  const result = await addToDraft(user.id, parsed.data);
  return redirectWithToast(back, MESSAGES[result], { status: 303 });
}
