import { Form, href, useLocation } from "react-router";
import { useOptionalUser } from "~/components/hooks/use-user";
import type { QuoteSource } from "~/lib/desk/desk";

/**
 * "Add to draft" on a quote: a small form posting to /desk/add with where
 * the quote sits in the meeting and its text (the server looks both up and
 * refuses a quote the meeting does not hold). Members only: a visitor sees
 * nothing, so that the pages cached for visitors stay the same for all.
 */
export function AddToDraft({
  meetingId,
  source = "analysis",
  highlight,
  quote,
  text,
  returnTo,
}: {
  meetingId: string;
  source?: QuoteSource;
  highlight: number;
  quote: number;
  text: string;
  /** Where to come back to; the current page when absent. */
  returnTo?: string;
}) {
  const user = useOptionalUser();
  const location = useLocation();
  if (!user) return null;
  return (
    <Form method="post" action={href("/desk/add")} preventScrollReset className="inline" data-add-to-draft>
      <input type="hidden" name="meetingId" value={meetingId} />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="highlight" value={highlight} />
      <input type="hidden" name="quote" value={quote} />
      <input type="hidden" name="text" value={text} />
      <input type="hidden" name="returnTo" value={returnTo ?? `${location.pathname}${location.search}`} />
      <button type="submit" className="text-xs font-semibold text-brand-700 not-italic hover:underline">
        Add to draft
      </button>
    </Form>
  );
}

/**
 * "Add to draft" on a decision: posts the meeting and the decision's id
 * only; the server reads the decision (its line, the result's words and
 * second) from the meeting's rows. Members only, like AddToDraft.
 */
export function AddDecisionToDraft({
  meetingId,
  decisionId,
  returnTo,
}: {
  meetingId: string;
  decisionId: number;
  /** Where to come back to; the current page when absent. */
  returnTo?: string;
}) {
  const user = useOptionalUser();
  const location = useLocation();
  if (!user) return null;
  return (
    <Form method="post" action={href("/desk/add")} preventScrollReset className="inline" data-add-decision-to-draft>
      <input type="hidden" name="meetingId" value={meetingId} />
      <input type="hidden" name="decision" value={decisionId} />
      <input type="hidden" name="returnTo" value={returnTo ?? `${location.pathname}${location.search}`} />
      <button type="submit" className="text-xs font-semibold text-brand-700 hover:underline">
        Add to draft<span className="sr-only"> this decision</span>
      </button>
    </Form>
  );
}
