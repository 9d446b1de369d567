import { describe, expect, it } from "vitest";
import { zodResponseFormat } from "openai/helpers/zod";
import { parseLenientJson, stripCodeFences } from "~/lib/ai/json";
import { analysisSchema, storySchema } from "~/lib/ai/schemas";
import { isPlainText, parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import { modelAnalysis, modelStory } from "./fixtures";

describe("model-facing schemas", () => {
  it("convert to strict JSON schemas for structured outputs", () => {
    const analysisFormat = zodResponseFormat(analysisSchema, "meeting_analysis");
    const storyFormat = zodResponseFormat(storySchema, "news_story");
    expect(analysisFormat.json_schema.strict).toBe(true);
    expect(JSON.stringify(storyFormat.json_schema.schema)).toContain("next_meeting_date");
  });
});

describe("parseStoredAnalysis", () => {
  it("returns null for nothing stored", () => {
    expect(parseStoredAnalysis(null)).toBeNull();
    expect(parseStoredAnalysis("")).toBeNull();
  });

  it("reads an object or its JSON text", () => {
    expect(parseStoredAnalysis(modelAnalysis())).toEqual(modelAnalysis());
    expect(parseStoredAnalysis(JSON.stringify(modelAnalysis()))).toEqual(modelAnalysis());
  });

  it("accepts deadline as an alias of due_date and fills missing fields", () => {
    const legacy = {
      summary: "Old analysis",
      highlights: [{ timestamp: "00:01:00", point_of_interest: "Start", quotes: ["Plain string quote"] }],
      action_items: [
        { description: "Fix the road", responsible_party: "Public Works", deadline: "May 1" },
        "Call the school",
      ],
      entities: [{ name: "Oak Street" }],
    };
    expect(parseStoredAnalysis(legacy)).toEqual({
      summary: "Old analysis",
      highlights: [
        {
          timestamp: "00:01:00",
          point_of_interest: "Start",
          quotes: [{ text: "Plain string quote", speaker: "Unknown" }],
        },
      ],
      action_items: [
        { description: "Fix the road", responsible_party: "Public Works", due_date: "May 1" },
        { description: "Call the school", responsible_party: "Unspecified", due_date: null },
      ],
      entities: [{ name: "Oak Street", type: "other", context: "" }],
      decisions: [],
    });
  });

  it("unwraps a stored result with its verification report", () => {
    expect(parseStoredAnalysis({ analysis: modelAnalysis(), verification: {} })).toEqual(modelAnalysis());
  });

  it("gives plain text for a legacy string or unreadable data", () => {
    expect(parseStoredAnalysis("The council met and talked.")).toEqual({ plainText: "The council met and talked." });
    const odd = parseStoredAnalysis({ foo: 1 });
    expect(isPlainText(odd)).toBe(true);
  });
});

describe("parseStoredStory", () => {
  it("reads a structured story, counting words when the count is missing", () => {
    const story = modelStory();
    const { word_count: _ignored, ...article } = story.article;
    const parsed = parseStoredStory({ ...story, article });
    expect(isPlainText(parsed)).toBe(false);
    expect(parsed).toMatchObject({
      article: { headline: story.article.headline, word_count: story.article.body.split(/\s+/).length },
    });
  });

  it("reads a story in a ```json fence", () => {
    const parsed = parseStoredStory("```json\n" + JSON.stringify(modelStory()) + "\n```");
    expect(parsed).toMatchObject({ metadata: { next_meeting_date: "April 2" } });
  });

  it("displays a story that is not structured data as plain text", () => {
    expect(parseStoredStory("Council approves paving contract. The vote was 5-0.")).toEqual({
      plainText: "Council approves paving contract. The vote was 5-0.",
    });
    expect(parseStoredStory('{"article": "just a string"}')).toEqual({
      plainText: JSON.stringify({ article: "just a string" }, null, 2),
    });
  });
});

describe("lenient JSON", () => {
  it("strips code fences and surrounding prose", () => {
    expect(stripCodeFences('Sure!\n```json\n{"a": 1}\n```\nDone.')).toBe('{"a": 1}');
    expect(parseLenientJson('Here you go: {"a": 1} hope it helps')).toEqual({ a: 1 });
    expect(() => parseLenientJson("no json here")).toThrow(SyntaxError);
  });
});
