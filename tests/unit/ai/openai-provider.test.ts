import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AiError } from "~/lib/ai/errors";
import { getAiProvider } from "~/lib/ai/index.server";
import { createOpenAiProvider } from "~/lib/ai/openai-provider.server";
import type { AiProvider } from "~/lib/ai/provider";
import { verifyAnalysis, verifyStory } from "~/lib/ai/verify";
import { parseSettings } from "~/lib/env/settings.server";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { type FakeOpenAiServer, type RecordedRequest, startFakeOpenAiServer } from "../../support/fake-openai-server";
import { GENUINE_DECISIONS } from "../../support/decisions-meeting";
import { LABELED_MEETING, modelAnalysis, modelStory } from "./fixtures";

let server: FakeOpenAiServer;

beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

function provider(options: { timeoutMs?: number; maxRetries?: number; chunkTokens?: number } = {}): AiProvider {
  return createOpenAiProvider({
    apiKey: "test-key",
    baseURL: server.baseURL,
    model: "fake-model",
    timeoutMs: options.timeoutMs ?? 5_000,
    maxRetries: options.maxRetries ?? 2,
    chunkTokens: options.chunkTokens ?? 60_000,
  });
}

const segments = parseTimestampedTranscript(LABELED_MEETING);
const input = {
  transcript: LABELED_MEETING,
  segments,
  title: "Riverton City Council, regular meeting",
  description: null,
};

async function analysisError(p: AiProvider): Promise<AiError> {
  const error = await p.analyzeTranscript(input).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

describe("OpenAI-compatible provider: analysis", () => {
  it("returns the model's analysis raw, with provider, model and time (the pipeline verifies it)", async () => {
    server.script({ kind: "json", body: modelAnalysis() });
    const result = await provider().analyzeTranscript(input);
    expect(result.provider).toBe("openai-compatible");
    expect(result.model).toBe("fake-model");
    expect(Number.isNaN(Date.parse(result.createdAt))).toBe(false);
    expect(result.analysis).toEqual(modelAnalysis());
    expect(result).not.toHaveProperty("verification");
    const { report } = verifyAnalysis(result.analysis, segments);
    expect(report).toMatchObject({ kind: "analysis", verifiedQuotes: 1, unverifiedQuotes: 0 });
    expect(report.quotes[0]?.segment).toEqual({
      position: 6,
      timestamp: "00:07:02",
      speaker: "COUNCILMEMBER REYES",
    });
    expect(server.requestCount).toBe(1);
  });

  it("sends a strict JSON schema and the timestamped, labeled transcript", async () => {
    server.script({ kind: "json", body: modelAnalysis() });
    await provider().analyzeTranscript(input);
    const body = server.requests[0]!.body;
    expect(body.model).toBe("fake-model");
    expect(body.response_format?.type).toBe("json_schema");
    expect(body.response_format?.json_schema?.strict).toBe(true);
    expect(body.messages?.[1]?.content).toContain(
      "[00:07:02] COUNCILMEMBER REYES: I move that we approve the contract",
    );
  });

  it("asks for decisions with their verbatim evidence spans, in the schema and the instructions", async () => {
    server.script({ kind: "json", body: modelAnalysis({ decisions: [GENUINE_DECISIONS.veto] }) });
    const result = await provider().analyzeTranscript(input);
    expect(result.analysis.decisions).toEqual([GENUINE_DECISIONS.veto]);
    const body = server.requests[0]!.body;
    const schema = JSON.stringify(body.response_format?.json_schema?.schema);
    for (const field of ["decisions", "motion_evidence", "result_evidence", "override-veto", "consent_items"])
      expect(schema).toContain(field);
    const instructions = body.messages?.[0]?.content ?? "";
    expect(instructions).toContain(
      'a veto override that fails (the veto is sustained) is "override-veto" with "failed"',
    );
    expect(instructions).toContain("copied EXACTLY, word for word");
    expect(instructions).toContain("never read a clock time");
  });

  it("accepts JSON wrapped in ``` code fences", async () => {
    server.script({ kind: "fenced", body: modelAnalysis() });
    const result = await provider().analyzeTranscript(input);
    expect(result.analysis.action_items[0]?.due_date).toBe("March 15");
  });

  it("reports invalid JSON as a clear error", async () => {
    server.script({ kind: "text", content: "Sorry, I can only answer in prose today." });
    const error = await analysisError(provider());
    expect(error.code).toBe("invalid_json");
    expect(error.message).toBe("Analysis failed: the model's reply was not valid JSON.");
  });

  it("reports JSON of the wrong shape as a schema error naming the field", async () => {
    server.script({ kind: "json", body: { ...modelAnalysis(), summary: 42 } });
    const error = await analysisError(provider());
    expect(error.code).toBe("schema");
    expect(error.message).toMatch(
      /^Analysis failed: the model's reply did not have the expected structure \(summary: /,
    );
  });

  it("reports a reply cut off at the length limit", async () => {
    server.script({ kind: "length" });
    const error = await analysisError(provider());
    expect(error.code).toBe("length");
    expect(error.message).toBe("Analysis failed: the model's reply was cut off (length limit).");
  });

  it("retries after an HTTP 500 and succeeds", async () => {
    server.script({ kind: "status", status: 500 }, { kind: "json", body: modelAnalysis() });
    const result = await provider({ maxRetries: 2 }).analyzeTranscript(input);
    expect(result.analysis.summary).toContain("Oak Street");
    expect(server.requestCount).toBe(2);
  });

  it("gives up after the configured retries with an HTTP error", async () => {
    server.otherwise(() => ({ kind: "status", status: 503 }));
    const error = await analysisError(provider({ maxRetries: 1 }));
    expect(error.code).toBe("http");
    expect(error.status).toBe(503);
    expect(error.message).toBe("Analysis failed: the AI service returned an error (HTTP 503).");
    expect(server.requestCount).toBe(2);
  });

  it("times out when the server hangs past the per-call timeout", async () => {
    // The server never answers: that an error comes at all shows the timeout ended the call.
    server.otherwise(() => ({ kind: "hang" }));
    const error = await analysisError(provider({ timeoutMs: 300, maxRetries: 0 }));
    expect(error.code).toBe("timeout");
    expect(error.message).toBe("Analysis failed: the AI service did not answer in time.");
    expect(server.requestCount).toBe(1);
  });

  it("reports a refusal", async () => {
    server.script({ kind: "refusal", message: "I cannot help with that." });
    const error = await analysisError(provider());
    expect(error.code).toBe("refusal");
    expect(error.message).toContain("I cannot help with that.");
  });

  it("returns an invented quote as the model gave it; the verification pass drops it, keeping the real one", async () => {
    const invented = { text: "We will triple the parks budget next year.", speaker: "MAYOR LOPEZ" };
    const analysis = modelAnalysis();
    analysis.highlights[0]!.quotes.push(invented);
    server.script({ kind: "json", body: analysis });
    const result = await provider().analyzeTranscript(input);
    expect(result.analysis.highlights[0]!.quotes).toHaveLength(2);
    const verified = verifyAnalysis(result.analysis, segments);
    expect(verified.report.unverifiedQuotes).toBe(1);
    expect(verified.report.passed).toBe(false);
    const flagged = verified.report.quotes.find((q) => !q.verified);
    expect(flagged).toMatchObject({ text: invented.text, segment: null, location: "highlights[0].quotes[1]" });
    expect(verified.analysis.highlights[0]!.quotes.map((q) => q.text)).toEqual([
      analysis.highlights[0]!.quotes[0]!.text,
    ]);
  });

  it("refuses to analyze an empty transcript", async () => {
    const error = await provider()
      .analyzeTranscript({ transcript: "  ", segments: [], title: null, description: null })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "input", message: "Video must have a transcript to run analysis" });
    expect(server.requestCount).toBe(0);
  });
});

describe("OpenAI-compatible provider: long transcripts", () => {
  const lines = Array.from({ length: 60 }, (_, i) => {
    const minute = String(i).padStart(2, "0");
    return `[00:${minute}:00] COUNCILMEMBER REYES: Item ${i} concerns the budget line for neighborhood program number ${i}, which staff will review again.`;
  });
  const longTranscript = lines.join("\n");
  const longSegments = parseTimestampedTranscript(longTranscript);

  function firstTranscriptLine(request: RecordedRequest): string {
    const content = request.body.messages?.[1]?.content ?? "";
    const line = content.split("\n").find((l) => l.startsWith("[00:"));
    return line!.replace(/^\[[\d:]+\] [A-Z ]+: /, "");
  }

  it("splits on segment boundaries, analyses each chunk and merges the summaries", async () => {
    server.otherwise((request) => {
      if (request.body.response_format?.json_schema?.name === "merged_summary") {
        return { kind: "json", body: { summary: "Merged summary of every part." } };
      }
      const quote = firstTranscriptLine(request);
      return {
        kind: "json",
        body: modelAnalysis({
          summary: `Part starting with: ${quote}`,
          highlights: [
            {
              timestamp: "00:00:00",
              point_of_interest: "Start of part",
              quotes: [{ text: quote, speaker: "COUNCILMEMBER REYES" }],
            },
          ],
          action_items: [{ description: "Review the budget lines", responsible_party: "City staff", due_date: null }],
        }),
      };
    });
    const result = await provider({ chunkTokens: 1_000 }).analyzeTranscript({
      transcript: longTranscript,
      segments: longSegments,
      title: null,
      description: null,
    });
    const analysisCalls = server.requests.filter(
      (r) => r.body.response_format?.json_schema?.name === "meeting_analysis",
    );
    const mergeCalls = server.requests.filter((r) => r.body.response_format?.json_schema?.name === "merged_summary");
    expect(analysisCalls.length).toBeGreaterThanOrEqual(2);
    expect(mergeCalls).toHaveLength(1);
    expect(server.requestCount).toBe(analysisCalls.length + 1);
    expect(mergeCalls[0]!.body.messages?.[1]?.content).toContain("Part 2: Part starting with:");
    expect(result.analysis.summary).toBe("Merged summary of every part.");
    expect(result.analysis.highlights).toHaveLength(analysisCalls.length);
    expect(result.analysis.action_items).toHaveLength(1); // duplicates across chunks are merged
    expect(verifyAnalysis(result.analysis, longSegments).report.unverifiedQuotes).toBe(0);
    // Every line of the transcript went to the model: nothing was truncated.
    const sent = analysisCalls.map((r) => r.body.messages?.[1]?.content ?? "").join("\n");
    for (const line of lines) expect(sent).toContain(line);
  });
});

describe("OpenAI-compatible provider: stories", () => {
  const storyInput = { analysis: modelAnalysis(), segments, title: "Riverton City Council", additionalContext: null };

  it("returns the story with words counted, which then passes verification", async () => {
    server.script({ kind: "json", body: modelStory() });
    const result = await provider().writeStory(storyInput);
    expect(result.story.article.word_count).toBe(result.story.article.body.split(/\s+/).length);
    expect(verifyStory(result.story, storyInput).report).toMatchObject({
      kind: "story",
      unverifiedQuotes: 0,
      unsupportedNumbers: [],
      passed: true,
    });
  });

  it("lists a number the transcript does not contain", async () => {
    server.script({
      kind: "json",
      body: modelStory({ body: "The council approved a $9.7 million contract on a 5-0 vote." }),
    });
    const result = await provider().writeStory(storyInput);
    const verified = verifyStory(result.story, storyInput);
    expect(verified.report.unsupportedNumbers.map((n) => n.value)).toEqual(["$9.7 million"]);
    expect(verified.story.metadata.uncertainty_notes.join(" ")).toContain("$9.7 million");
  });

  it("replaces an invented sidebar quote with a verified one from the analysis", async () => {
    const story = modelStory();
    story.sidebar_elements.quote_block.quote = "This is the best contract in the history of Riverton.";
    server.script({ kind: "json", body: story });
    const result = await provider().writeStory(storyInput);
    const verified = verifyStory(result.story, storyInput);
    expect(verified.report.unverifiedQuotes).toBe(1);
    expect(verified.story.sidebar_elements.quote_block.quote).toBe(modelAnalysis().highlights[0]!.quotes[0]!.text);
  });

  it("reports story failures with the story wording", async () => {
    server.script({ kind: "length" });
    const error = await provider()
      .writeStory(storyInput)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "length",
      message: "Story generation failed: the model's reply was cut off (length limit).",
    });
  });
});

describe("getAiProvider", () => {
  it("uses the offline analyzer without an API key", () => {
    expect(getAiProvider(parseSettings({})).name).toBe("offline");
  });

  it("uses the OpenAI-compatible provider with a key, defaulting the model", () => {
    const p = getAiProvider(parseSettings({ OPENAI_API_KEY: "sk-test" }));
    expect(p.name).toBe("openai-compatible");
    expect(p.model).toBe("gpt-4o-mini");
    expect(getAiProvider(parseSettings({ OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "local-llama" })).model).toBe(
      "local-llama",
    );
  });

  it("can be forced offline", () => {
    expect(getAiProvider(parseSettings({ OPENAI_API_KEY: "sk-test", AI_PROVIDER: "offline" })).name).toBe("offline");
  });
});
