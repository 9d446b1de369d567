/**
 * Writes an issue's summary with the same providers as the analyses: the
 * OpenAI-compatible model (structured output, zod) when configured, else the
 * offline writer (extractive, from the meetings' analyses). The result is
 * always passed through citeTimelineOnly before it is stored.
 */
import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { readOpenAiConfig } from "~/lib/ai/config.server";
import { OFFLINE_MODEL } from "~/lib/ai/offline-provider.server";
import { toAiError } from "~/lib/ai/openai-provider.server";
import { AiError } from "~/lib/ai/errors";
import { type Settings, settings } from "~/lib/env/settings.server";
import {
  issueSummaryModelSchema,
  writeOfflineIssueSummary,
  type IssueSummaryDraft,
  type SummaryMeeting,
} from "./summary";

export const ISSUE_SUMMARY_INSTRUCTIONS = `You summarize the state of a local public issue from the meetings that discussed it.
Use only the meetings given. Every claim must cite the meeting it comes from by its reference (M1, M2, …).
Cite only references that appear in the input. Do not invent dates, votes, sums or names.
Key developments: one per meeting at most, newest first. Next steps: only steps a meeting set.
confidence_score: 0 to 1, how well the meetings support the summary.`;

export function issueSummaryUserMessage(title: string, query: string, meetings: readonly SummaryMeeting[]): string {
  const parts = meetings.map((meeting) =>
    [
      `[${meeting.ref}] ${meeting.title} — ${meeting.sourceTitle ?? meeting.cityName}, ${meeting.date ?? "date unknown"}`,
      meeting.analysisSummary ? `Summary: ${meeting.analysisSummary}` : null,
      meeting.matchingPoints.length ? `Moments: ${meeting.matchingPoints.join(" | ")}` : null,
      meeting.actionItems.length ? `Action items: ${meeting.actionItems.join(" | ")}` : null,
      meeting.passages.length ? `Passages: ${meeting.passages.join(" | ")}` : null,
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return `Issue: ${title}\nSearch: ${query}\n\n${parts.join("\n\n")}`;
}

export type IssueSummaryResult = { draft: IssueSummaryDraft; provider: string };

export async function writeIssueSummary(
  input: { title: string; query: string; meetings: readonly SummaryMeeting[] },
  config: Settings = settings(),
): Promise<IssueSummaryResult> {
  const openAi = readOpenAiConfig(config);
  if (!openAi) return { draft: writeOfflineIssueSummary(input), provider: `offline:${OFFLINE_MODEL}` };
  const client = new OpenAI({
    apiKey: openAi.apiKey,
    baseURL: openAi.baseURL,
    timeout: openAi.timeoutMs,
    maxRetries: openAi.maxRetries,
  });
  try {
    const completion = await client.chat.completions.parse({
      model: openAi.model,
      messages: [
        { role: "system", content: ISSUE_SUMMARY_INSTRUCTIONS },
        { role: "user", content: issueSummaryUserMessage(input.title, input.query, input.meetings) },
      ],
      response_format: zodResponseFormat(issueSummaryModelSchema, "issue_summary"),
    });
    const message = completion.choices[0]?.message;
    if (message?.refusal) throw new AiError("analysis", "refusal", { detail: `the model refused: ${message.refusal}` });
    if (!message?.parsed) throw new AiError("analysis", "empty");
    return { draft: message.parsed, provider: `openai-compatible:${openAi.model}` };
  } catch (error) {
    throw toAiError("analysis", error);
  }
}
