import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { segmentHeadline } from "~/lib/search/headline.server";
import { parseTranscript } from "~/lib/transcripts/parse";
import {
  escapeHtml,
  headlineToHtml,
  HEADLINE_TRANSLATE_FROM,
  HEADLINE_TRANSLATE_TO,
  MARK_START,
  MARK_STOP,
  snippetParts,
} from "~/lib/search/snippet";
import { getTestDb } from "../setup";
import { rowsOf } from "~/lib/db/rows.server";

/** What PostgreSQL's translate() does with our arguments, to test the round trip. */
function translate(text: string): string {
  return [...text]
    .map((char) => {
      const index = HEADLINE_TRANSLATE_FROM.indexOf(char);
      if (index === -1) return char;
      return HEADLINE_TRANSLATE_TO[index] ?? "";
    })
    .join("");
}

const mark = (text: string) => `${MARK_START}${text}${MARK_STOP}`;

describe("search snippets", () => {
  it("turn only the sentinels into <mark>", () => {
    expect(headlineToHtml(`the ${mark("sea")} ${mark("lions")} bark`)).toBe(
      "the <mark>sea</mark> <mark>lions</mark> bark",
    );
  });

  it("escape everything else, including text that looks like HTML", () => {
    const headline = translate(`typed <script>alert("x")</script> & <b>bold</b> it's`).replace("alert", mark("alert"));
    const html = headlineToHtml(headline);
    expect(html).toBe(
      "typed &lt;script&gt;<mark>alert</mark>(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; it&#39;s",
    );
    expect(html.match(/<[^>]*>/g)).toEqual(["<mark>", "</mark>"]);
  });

  it("never let the source fake a mark", () => {
    const hostile = translate(`${MARK_START}not a match${MARK_STOP} <mark>nor this</mark>`);
    const html = headlineToHtml(hostile);
    expect(html).not.toContain("<mark>");
    expect(html).toContain("&lt;mark&gt;nor this&lt;/mark&gt;");
  });

  it("close a mark left open", () => {
    expect(headlineToHtml(`${MARK_START}open`)).toBe("<mark>open</mark>");
    expect(headlineToHtml(`stray${MARK_STOP} end`)).toBe("stray end");
  });

  it("read back into text parts for React, never HTML", () => {
    const html = headlineToHtml(translate(`<b>${"x"}</b> & `) + mark("fee"));
    expect(snippetParts(html)).toEqual([
      { text: "<b>x</b> & ", marked: false },
      { text: "fee", marked: true },
    ]);
    expect(snippetParts("plain &lt;i&gt; <em>kept</em>")).toEqual([{ text: "plain <i> <em>kept</em>", marked: false }]);
  });

  it("escapeHtml covers the five special characters", () => {
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });
});

/**
 * Caption-style ALL-CAPS turns keep their speaker's whole label, from the
 * parsed transcript to the snippet: ts_headline over "Mayor Lopez: …" as one
 * text chose a window starting at "Lopez:". Runs the real ts_headline on
 * the test database.
 */
describe("snippets keep the speaker's whole label", () => {
  /** The search pages' snippet of one segment, through the app's own SQL on this file's database. */
  async function snippetOf(segment: { speaker: string | null; text: string }, query: string): Promise<string> {
    const headline = segmentHeadline(
      sql`${segment.speaker}::text`,
      sql`${segment.text}::text`,
      sql`websearch_to_tsquery('english', ${query})`,
    );
    const rows = rowsOf<{ h: string }>(await getTestDb().execute(sql`select ${headline} as h`));
    return headlineToHtml(rows[0]!.h);
  }

  const CAPTIONS = [
    ">> MAYOR LOPEZ: GOOD EVENING AND WELCOME TO THE REGULAR MEETING OF THE CITY COUNCIL. WE HAVE A FULL AGENDA",
    "TONIGHT WITH THE PARKS DEPARTMENT PLAN FOR THE NEXT FISCAL YEAR AND A PUBLIC HEARING ON THE LIBRARY BUDGET. >> THANK YOU.",
    "COUNCIL MEMBER GORDON: THANK YOU, MAYOR. I WANT TO ASK STAFF ABOUT THE SCHEDULE FOR THE CONTRACTS, THE BIDS AND",
    "THE CREWS, BECAUSE RESIDENTS KEEP CALLING MY OFFICE ABOUT THE SIDEWALK REPAIRS ON ELM STREET.",
  ].join("\n");

  it("parses caption-style turns into whole labels, marks and all", () => {
    for (const text of [CAPTIONS, CAPTIONS.replace(/^/gm, "[00:00:05] ")]) {
      const { segments } = parseTranscript(text);
      const labels = segments.map((segment) => segment.speaker);
      expect(labels).toContain("Mayor Lopez");
      expect(labels).toContain("Council Member Gordon");
      for (const segment of segments) expect(segment.text).not.toMatch(/>>|LOPEZ:|Lopez:|Gordon:/i);
    }
    const plain = parseTranscript(CAPTIONS).segments;
    expect(plain.map((segment) => [segment.speaker, segment.text.slice(0, 12)])).toEqual([
      ["Mayor Lopez", "Good evening"],
      [null, "Thank you."],
      ["Council Member Gordon", "Thank you, M"],
    ]);
  });

  it("shows the whole label before the excerpt, wherever the words are in a long turn", async () => {
    const [lopez, , gordon] = parseTranscript(CAPTIONS).segments;
    expect(await snippetOf(gordon!, "sidewalk repairs")).toMatch(
      /^Council Member Gordon: .*<mark>sidewalk<\/mark> <mark>repairs<\/mark>/,
    );
    expect(await snippetOf(lopez!, "library budget")).toMatch(/^Mayor Lopez: .*<mark>library<\/mark>/);
    // A match in the label marks it, and the label stays whole.
    expect(await snippetOf(lopez!, "Lopez")).toMatch(/^Mayor <mark>Lopez<\/mark>: Good evening/);
    expect(await snippetOf(gordon!, "council member gordon")).toMatch(
      /^<mark>Council<\/mark> <mark>Member<\/mark> <mark>Gordon<\/mark>: Thank you/,
    );
    // Nobody named: the excerpt alone.
    expect(await snippetOf({ speaker: null, text: "The sidewalk repairs are late." }, "sidewalk")).toBe(
      "The <mark>sidewalk</mark> repairs are late.",
    );
    // Hostile labels are escaped like the text.
    expect(await snippetOf({ speaker: "<b>Clerk</b>", text: "Roll call." }, "roll")).toBe(
      "&lt;b&gt;Clerk&lt;/b&gt;: <mark>Roll</mark> call.",
    );
  });
});
