/**
 * A plain, factual news story assembled from an analysis, without a language
 * model: the lede is the summary, the body quotes the highlights verbatim
 * with their speakers, then the decisions and follow-ups. Nothing is added
 * that the analysis or the transcript does not contain.
 */
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { Analysis, Entity, Highlight, NewsStory, Quote } from "../schemas";
import { NO_TIMESTAMP } from "../timestamps";
import { isUnknownSpeaker, normalizeForMatch } from "../verify";
import { findDatePhrase } from "./actions";
import { countWords, shorten } from "./rules";

export type OfflineStoryInput = {
  analysis: Analysis;
  segments: TranscriptSegment[];
  title: string | null;
  additionalContext: string | null;
};

// The governing body itself is not a topic ("Riverton City Council", "Riverton").
const GOVERNING_BODY = /\b(?:council|board of supervisors)$/i;
// "the Oak Street resurfacing project", "the Riverside Park playground renovation"
const TOPIC_PHRASE =
  /\b((?:[A-Z][a-z]+ )+(?:[a-z]+ ){0,2}(?:project|plan|contract|budget|program|renovation|ordinance|resolution|proposal|study|rezoning|agreement|policy|fees?|tax|rates?|permit|development|improvements?|repairs?))\b/;
const MAX_QUOTED_HIGHLIGHTS = 4;
const MAX_ACTIONS_IN_BODY = 6;
const MAX_QUICK_FACTS = 6;

function speakerName(speaker: string): string {
  return isUnknownSpeaker(speaker) ? "A speaker" : speaker;
}

function entitiesOfType(analysis: Analysis, type: string): Entity[] {
  return analysis.entities.filter((entity) => entity.type.toLowerCase() === type);
}

function isSpecific(entity: Entity, bodies: string[]): boolean {
  const name = entity.name.trim().toLowerCase();
  return !GOVERNING_BODY.test(name) && !bodies.some((body) => body.includes(name));
}

/**
 * The main topic: a named project, plan or contract in the summary, else the
 * first specific organization or place it names, else the title.
 */
export function primaryTopic(analysis: Analysis, title: string | null): string {
  const phrase = [analysis.summary, ...analysis.highlights.map((h) => h.point_of_interest)]
    .map((text) => TOPIC_PHRASE.exec(text)?.[1])
    .find((match) => match && !/^(?:The|This|That|Item|I|We)\b/.test(match));
  if (phrase) return phrase;
  const bodies = analysis.entities.filter((e) => GOVERNING_BODY.test(e.name.trim())).map((e) => e.name.toLowerCase());
  const specific = analysis.entities.filter(
    (e) => ["organization", "place"].includes(e.type.toLowerCase()) && isSpecific(e, bodies),
  );
  const summary = analysis.summary.toLowerCase();
  const named = specific.find((e) => summary.includes(e.name.toLowerCase())) ?? specific[0];
  if (named) return named.name;
  return title?.trim() || "city business";
}

function hasVoteResult(analysis: Analysis): boolean {
  return analysis.action_items.some((item) => /\bResult:|^Vote:/.test(item.description));
}

function headline(analysis: Analysis, topic: string): string {
  return `Council ${hasVoteResult(analysis) ? "votes on" : "discusses"} ${topic}`;
}

function quoteSentence(quote: Quote, verb: string): string {
  return `${speakerName(quote.speaker)} ${verb}: \u201c${quote.text.trim()}\u201d`;
}

function highlightParagraph(highlight: Highlight): string | null {
  const [first, second] = highlight.quotes;
  if (!first) return null;
  const sentences = [quoteSentence(first, "said")];
  if (second && second.text.trim() !== first.text.trim()) sentences.push(quoteSentence(second, "added"));
  return sentences.join(" ");
}

function actionSentence(item: Analysis["action_items"][number]): string {
  const parts = [item.description.trim().replace(/([^.?!])$/, "$1.")];
  if (!/^city council$/i.test(item.responsible_party)) parts.push(`Responsible: ${item.responsible_party}.`);
  if (item.due_date) parts.push(`Due: ${item.due_date}.`);
  return parts.join(" ");
}

/** "next meeting ... on March 12" anywhere in the transcript. */
export function findNextMeetingDate(segments: TranscriptSegment[]): string | null {
  for (const segment of segments) {
    for (const match of segment.text.matchAll(
      /next (?:regular |city council |council |special )?meeting[^.?!]{0,80}/gi,
    )) {
      const date = findDatePhrase(match[0]);
      if (date && !/^(?:next|following) /i.test(date)) return date;
    }
  }
  return null;
}

function body(analysis: Analysis, nextMeeting: string | null): string {
  const paragraphs = [analysis.summary.trim()];
  const lede = normalizeForMatch(analysis.summary);
  const quoted = analysis.highlights
    .filter((h) => !h.quotes.every((q) => lede.includes(normalizeForMatch(q.text))))
    .map(highlightParagraph)
    .filter((p): p is string => p !== null);
  paragraphs.push(...quoted.slice(0, MAX_QUOTED_HIGHLIGHTS));
  const actions = analysis.action_items.slice(0, MAX_ACTIONS_IN_BODY).map(actionSentence);
  if (actions.length > 0) paragraphs.push(`Decisions and follow-up: ${actions.join(" ")}`);
  if (nextMeeting) paragraphs.push(`The next meeting is scheduled for ${nextMeeting}.`);
  return paragraphs.filter(Boolean).join("\n\n");
}

function quoteBlock(analysis: Analysis): NewsStory["sidebar_elements"]["quote_block"] {
  const withQuotes = analysis.highlights.filter((h) => h.quotes.length > 0);
  const labeled = withQuotes.find((h) => h.quotes.some((q) => !isUnknownSpeaker(q.speaker)));
  const highlight = labeled ?? withQuotes[0];
  const quote = highlight?.quotes.find((q) => !isUnknownSpeaker(q.speaker)) ?? highlight?.quotes[0];
  if (!highlight || !quote) return { quote: "", attribution: "", context: "" };
  const at = highlight.timestamp !== NO_TIMESTAMP ? ` at ${highlight.timestamp}` : "";
  const repeatsQuote = normalizeForMatch(highlight.point_of_interest).includes(normalizeForMatch(quote.text));
  const context = repeatsQuote
    ? `Said during the meeting${at}.`
    : `${highlight.point_of_interest}${at ? ` (${at.trim()})` : ""}`;
  return {
    quote: quote.text,
    attribution: isUnknownSpeaker(quote.speaker) ? "Unidentified speaker" : quote.speaker,
    context,
  };
}

function quickFacts(analysis: Analysis): string[] {
  const votes = analysis.action_items
    .map(
      (item) =>
        /Result: (.+?)\.?$/.exec(item.description)?.[1] ??
        (item.description.startsWith("Vote:") ? item.description.slice(6) : null),
    )
    .filter((vote): vote is string => Boolean(vote))
    .slice(0, 2)
    .map((vote) => `Vote: ${vote.trim()}`);
  const money = entitiesOfType(analysis, "money")
    .slice(0, 3)
    .map((e) => `${e.name}: ${shorten(e.context, 15)}`);
  const deadlines = analysis.action_items
    .filter((item) => item.due_date)
    .slice(0, 2)
    .map((item) => `Due ${item.due_date}: ${shorten(item.description, 12)}`);
  const dates = entitiesOfType(analysis, "date")
    .slice(0, 1)
    .map((e) => `${e.name}: ${shorten(e.context, 12)}`);
  return [...votes, ...money, ...deadlines, ...dates].slice(0, MAX_QUICK_FACTS);
}

const SHORT_TITLES =
  /^(?:Mayor|Vice Mayor|Deputy Mayor|Councilmember|Council Member|Councilwoman|Councilman|Commissioner|Chair|Director|Chief|City Manager|City Attorney|City Clerk|Supervisor)$/;

/** "Mayor Lopez", "Dana Whitfield (senior city planner)" or just the name. */
function personWithTitle(person: Entity): string {
  const title = person.context.split(";")[0]!.trim();
  if (!title || /^(?:named|spoke)/i.test(title)) return person.name;
  return SHORT_TITLES.test(title) ? `${title} ${person.name}` : `${person.name} (${title})`;
}

function background(analysis: Analysis, title: string | null, additionalContext: string | null): string {
  const sentences = [
    `This story is based on the transcript of ${title?.trim() ? `"${title.trim()}"` : "the meeting"}.`,
  ];
  const people = entitiesOfType(analysis, "person").slice(0, 5).map(personWithTitle);
  if (people.length > 0) sentences.push(`People named include ${people.join(", ")}.`);
  const organizations = entitiesOfType(analysis, "organization")
    .slice(0, 4)
    .map((o) => o.name);
  if (organizations.length > 0) sentences.push(`Organizations mentioned: ${organizations.join(", ")}.`);
  if (additionalContext?.trim()) sentences.push(`Editor's context: ${additionalContext.trim()}`);
  return sentences.join(" ");
}

function uncertaintyNotes(analysis: Analysis): string[] {
  const notes = [
    "Generated offline without a language model: the story is assembled from sentences and quotes extracted from the transcript.",
    "Automatic transcripts can mishear names and numbers; check them against the recording before publishing.",
  ];
  const unlabeled = analysis.highlights.some((h) => h.quotes.some((q) => isUnknownSpeaker(q.speaker)));
  if (unlabeled)
    notes.push(
      "The transcript does not identify every speaker; those quotes are attributed to an unidentified speaker.",
    );
  return notes;
}

export function writeOfflineStory({ analysis, segments, title, additionalContext }: OfflineStoryInput): NewsStory {
  const topic = primaryTopic(analysis, title);
  const nextMeeting = findNextMeetingDate(segments);
  const text = body(analysis, nextMeeting);
  const followUp = analysis.action_items.some(
    (item) => item.due_date !== null || !/^city council$/i.test(item.responsible_party),
  );
  return {
    article: { headline: headline(analysis, topic), body: text, word_count: countWords(text), primary_focus: topic },
    sidebar_elements: {
      quote_block: quoteBlock(analysis),
      quick_facts: quickFacts(analysis),
      background: background(analysis, title, additionalContext),
    },
    metadata: {
      follow_up_needed: followUp,
      next_meeting_date: nextMeeting,
      sources_used: [
        "Meeting transcript",
        "Meeting analysis",
        ...(additionalContext?.trim() ? ["Editor's additional context"] : []),
      ],
      uncertainty_notes: uncertaintyNotes(analysis),
    },
    notes: "Extractive draft written offline from the analysis; review before publishing.",
  };
}
