/** Lenient JSON reading for model replies and stored values. */

const FENCED_BLOCK = /```[a-zA-Z0-9_-]*\s*\n?([\s\S]*?)\n?\s*```/;

/** The JSON text inside the first ``` code fence, or the trimmed input when there is none. */
export function stripCodeFences(text: string): string {
  const fenced = FENCED_BLOCK.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

/**
 * Parses JSON that may be wrapped in a code fence or surrounded by prose.
 * Throws SyntaxError when no JSON object can be read.
 */
export function parseLenientJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Models sometimes wrap the object in ```json fences or add a sentence around it.
  }
  const unfenced = stripCodeFences(text);
  try {
    return JSON.parse(unfenced);
  } catch {
    const first = unfenced.indexOf("{");
    const last = unfenced.lastIndexOf("}");
    if (first >= 0 && last > first) return JSON.parse(unfenced.slice(first, last + 1));
    throw new SyntaxError("The reply is not valid JSON.");
  }
}
