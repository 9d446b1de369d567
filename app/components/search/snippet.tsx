import { snippetParts } from "~/lib/search/snippet";

/**
 * A search snippet as React text with <mark> around matches. The snippet is
 * escaped HTML whose only markup is <mark> (app/lib/search/snippet.ts); it is
 * read back into text, never injected as HTML.
 */
export function Snippet({ html, className }: { html: string; className?: string }) {
  return (
    <p className={className}>
      {snippetParts(html).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded bg-amber-200 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
