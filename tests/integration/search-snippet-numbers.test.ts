import { describe, expect, it } from "vitest";
import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE_FROM, HEADLINE_TRANSLATE_TO, headlineToHtml } from "~/lib/search/snippet";
import { execSql } from "../setup";

/**
 * Snippets keep the numbers of the text. PostgreSQL's fragment mode cut
 * "about 1.7 miles" to "about … miles" when two fragments met at a number;
 * this runs the real ts_headline with our options, on the test file's
 * database (a PGlite of its own, started in beforeAll, failed the file on
 * a busy machine: its initdb outlasted the hook's 30 s).
 */

async function snippet(text: string, query: string): Promise<string> {
  const rows = await execSql<{ h: string }>(
    "select ts_headline('english', translate($1, $2, $3), websearch_to_tsquery('english', $4), $5) as h",
    [text, HEADLINE_TRANSLATE_FROM, HEADLINE_TRANSLATE_TO, query, HEADLINE_OPTIONS],
  );
  return headlineToHtml(rows[0]!.h);
}

const TEXT =
  "loop loop 3 the staff million bike said $2.5 of 12 road loop miles said park million loop loop said about staff park 2026 " +
  "trail million loop bike and lane lane 3 about staff creek said trail about 1.7 miles bike about 1.7 park the road about " +
  "staff about about trail park council lane bike 12 staff bike said million bike";

describe("search snippets and numbers", () => {
  it("keep the number between the words around it", async () => {
    const html = await snippet(TEXT, "bike lane");
    expect(html).toContain("about 1.7 miles");
    expect(html).not.toContain("about … miles");
    expect(html).toContain("<mark>bike</mark>");
  });

  it("keep decimals, money and years in a transcript line", async () => {
    const html = await snippet(
      "Staff said the new trail would be about 1.7 miles long and cost $2.5 million, finished in 2026.",
      "trail",
    );
    expect(html).toContain("about 1.7 miles");
    expect(html).toContain("$2.5 million");
    expect(html).toContain("2026");
  });
});
