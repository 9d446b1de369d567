import { Link } from "react-router";
import type { DecisionView } from "~/lib/meetings/view";
import { Section } from "./section";

/** A link that plays the video from the moment the motion was made or the result stated. */
function DecisionMoment({ moment, what }: { moment: DecisionView["motionMoment"]; what: "Motion" | "Result" }) {
  if (!moment) return null;
  return (
    <Link
      to={`?t=${moment.seconds}#video`}
      preventScrollReset
      className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-sm font-semibold text-brand-700 hover:bg-brand-100"
      aria-label={`${what} at ${moment.label}: play the video from here`}
      data-decision-moment={what.toLowerCase()}
    >
      {what} at {moment.label}
    </Link>
  );
}

function resultTone(decision: DecisionView): string {
  if (decision.result === "carried") return "bg-emerald-50 text-emerald-800";
  if (decision.result === "failed") return "bg-rose-50 text-rose-800";
  return "bg-slate-100 text-slate-700";
}

/**
 * The meeting's decisions (docs/product.md#routes-public): the item, the
 * motion and result in plain words, the tally, how the vote was taken, a
 * consent agenda's items, and the motion's and the result's moments. All
 * text is rendered as text; absent when the meeting has no decisions.
 */
export function DecisionsSection({ decisions }: { decisions: DecisionView[] }) {
  if (decisions.length === 0) return null;
  return (
    <Section title="Decisions" id="decisions">
      <ol className="divide-y divide-slate-100">
        {decisions.map((decision, index) => (
          <li key={index} className="py-3 first:pt-0 last:pb-0" data-decision>
            <p className="font-semibold text-slate-900">{decision.item}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700">
              <dt className="font-medium text-slate-600">Motion</dt>
              <dd>{decision.motionLabel}</dd>
              <dt className="font-medium text-slate-600">Result</dt>
              <dd>
                <span className={`rounded px-1.5 py-0.5 font-semibold ${resultTone(decision)}`}>
                  {decision.resultLabel}
                </span>
              </dd>
              {decision.tally ? (
                <>
                  <dt className="font-medium text-slate-600">Vote</dt>
                  <dd>{decision.tally}</dd>
                </>
              ) : null}
              {decision.how ? (
                <>
                  <dt className="font-medium text-slate-600">How</dt>
                  <dd>{decision.how}</dd>
                </>
              ) : null}
            </dl>
            {decision.consentItems.length > 0 ? (
              <details className="mt-2 text-sm text-slate-700">
                <summary className="cursor-pointer font-medium text-brand-700">
                  {decision.consentItems.length === 1 ? "1 item" : `${decision.consentItems.length} items`} on the
                  consent agenda
                </summary>
                <ul className="mt-1 list-disc pl-5">
                  {decision.consentItems.map((consentItem, itemIndex) => (
                    <li key={itemIndex}>{consentItem}</li>
                  ))}
                </ul>
              </details>
            ) : null}
            {decision.motionMoment || decision.resultMoment ? (
              <p className="mt-2 flex flex-wrap gap-2">
                <DecisionMoment moment={decision.motionMoment} what="Motion" />
                <DecisionMoment moment={decision.resultMoment} what="Result" />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}
