import type { Analysis } from "~/lib/ai/schemas";
import type { PlainText } from "~/lib/ai/stored";
import { andMore } from "~/lib/format/count";

const SHOWN = 3;

/**
 * The previous analysis as the story playground shows it: the summary, the
 * first three highlights and the first three action items, with a count of
 * the rest.
 */
export function AnalysisDigest({ analysis }: { analysis: Analysis | PlainText | null }) {
  if (!analysis) return <p className="text-slate-600">No analysis available</p>;
  if ("plainText" in analysis) return <p className="whitespace-pre-wrap text-slate-800">{analysis.plainText}</p>;
  const highlights = analysis.highlights.slice(0, SHOWN);
  const actions = analysis.action_items.slice(0, SHOWN);
  return (
    <div className="space-y-4 text-sm">
      {analysis.summary ? <p className="leading-relaxed text-slate-800">{analysis.summary}</p> : null}
      <div>
        <h3 className="font-semibold text-slate-900">Highlights</h3>
        {highlights.length === 0 ? <p className="text-slate-600">No highlights.</p> : null}
        <ul className="mt-1 space-y-2">
          {highlights.map((highlight, index) => (
            <li key={index}>
              <span className="mr-2 font-mono text-xs text-slate-500">{highlight.timestamp}</span>
              {highlight.point_of_interest}
              {highlight.quotes[0] ? (
                <q className="mt-1 block italic text-slate-600">
                  {highlight.quotes[0].text} <span className="not-italic">— {highlight.quotes[0].speaker}</span>
                </q>
              ) : null}
            </li>
          ))}
        </ul>
        {analysis.highlights.length > SHOWN ? (
          <p className="mt-1 text-slate-500">{andMore(analysis.highlights.length - SHOWN, "highlight")}</p>
        ) : null}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Action items</h3>
        {actions.length === 0 ? <p className="text-slate-600">No action items.</p> : null}
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {actions.map((item, index) => (
            <li key={index}>
              {item.description}
              <span className="text-slate-500">
                {" "}
                — {item.responsible_party}
                {item.due_date ? `, by ${item.due_date}` : ""}
              </span>
            </li>
          ))}
        </ul>
        {analysis.action_items.length > SHOWN ? (
          <p className="mt-1 text-slate-500">{andMore(analysis.action_items.length - SHOWN, "action item")}</p>
        ) : null}
      </div>
    </div>
  );
}
