import { ESLint } from "eslint";
import { href } from "react-router";
import { describe, expect, it } from "vitest";
import { cityPageHref, loadMoreUrl } from "~/lib/cities/page-state";
import { pipelineStatusUrl } from "~/lib/jobs/status-types";
import { meetingHref, storyHref } from "~/lib/meetings/links";

/** Internal links go through href() (docs/decisions/0019-typed-links.md). */

const ID = "3f2a6c1e-8d4b-4c2a-9e1f-0a1b2c3d4e5f";

describe("href()", () => {
  it("only takes paths of app/routes.ts, with their params (checked by npm run typecheck)", () => {
    // @ts-expect-error: no such route. If this line stops being an error, href() is no longer typed.
    expect(href("/no-such-route")).toBe("/no-such-route");
    // @ts-expect-error: the meeting route needs its meetingId.
    expect(() => href("/meeting/:meetingId", {})).toThrow(/requires param 'meetingId'/);
  });

  it("inserts params as they are, so values from a request are encoded by the caller", () => {
    expect(href("/city/:locationKey", { locationKey: "a b/c" })).toBe("/city/a b/c");
    expect(cityPageHref("a b/c")).toBe("/city/a%20b%2Fc");
    expect(meetingHref(ID, { cityKey: "a b" })).toBe(`/city/a%20b/meeting/${ID}`);
    expect(pipelineStatusUrl("x/y")).toBe("/resources/pipeline-status/x%2Fy");
  });
});

describe("links built with href()", () => {
  it("are the same addresses as before", () => {
    expect(meetingHref(ID, { cityKey: "alder-creek" })).toBe(`/city/alder-creek/meeting/${ID}`);
    expect(meetingHref(ID)).toBe(`/meeting/${ID}`);
    expect(storyHref(ID, "alder-creek")).toBe(`/city/alder-creek/meeting-story/${ID}`);
    expect(storyHref(ID, null)).toBe(`/meeting-story/${ID}`);
    expect(cityPageHref("alder-creek", { source: "abc", page: 2 })).toBe("/city/alder-creek?source=abc&page=2");
    expect(loadMoreUrl("alder-creek", null, 3)).toBe("/resources/city-videos?city=alder-creek&page=3");
    expect(pipelineStatusUrl(ID)).toBe(`/resources/pipeline-status/${ID}`);
    expect(href("/")).toBe("/");
    expect(href("/admin/revisions/:meetingId", { meetingId: ID })).toBe(`/admin/revisions/${ID}`);
  });
});

describe("the lint rule against hand-built paths", () => {
  const eslint = new ESLint();
  const lint = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: "app/routes/lint-probe.tsx" });
    return result!.messages.filter((message) => message.ruleId === "no-restricted-syntax").map((m) => m.line);
  };

  // The first lint loads the project's config and parsers: seconds on a busy machine.
  it("flags link, form, anchor, redirect and navigate targets written as paths", { timeout: 60_000 }, async () => {
    const code = [
      'import { Form, Link, redirect, useNavigate } from "react-router";',
      'export function loader() { throw redirect("/auth"); }',
      "export function action() { throw redirect(`/city/${String(1)}`); }",
      'const LINKS = [{ to: "/about" }];',
      "export default function Probe() {",
      "  const navigate = useNavigate();",
      '  void navigate("/search");',
      "  return (<>",
      '    <Link to="/profile">p</Link>',
      "    <Link to={`/admin/revisions/${LINKS.length}`}>r</Link>",
      '    <Form action="/search" />',
      '    <a href="/">home</a>',
      "  </>);",
      "}",
    ].join("\n");
    expect(await lint(code)).toEqual([2, 3, 4, 7, 9, 10, 11, 12]);
  });

  it("lets href(), relative links and external addresses through", async () => {
    const code = [
      'import { href, Link } from "react-router";',
      "export default function Probe() {",
      "  return (<>",
      '    <Link to={href("/about")}>a</Link>',
      '    <Link to={`${href("/search")}?q=budget`}>s</Link>',
      '    <Link to="?t=30#video">moment</Link>',
      '    <a href="https://www.youtube.com/">YouTube</a>',
      "  </>);",
      "}",
    ].join("\n");
    expect(await lint(code)).toEqual([]);
  });
});
