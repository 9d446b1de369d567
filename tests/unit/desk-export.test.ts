import { describe, expect, it } from "vitest";
import { draftMarkdown, draftPlainText, type ExportEntry } from "~/lib/desk/export";

/** The draft's downloads: citations, links to the second, Markdown that reads as written. */

const entry: ExportEntry = {
  quote: "We *will* fund [the] pool_house\nnext year.",
  speaker: "MAYOR <b>ROSS</b>",
  seconds: 3723,
  meeting: { id: "0b6f1f0e-8a52-4c1e-9d7a-1f2e3d4c5b6a", title: "Budget #2", publishedAt: "2026-03-05T18:00:00Z" },
  city: { name: "Alder Creek", state: "OR", locationKey: "alder-creek" },
};
const at = new Date("2026-11-25T12:00:00Z");

describe("draft exports", () => {
  it("writes Markdown with escaped text, a citation and the link to the second", () => {
    const md = draftMarkdown([entry], "https://gavel.example", at, "Gavel");
    expect(md.split("\n")).toEqual([
      "# Draft quotes",
      "",
      "Exported from Gavel on Nov 25, 2026.",
      "",
      "1. > “We \\*will\\* fund \\[the\\] pool\\_house next year.”",
      "   >",
      "   > — MAYOR \\<b\\>ROSS\\</b\\>, *Budget \\#2*, Alder Creek, OR, Mar 5, 2026. [Watch at 1:02:03](https://gavel.example/city/alder-creek/meeting/0b6f1f0e-8a52-4c1e-9d7a-1f2e3d4c5b6a?t=3723)",
      "",
    ]);
  });

  it("writes plain text as said, and says when a quote has no moment or the draft is empty", () => {
    const text = draftPlainText([{ ...entry, seconds: null }], "https://gavel.example", at, "Gavel");
    expect(text).toContain("1. “We *will* fund [the] pool_house next year.”\n");
    expect(text).toContain("   — MAYOR <b>ROSS</b>, Budget #2, Alder Creek, OR, Mar 5, 2026\n");
    expect(text).toContain(
      "   Watch the meeting: https://gavel.example/city/alder-creek/meeting/0b6f1f0e-8a52-4c1e-9d7a-1f2e3d4c5b6a\n",
    );
    expect(draftPlainText([], "https://gavel.example", at, "Gavel")).toContain("The draft is empty.");
  });
});
