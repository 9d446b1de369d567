import { href, redirect } from "react-router";
import { requireUser, safeRedirect } from "~/lib/auth/session.server";
import { addToDraft, MAX_DRAFT_QUOTES } from "~/lib/desk/draft.server";
import { addToDraftSchema } from "~/lib/desk/forms";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/add";

/**
 * POST /desk/add: "Add to draft" from a meeting or story page, or from the
 * desk's Quotes tab. The quote is looked up in the meeting's current content
 * by its place and text (a forged text is refused); the member goes back to
 * the page they came from, with a toast.
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

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = addToDraftSchema.safeParse(Object.fromEntries(await request.formData()));
  const back = safeRedirect(parsed.success ? parsed.data.returnTo : null, `${href("/desk")}?tab=draft`);
  if (!parsed.success) return redirectWithToast(back, MESSAGES["not-found"], { status: 303 });
  const result = await addToDraft(user.id, parsed.data);
  return redirectWithToast(back, MESSAGES[result], { status: 303 });
}
