import { describe, expect, it } from "vitest";
import {
  escapeHtml,
  headlineToHtml,
  HEADLINE_TRANSLATE_FROM,
  HEADLINE_TRANSLATE_TO,
  MARK_START,
  MARK_STOP,
  snippetParts,
} from "~/lib/search/snippet";

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
