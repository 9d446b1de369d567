import { countOf } from "~/lib/format/count";
import { Link } from "react-router";
import type { SearchDigest } from "~/lib/search/digest.server";
import { meetingHref } from "~/lib/meetings/links";
import { formatDate } from "~/lib/format/date";

/**
 * The AI summary view of a search: what the stored analyses of the matching
 * meetings say, meeting by meeting. Built from stored data only.
 */
export function SearchDigestView({ digest, query }: { digest: SearchDigest; query: string }) {
  return (
    <section aria-labelledby="digest-title" className="space-y-4">
      <div className="rounded-xl border border-brand-100 bg-brand-50 p-4">
        <h2 id="digest-title" className="text-lg font-semibold text-brand-800">
          AI summary: what councils said about “{query}”
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {countOf(digest.entries.length, "matching meeting")}, {digest.analyzed} with an AI analysis. Summaries come
          from each meeting’s stored analysis.
        </p>
      </div>
      <ol className="space-y-4">
        {digest.entries.map((entry) => (
          <li
            key={entry.id}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-digest-id={entry.id}
          >
            <h3 className="text-lg font-semibold">
              <Link
                to={meetingHref(entry.id, { cityKey: entry.cityKey, seconds: entry.startSeconds })}
                className="text-brand-700 hover:underline"
              >
                {entry.title}
              </Link>
            </h3>
            <p className="text-sm text-slate-500">
              {entry.cityName}, {entry.cityState}
              {entry.publishedAt ? ` · ${formatDate(entry.publishedAt)}` : null}
            </p>
            {entry.summary ? (
              <p className="mt-2 text-slate-800">{entry.summary}</p>
            ) : (
              <p className="mt-2 italic text-slate-500">This meeting has no analysis yet.</p>
            )}
            {entry.highlights.length > 0 ? (
              <ul className="mt-3 space-y-1 text-sm">
                {entry.highlights.map((highlight, index) => (
                  <li key={index}>
                    {highlight.seconds !== null ? (
                      <Link
                        to={meetingHref(entry.id, { cityKey: entry.cityKey, seconds: highlight.seconds })}
                        className="mr-2 font-mono text-brand-700 hover:underline"
                      >
                        {highlight.timestamp}
                      </Link>
                    ) : null}
                    {highlight.pointOfInterest}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
