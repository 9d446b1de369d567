import type { RevisionSummary } from "~/lib/pipeline/types";
import { formatDateTime } from "~/lib/format/date";

export function VerificationBadge({ verification }: { verification: RevisionSummary["verification"] }) {
  if (!verification) return <span className="text-xs text-slate-500">not checked</span>;
  const tone = verification.passed ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900";
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${tone}`}>
      {verification.passed ? "verified" : "check"}: {verification.verifiedQuotes} quote(s) found
      {verification.unverifiedQuotes ? `, ${verification.unverifiedQuotes} not found` : ""}
      {verification.unsupportedNumbers ? `, ${verification.unsupportedNumbers} unsupported number(s)` : ""}
      {verification.publishedDecisions ? `, ${verification.publishedDecisions} decision(s) confirmed` : ""}
      {verification.withheldDecisions.length ? `, ${verification.withheldDecisions.length} withheld` : ""}
      {verification.replacedHeadline ? ", headline replaced" : ""}
    </span>
  );
}

/** Why the pass withheld decisions or replaced the headline (ADR 0060): open without JavaScript, as a details element. */
export function DecisionChecks({ verification }: { verification: RevisionSummary["verification"] }) {
  if (!verification || (verification.withheldDecisions.length === 0 && !verification.replacedHeadline)) return null;
  return (
    <details className="text-xs text-slate-700">
      <summary className="cursor-pointer font-medium">Decision checks</summary>
      <ul className="mt-1 list-disc space-y-1 pl-4">
        {verification.replacedHeadline ? (
          <li>
            Headline replaced: &ldquo;{verification.replacedHeadline.original}&rdquo;.{" "}
            {verification.replacedHeadline.reason}
          </li>
        ) : null}
        {verification.withheldDecisions.map((decision, i) => (
          <li key={`${i}-${decision.item}`}>
            Withheld: {decision.item}. {decision.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Who wrote a revision, when, with what. */
export function RevisionMeta({ revision }: { revision: RevisionSummary }) {
  return (
    <div className="space-y-1 text-xs text-slate-600">
      <p>
        <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt) ?? "—"}</time>
        {revision.current ? (
          <span className="ml-2 rounded bg-brand-600 px-1.5 py-0.5 font-semibold text-white">current</span>
        ) : null}
      </p>
      <p>
        {revision.provider}
        {revision.model ? ` · ${revision.model}` : ""}
        {revision.createdByEmail ? ` · by ${revision.createdByEmail}` : " · automatic"}
      </p>
      <VerificationBadge verification={revision.verification} />
      <DecisionChecks verification={revision.verification} />
      {revision.additionalContext ? <p className="italic">Context: {revision.additionalContext}</p> : null}
    </div>
  );
}
