import { Link } from "react-router";
import { NO_RESULTS_TEXT, SEARCH_PROMPT, type SearchOutcome } from "~/lib/search/outcome";
import { relevancePercent } from "~/lib/search/relevance";
import { meetingHref } from "~/lib/meetings/links";
import { formatDate } from "~/lib/format/date";
import { formatDuration } from "~/lib/format/duration";
import { CopyMomentLink } from "~/components/meeting/copy-moment-link";
import { Snippet } from "./snippet";

/**
 * A search's results, or the state it is in. Each result links to the
 * meeting at the moment the best-matching words were said (`?t=`).
 */
export function SearchResults({
  outcome,
  showCity = false,
  headingLevel = 2,
  linkMeetings = true,
  testId,
}: {
  outcome: SearchOutcome;
  showCity?: boolean;
  headingLevel?: 2 | 3;
  /** False for sample results (the prototype showcase): no meeting to link to. */
  linkMeetings?: boolean;
  testId?: string;
}) {
  if (outcome.status === "idle") return <p className="text-slate-600">{SEARCH_PROMPT}</p>;
  if (outcome.status === "error") {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{outcome.title}</p>
        <p className="mt-1 text-sm">{outcome.description}</p>
      </div>
    );
  }
  if (outcome.results.length === 0) return <p className="text-slate-600">{NO_RESULTS_TEXT}</p>;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      {outcome.correction || outcome.note ? (
        // The corrected query (docs/decisions/0081-search-relevance.md): its results when the query typed found
        // nothing, else offered by a plain link to the same page with `q` replaced (run.server.ts).
        <p className="mb-3 text-sm text-slate-600">
          {outcome.correction?.before}
          {outcome.correction ? (
            <Link to={outcome.correction.href} className="text-brand-700 hover:underline">
              {outcome.correction.query}
            </Link>
          ) : null}
          {outcome.correction?.after}
          {outcome.note}
        </p>
      ) : null}
      <ol className="space-y-4" aria-label={`Results for ${outcome.query}`} data-testid={testId}>
        {outcome.results.map((result) => {
          const href = meetingHref(result.id, { cityKey: result.city.location_key, seconds: result.start_seconds });
          // A match too weak to round to 1% shows no badge rather than "Relevance 0%".
          const relevance = relevancePercent(result.score);
          return (
            <li
              key={result.id}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              data-result-id={result.id}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Heading className="text-lg font-semibold">
                  {linkMeetings ? (
                    <Link to={href} className="text-brand-700 hover:underline">
                      {result.title}
                    </Link>
                  ) : (
                    <span className="text-brand-700">{result.title}</span>
                  )}
                </Heading>
                {relevance > 0 ? (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    Relevance {relevance}%
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-slate-500">
                {showCity ? `${result.city.name}, ${result.city.state}` : null}
                {showCity && result.published_at ? " · " : null}
                {result.published_at ? (
                  <time dateTime={result.published_at}>{formatDate(result.published_at)}</time>
                ) : null}
                {result.start_seconds !== null ? ` · at ${formatDuration(result.start_seconds, "m:ss")}` : null}
              </p>
              <Snippet html={result.snippet} className="mt-2 text-slate-800" />
              {linkMeetings ? (
                <CopyMomentLink
                  meetingId={result.id}
                  cityKey={result.city.location_key}
                  seconds={result.start_seconds}
                  className="mt-2 inline-block"
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
