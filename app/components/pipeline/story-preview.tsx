import type { NewsStory } from "~/lib/ai/schemas";
import type { PlainText } from "~/lib/ai/stored";

/** A stored story, compact: headline, focus, body, quick facts and notes; plain text as is. */
export function StoryPreview({ story }: { story: NewsStory | PlainText | null }) {
  if (!story) return <p className="text-slate-600">No story available</p>;
  if ("plainText" in story) return <p className="whitespace-pre-wrap text-sm text-slate-800">{story.plainText}</p>;
  const { article, sidebar_elements: sidebar, metadata } = story;
  return (
    <article className="space-y-3 text-sm">
      <h3 className="text-lg font-bold leading-snug text-slate-900">{article.headline}</h3>
      {article.primary_focus ? <p className="text-slate-600">{article.primary_focus}</p> : null}
      <div className="space-y-2 leading-relaxed text-slate-800">
        {article.body
          .split(/\n\s*\n/)
          .filter((paragraph) => paragraph.trim())
          .map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
      </div>
      {sidebar.quick_facts.length > 0 ? (
        <ul className="list-disc space-y-1 rounded-lg bg-slate-50 p-3 pl-7 text-slate-700">
          {sidebar.quick_facts.map((fact, index) => (
            <li key={index}>{fact}</li>
          ))}
        </ul>
      ) : null}
      {metadata.uncertainty_notes.length > 0 ? (
        <p className="text-xs text-slate-500">Uncertain: {metadata.uncertainty_notes.join(" ")}</p>
      ) : null}
      <p className="text-xs text-slate-500">{article.word_count} words</p>
    </article>
  );
}
