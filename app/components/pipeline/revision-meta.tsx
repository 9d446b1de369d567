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
    </span>
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
      {revision.additionalContext ? <p className="italic">Context: {revision.additionalContext}</p> : null}
    </div>
  );
}
