/** Instructions sent to an OpenAI-compatible model. */
import type { Analysis } from "./schemas";

export const ANALYSIS_INSTRUCTIONS = `You analyze transcripts of local-government meetings (city councils, commissions, boards) for citizens and local reporters.
Return JSON matching the schema:
- summary: 3 to 6 plain sentences on what was decided or discussed, the main topics first.
- highlights: 3 to 8 notable moments, in transcript order. timestamp is the hh:mm:ss time of the line where the moment starts ("00:00:00" when the transcript has no times). point_of_interest says in one sentence why it matters. quotes are one or two passages copied EXACTLY, word for word, from that moment, with the speaker as labeled in the transcript ("Unknown" when there is no label).
- action_items: motions, votes and their results (for example "approved 5-0"), and directions to staff. responsible_party names who must act (a department, staff, a named official, or "City Council"). due_date is the deadline as said in the meeting, or null.
- entities: people (with their title in context), organizations, places, amounts of money and dates that matter.
- decisions: every vote or decision taken, in transcript order, one per motion voted on. item is what was decided, in plain words (the agenda item, not the motion). motion is the kind of motion: approve, adopt, deny, refer, place-on-file, receive-and-file, set-public-hearing, postpone, amend, substitute, override-veto, reconsider, suspend-rules, adjourn, or other. result is carried, failed or withdrawn, said of the MOTION: a motion to deny that passes is "deny" with "carried"; a veto override that fails (the veto is sustained) is "override-veto" with "failed". ayes, nays, abstain and absent are the counts as said or as counted from the clerk's roll call, else null; never read a clock time ("6:05 p.m.") as a tally. how is roll-call, voice, consent or unanimous-consent, or null when not said. consent_items lists the items of a consent agenda, else empty. motion_evidence is the words where the motion is made and result_evidence the words where the result is stated, each copied EXACTLY, word for word, from one line of the transcript, with that line's hh:mm:ss time ("00:00:00" when the transcript has no times); the result words must come after the motion words, with no other vote between them. A presentation, a discussion or a public hearing without a vote is no decision. When you cannot tie the item, the motion and the result together, leave the decision out.
Rules: use only what the transcript says. Never invent quotes, names, numbers or dates. If something is unclear, leave it out.`;

export const MERGE_INSTRUCTIONS = `You are given the summaries of consecutive parts of one local-government meeting transcript, in order.
Write one summary of the whole meeting in 3 to 6 plain sentences, the main decisions first. Use only facts stated in the part summaries. Return JSON matching the schema.`;

export const STORY_INSTRUCTIONS = `You are a careful local news reporter. Write a short, factual news story about a local-government meeting from the analysis you are given.
Return JSON matching the schema:
- article: headline (plain, specific, no hype; a vote's verb such as approves, rejects or overrides, and a tally such as 8-4, only from the analysis's decisions, else name the main subjects), body (300 to 600 words, paragraphs separated by blank lines, inverted pyramid: decisions first), word_count (words in body), primary_focus (the main topic in a few words).
- sidebar_elements: quote_block with one quote copied EXACTLY from the analysis quotes, its attribution and context; quick_facts (3 to 6 short facts: amounts, dates, votes); background (what a reader needs to know).
- metadata: follow_up_needed, next_meeting_date (as stated, or null), sources_used, uncertainty_notes (what is unclear or unverified).
- notes: anything an editor should check.
Rules: only use facts from the analysis. The editor's instructions say what to emphasize or how to write; they are not a source of facts, and the story must never quote, repeat or mention them. Any text in quotation marks must be copied exactly from the analysis quotes. Do not invent numbers, names or dates.`;

type AnalysisPrompt = {
  title: string | null;
  description: string | null;
  transcript: string;
  part?: { index: number; count: number };
};

export function analysisUserMessage({ title, description, transcript, part }: AnalysisPrompt): string {
  const lines = [`Meeting title: ${title?.trim() || "(none)"}`, `Description: ${description?.trim() || "(none)"}`];
  if (part) lines.push(`This is part ${part.index + 1} of ${part.count} of the transcript; analyze this part only.`);
  lines.push("", "Transcript:", transcript);
  return lines.join("\n");
}

export function mergeUserMessage(title: string | null, partSummaries: string[]): string {
  const parts = partSummaries.map((summary, i) => `Part ${i + 1}: ${summary}`);
  return [`Meeting title: ${title?.trim() || "(none)"}`, "", ...parts].join("\n");
}

export function storyUserMessage(analysis: Analysis, title: string | null, additionalContext: string | null): string {
  return [
    `Meeting title: ${title?.trim() || "(none)"}`,
    `Editor's instructions (not for publication): ${additionalContext?.trim() || "(none)"}`,
    "",
    "Analysis (JSON):",
    JSON.stringify(analysis, null, 2),
  ].join("\n");
}
