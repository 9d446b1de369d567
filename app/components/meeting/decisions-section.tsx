import { Link } from "react-router";
import type { OfficialDecisionView } from "~/lib/legistar/pairing";
import type { DecisionView } from "~/lib/meetings/view";
import { outcomeTone } from "./official-agenda-section";
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

/** The record's item the decision is about: its number, title, matter, official action and tally. */
function OfficialRecord({ official }: { official: OfficialDecisionView }) {
  return (
    <div className="mt-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-official-record>
      <p className="font-semibold text-slate-900">
        Official record{official.number ? `, item ${official.number}` : ""}
      </p>
      <p className="break-words text-slate-700">
        {official.title}
        {official.matterFile ? ` (${official.matterFile})` : ""}
      </p>
      {official.action || official.passed || official.tally ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-700">
          {official.action || official.passed ? (
            <>
              <dt className="font-medium text-slate-600">Action</dt>
              <dd>
                {official.passed ? (
                  <span className={`mr-2 rounded px-1.5 py-0.5 font-semibold ${outcomeTone(official.passed)}`}>
                    {official.passed}
                  </span>
                ) : null}
                {official.action}
              </dd>
            </>
          ) : null}
          {official.tally ? (
            <>
              <dt className="font-medium text-slate-600">Tally</dt>
              <dd data-official-tally>{official.tally}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}

/**
 * The meeting's decisions (docs/product.md#routes-public): the item, the
 * motion and result in plain words, the tally, how the vote was taken, a
 * consent agenda's items, and the motion's and the result's moments. All
 * text is rendered as text; absent when the meeting has no decisions.
 * Where the decision is paired with an item of the official agenda
 * (docs/decisions/0075), the record's action and tally come first, as the
 * record, the transcript's words follow with their moments, and a
 * disagreement between the two is said in plain words.
 */
export function DecisionsSection({
  decisions,
  official = [],
}: {
  decisions: DecisionView[];
  official?: (OfficialDecisionView | null)[];
}) {
  if (decisions.length === 0) return null;
  return (
    <Section title="Decisions" id="decisions">
      <ol className="divide-y divide-slate-100">
        {decisions.map((decision, index) => {
          const record = official[index] ?? null;
          return (
            <li key={index} className="py-3 first:pt-0 last:pb-0" data-decision>
              <p className="font-semibold text-slate-900">{decision.item}</p>
              {record ? <OfficialRecord official={record} /> : null}
              {record?.disagreement ? (
                <p
                  className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900"
                  data-record-disagreement
                >
                  <strong>Disagreement: </strong>
                  {record.disagreement}
                </p>
              ) : null}
              {record ? <p className="mt-2 text-sm font-semibold text-slate-900">From the transcript</p> : null}
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
          );
        })}
      </ol>
    </Section>
  );
}
