import type { Analysis, NewsStory } from "~/lib/ai/schemas";
import type { PlainText } from "~/lib/ai/stored";
import type { ComparedRevision, RevisionKind } from "~/lib/pipeline/types";
import { AnalysisDigest } from "./analysis-digest";
import { RevisionMeta } from "./revision-meta";
import { StoryPreview } from "./story-preview";

function Column({ kind, revision, label }: { kind: RevisionKind; revision: ComparedRevision | null; label: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{label}</h3>
      {revision ? (
        <>
          <div className="mt-2 border-b border-slate-100 pb-3">
            <RevisionMeta revision={revision} />
          </div>
          <div className="mt-3">
            {kind === "story" ? (
              <StoryPreview story={revision.parsed as NewsStory | PlainText | null} />
            ) : (
              <AnalysisDigest analysis={revision.parsed as Analysis | PlainText | null} />
            )}
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">This revision does not exist for this meeting.</p>
      )}
    </div>
  );
}

/** Two revisions side by side (ids from the URL: `left` and `right`). */
export function RevisionCompare({
  kind,
  left,
  right,
}: {
  kind: RevisionKind;
  left: ComparedRevision | null;
  right: ComparedRevision | null;
}) {
  return (
    <section aria-labelledby="compare-heading" className="mt-8">
      <h2 id="compare-heading" className="text-xl font-semibold">
        {`Compare ${kind === "story" ? "stories" : "analyses"}`}
      </h2>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Column kind={kind} revision={left} label="Left" />
        <Column kind={kind} revision={right} label="Right" />
      </div>
    </section>
  );
}
