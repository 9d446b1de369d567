/**
 * Faithfulness (docs/decisions/0024-one-verification-pass.md): the
 * verification pass run, in-process, on what a model that lies in every
 * field would return for real transcripts (the caption set and the
 * MeetingBank sample in ../shared, read at run time; a synthetic meeting
 * without them). Reports:
 *
 * - genuine quotes kept verbatim, and with their segment's time (goal 100%);
 * - invented quotes and numbers that survive unmarked (goal 0);
 * - genuine quotes dropped (goal 0);
 * - the offline analyzer's own analyses and stories changed or marked by the
 *   pass (goal 0: it copies, so it must never make a quote or figure up);
 * - sentences said more than once, each quoted at the time of one of its
 *   occurrences: quotes placed at another occurrence, and of those with
 *   another speaker (issue 27; goal 0);
 * - speaker names shown that the transcript does not give (the lying model
 *   names "Council Member Invented" everywhere; goal 0).
 * - decisions the model invents or flips (a real vote reported the other way)
 *   and tallies it moves, published (goal 0; ADR 0060).
 */
import { formatDuration } from "~/lib/format/duration";
import { VERIFICATION_MARKS } from "~/lib/ai/marks";
import type { Analysis, Decision, NewsStory } from "~/lib/ai/schemas";
import { findVoteOutcome, MOTION } from "~/lib/ai/offline/actions";
import { ensureSegments } from "~/lib/ai/segments";
import { FIGURES_NOTE, isUnknownSpeaker, normalizeForMatch, verifyAnalysis, verifyStory } from "~/lib/ai/verify";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { captionSegments, loadCaptionMeetings } from "./caption-set";
import { loadMeetingBank } from "./meetingbank";
import { analyzeSegments } from "~/lib/ai/offline/analyzer.server";
import { writeOfflineStory } from "~/lib/ai/offline/story-writer";
import { syntheticTranscript } from "./synthetic";

const QUOTES_PER_MEETING = 6;
const QUOTE_WORDS = 8;

const INVENTED_QUOTES = [
  "We will paint the river bridge purple by spring",
  "zebra levy",
  "Nobody on this dais reads the budget",
  "a complete fiasco",
];
const INVENTED_NUMBERS = ["$47.3 million", "17-4", "2087", "83 percent"];

type Meeting = { name: string; title?: string; segments: TranscriptSegment[] };

function captionMeetings(): Meeting[] {
  const data = loadCaptionMeetings();
  if ("missing" in data) return [];
  return data.meetings.map((meeting) => ({
    name: `captions ${meeting.id}`,
    title: meeting.title,
    segments: captionSegments(meeting),
  }));
}

function meetingBankMeetings(): Meeting[] {
  const data = loadMeetingBank();
  if ("missing" in data) return [];
  return data.rows.map((row) => ({ name: `MeetingBank ${row.uid}`, segments: ensureSegments([], row.transcript) }));
}

type Genuine = { text: string; timestamp: string | null };

/** Quotes of the transcript, each said once in it, as a model would tidy them (sentence case). */
function genuineQuotes(segments: TranscriptSegment[]): Genuine[] {
  const words = segments.flatMap((segment) =>
    segment.text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ word, segment })),
  );
  const whole = ` ${normalizeForMatch(words.map((w) => w.word).join(" "))} `;
  const quotes: Genuine[] = [];
  const step = Math.max(QUOTE_WORDS, Math.floor(words.length / (QUOTES_PER_MEETING * 2 + 1)));
  for (let target = step; target + QUOTE_WORDS <= words.length && quotes.length < QUOTES_PER_MEETING; target += step) {
    // Timed segments: start at a segment's first word, so the quote's moment is that segment's.
    let i = target;
    while (words[i]!.segment.startSeconds !== null && i > 0 && words[i - 1]!.segment === words[i]!.segment) i -= 1;
    const text = words
      .slice(i, i + QUOTE_WORDS)
      .map((w) => w.word)
      .join(" ");
    const key = ` ${normalizeForMatch(text)} `;
    if (key.trim().split(" ").length < QUOTE_WORDS - 2 || whole.indexOf(key) !== whole.lastIndexOf(key)) continue;
    // A window stopping before "not" is no genuine quote in meaning: the pass marks it (issue 27).
    if (/^(?:not|never|no longer)\b/i.test(words[i + QUOTE_WORDS]?.word ?? "")) continue;
    const tidy = text.toLowerCase();
    const start = words[i]!.segment.startSeconds;
    quotes.push({
      text: tidy[0]!.toUpperCase() + tidy.slice(1),
      timestamp: start === null ? null : formatDuration(start),
    });
  }
  return quotes;
}

function lyingAnalysis(genuine: Genuine[]): Analysis {
  const [q1, q2, q3, q4] = INVENTED_QUOTES;
  const [money, tally, year, percent] = INVENTED_NUMBERS;
  return {
    summary: `The council approved ${money} on a ${tally} vote, and the chair said "${q1}".`,
    highlights: genuine.map((quote, i) => ({
      timestamp: "00:00:01",
      point_of_interest: `Members called it '${q4}' ${i === 0 ? `and promised ${percent}` : ""}`.trim(),
      quotes: [
        { text: quote.text, speaker: "Council Member Invented" },
        { text: i % 2 ? q2! : q3!, speaker: "Council Member Invented" },
      ],
    })),
    action_items: [
      { description: `Deliver the "${q2}" report by ${year}`, responsible_party: "Staff", due_date: year! },
    ],
    entities: [
      { name: money!, type: "money", context: `Called "${q3}"` },
      { name: "Public Works", type: "organization", context: `In charge of '${q4}' until ${year}` },
    ],
    decisions: [],
  };
}

function lyingStory(genuine: Genuine[]): NewsStory {
  const [q1, q2, q3, q4] = INVENTED_QUOTES;
  const [money, tally, year, percent] = INVENTED_NUMBERS;
  return {
    article: {
      headline: `Council passes ${money} plan ${tally}`,
      body: `The council voted ${tally} on ${money}, ${percent} of it by ${year}. The chair said "${q1}". A member said "${genuine[0]?.text ?? ""}".`,
      word_count: 0,
      primary_focus: `The ${money} plan`,
    },
    sidebar_elements: {
      quote_block: { quote: q3!, attribution: "Council Member Invented", context: `It was '${q4}'` },
      quick_facts: [`Budget: ${money}`, `Vote: ${tally}`, `"${q2}"`],
      background: `Since ${year} residents asked for "${q2}".`,
    },
    metadata: { follow_up_needed: false, next_meeting_date: `${year}`, sources_used: [], uncertainty_notes: [] },
    notes: `${percent} of residents agree.`,
  };
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** Occurrences of a lie not followed by its mark (a marked quotation carries its numbers with it). */
function unmarked(content: unknown, lie: string, mark: string): number {
  let count = 0;
  for (const raw of strings(content)) {
    if (raw.startsWith(FIGURES_NOTE)) continue;
    const text =
      mark === VERIFICATION_MARKS.number.text
        ? raw.replace(/(["\u201c][^"\u201d]*["\u201d]|'[^']*')\s*\[quote not found in the transcript\]/g, "")
        : raw;
    for (let at = text.indexOf(lie); at >= 0; at = text.indexOf(lie, at + 1)) {
      const after = text.slice(at + lie.length).replace(/^["'\u2019\u201d]?\s*/, "");
      if (!after.startsWith(mark)) count += 1;
    }
  }
  return count;
}

/** Conservative ground truth, independent of the pass: the lie's words, or its first figure anywhere, in the transcript. */
function saidIn(meeting: Meeting, lie: string): boolean {
  const text = meeting.segments.map((segment) => segment.text).join(" ");
  const figure = /\d+(?:\.\d+)?/.exec(lie)?.[0];
  if (figure) return new RegExp(`(?<![\\d.])${figure.replace(".", "\\.")}(?![\\d])`).test(text);
  return ` ${normalizeForMatch(text)} `.includes(` ${normalizeForMatch(lie)} `);
}

// ---------------------------------------------------------------------------
// Decisions (ADR 0060): invented ones, real votes reported the other way, tallies moved

const MAX_REAL_VOTES = 3;
// A vote decides a motion made at most this many sentences before it.
const VOTE_WINDOW = 25;

type DecisionLies = { claims: Decision[]; kinds: ("invented" | "flipped" | "tally")[]; controls: Decision[] };

function claim(item: string, result: Decision["result"], motion: Genuine, outcome: Genuine): Decision {
  return {
    item,
    motion: "approve",
    result,
    ayes: null,
    nays: null,
    abstain: null,
    absent: null,
    how: null,
    consent_items: [],
    motion_evidence: { text: motion.text, timestamp: motion.timestamp ?? "00:00:00" },
    result_evidence: { text: outcome.text, timestamp: outcome.timestamp ?? "00:00:00" },
  };
}

/**
 * An invented decision, and for the first real votes (a motion, then a result) the vote flipped,
 * its tally moved; and the vote as said, apart (a control: published when nothing else stands between).
 */
function decisionLies(meeting: Meeting): DecisionLies {
  const lies: DecisionLies = { claims: [], kinds: [], controls: [] };
  const invented = { text: "I move that we paint the river bridge purple by spring.", timestamp: "00:10:00" };
  lies.claims.push(
    claim("The purple bridge", "carried", invented, { text: "The purple bridge passes 9-2.", timestamp: "00:11:00" }),
  );
  lies.kinds.push("invented");
  const sentences = meeting.segments.flatMap((segment) =>
    segment.text
      .split(/(?<=[.!?])\s+/)
      .filter((text) => text.trim())
      .map((text) => ({
        text,
        timestamp: segment.startSeconds === null ? null : formatDuration(segment.startSeconds),
      })),
  );
  let motion = -1;
  let real = 0;
  sentences.forEach((sentence, i) => {
    if (real >= MAX_REAL_VOTES) return;
    if (MOTION.test(sentence.text)) motion = i;
    const outcome = findVoteOutcome(sentence.text);
    if (!outcome || motion < 0 || motion === i || i - motion > VOTE_WINDOW) return;
    const [ayes, nays] = (outcome.tally ?? "").split("-").map(Number);
    const flipped = outcome.result === "carried" ? "failed" : "carried";
    lies.claims.push(claim("A real vote, flipped", flipped, sentences[motion]!, sentence));
    lies.kinds.push("flipped");
    const moved = claim("A real vote, its tally moved", outcome.result, sentences[motion]!, sentence);
    lies.claims.push({
      ...moved,
      ayes: Number.isFinite(ayes) ? ayes! + 1 : 9,
      nays: Number.isFinite(nays) ? nays! : 2,
    });
    lies.kinds.push("tally");
    lies.controls.push(claim("A real vote", outcome.result, sentences[motion]!, sentence));
    real += 1;
    motion = -1;
  });
  return lies;
}

/** Lies published: an invented or flipped decision at all, a moved tally with its counts. */
function publishedLies(lies: DecisionLies, report: ReturnType<typeof verifyAnalysis>["report"], published: Decision[]) {
  let count = 0;
  lies.kinds.forEach((kind, d) => {
    const check = report.decisions?.[d];
    if (!check?.published) return;
    if (kind !== "tally") count += 1;
    else if (check.tally.outcome === "confirmed") {
      const decision = published.find((p) => p.result_evidence.text === lies.claims[d]!.result_evidence.text);
      if (decision?.ayes === lies.claims[d]!.ayes) count += 1;
    }
  });
  return count;
}

type Tally = {
  genuine: number;
  kept: number;
  timed: number;
  timeCorrect: number;
  surviving: number;
  lies: number;
  speakersShown: number;
  speakersNotGiven: number;
  decisionLies: number;
  decisionLiesPublished: number;
  realVotes: number;
  realVotesPublished: number;
};

function runMeeting(meeting: Meeting, tally: Tally): void {
  const genuine = genuineQuotes(meeting.segments);
  const lies = decisionLies(meeting);
  const analysis = verifyAnalysis({ ...lyingAnalysis(genuine), decisions: lies.claims }, meeting.segments);
  tally.decisionLies += lies.claims.length;
  // The real votes as said, checked on their own: the check must not withhold everything.
  const control = verifyAnalysis({ ...lyingAnalysis(genuine), decisions: lies.controls }, meeting.segments);
  for (const check of control.report.decisions ?? []) {
    tally.realVotes += 1;
    if (check.published) tally.realVotesPublished += 1;
    else if (process.env.BENCH_VERBOSE) console.log(`    ${meeting.name}: a real vote withheld: ${check.reason}`);
  }
  const published = publishedLies(lies, analysis.report, analysis.analysis.decisions);
  if (published > 0 && process.env.BENCH_VERBOSE)
    console.log(`    ${meeting.name}: ${published} decision lies published`);
  tally.decisionLiesPublished += published;
  const story = verifyStory(lyingStory(genuine), { segments: meeting.segments, analysis: analysis.analysis });
  const shown = [
    ...analysis.analysis.highlights.flatMap((highlight) => highlight.quotes.map((quote) => quote.speaker)),
    ...(story.story.sidebar_elements.quote_block.quote ? [story.story.sidebar_elements.quote_block.attribution] : []),
  ];
  tally.speakersShown += shown.length;
  tally.speakersNotGiven += ungivenSpeakers(meeting, shown);
  genuine.forEach((quote, i) => {
    tally.genuine += 1;
    const highlight = analysis.analysis.highlights[i]!;
    if (highlight.quotes.some((q) => q.text === quote.text)) tally.kept += 1;
    else if (process.env.BENCH_VERBOSE)
      console.log(
        `    ${meeting.name}: dropped "${quote.text}" ${JSON.stringify(analysis.report.quotes.find((q) => q.text === quote.text))}`,
      );
    if (quote.timestamp) {
      tally.timed += 1;
      if (highlight.timestamp === quote.timestamp) tally.timeCorrect += 1;
    }
  });
  for (const content of [analysis.analysis, story.story]) {
    for (const [lies, mark] of [
      [INVENTED_QUOTES, VERIFICATION_MARKS.quote.text],
      [INVENTED_NUMBERS, VERIFICATION_MARKS.number.text],
    ] as const) {
      for (const lie of lies) {
        if (saidIn(meeting, lie)) continue; // not a lie in this meeting
        const count = unmarked(content, lie, mark);
        if (count > 0 && process.env.BENCH_VERBOSE) console.log(`    ${meeting.name}: "${lie}" unmarked ${count}x`);
        tally.surviving += count;
      }
    }
  }
  tally.lies += 2 * [...INVENTED_QUOTES, ...INVENTED_NUMBERS].filter((lie) => !saidIn(meeting, lie)).length;
}

type SelfCheck = { results: number; quotes: number; changed: number; marks: number };

/** The offline analyzer copies from the transcript: its own analysis and story should pass the pass untouched. */
function checkOffline(meeting: Meeting, check: SelfCheck): void {
  const title = meeting.title ?? "Meeting";
  const analysis = verifyAnalysis(analyzeSegments(meeting.segments, { title }), meeting.segments, null, title);
  const story = writeOfflineStory({
    analysis: analysis.analysis,
    segments: meeting.segments,
    title,
    additionalContext: null,
  });
  const storyCheck = verifyStory(story, { segments: meeting.segments, title, analysis: analysis.analysis });
  for (const report of [analysis.report, storyCheck.report]) {
    check.results += 1;
    check.quotes += report.quotes.length;
    check.changed += (report.removedQuotes ?? 0) + (report.markedQuotes ?? 0) + (report.droppedFacts ?? 0);
    check.marks += report.markedNumbers ?? 0;
  }
}

type Repeats = { quotes: number; moved: number; movedSpeaker: number };

const MIN_REPEAT_WORDS = 4;

/** Sentences of at least four words said in two or more segments, with those segments. */
function repeatedSentences(segments: TranscriptSegment[]): { text: string; at: TranscriptSegment[] }[] {
  const bySentence = new Map<string, { text: string; at: TranscriptSegment[] }>();
  for (const segment of segments) {
    for (const sentence of segment.text.split(/(?<=[.?!])\s+/)) {
      const key = normalizeForMatch(sentence);
      if (key.split(" ").length < MIN_REPEAT_WORDS) continue;
      const entry = bySentence.get(key) ?? { text: sentence.trim(), at: [] };
      if (entry.at.at(-1) !== segment) entry.at.push(segment);
      bySentence.set(key, entry);
    }
  }
  return [...bySentence.values()].filter((entry) => entry.at.length > 1);
}

/** Each occurrence of a repeated sentence quoted at its own time: where does the pass place it? */
function runRepeats(meeting: Meeting, repeats: Repeats): void {
  if (!meeting.segments.some((segment) => segment.startSeconds !== null)) return;
  for (const { text, at } of repeatedSentences(meeting.segments)) {
    for (const occurrence of at) {
      const claimed: Analysis = {
        summary: "",
        highlights: [
          {
            timestamp: formatDuration(occurrence.startSeconds ?? 0),
            point_of_interest: "A repeated sentence",
            quotes: [{ text, speaker: occurrence.speaker ?? "Unknown" }],
          },
        ],
        action_items: [],
        entities: [],
        decisions: [],
      };
      const { report } = verifyAnalysis(claimed, meeting.segments);
      const placed = report.quotes[0]?.segment;
      if (!report.quotes[0]?.verified || !placed) continue;
      repeats.quotes += 1;
      // Another occurrence at the same time (two segments one second apart) is no move.
      const sameTime = placed.timestamp === formatDuration(occurrence.startSeconds ?? 0);
      if (placed.position === occurrence.position || sameTime) continue;
      repeats.moved += 1;
      if (process.env.BENCH_VERBOSE)
        console.log(
          `    ${meeting.name}: "${text}" claimed ${occurrence.position}@${occurrence.startSeconds}, placed ${placed.position}@${placed.timestamp}`,
        );
      if ((placed.speaker ?? null) !== (occurrence.speaker ?? null)) repeats.movedSpeaker += 1;
    }
  }
}

/** Speaker names shown with quotes that no segment of the transcript carries as its label. */
function ungivenSpeakers(meeting: Meeting, shown: string[]): number {
  const labels = new Set(meeting.segments.map((segment) => segment.speaker).filter(Boolean));
  return shown.filter((name) => !isUnknownSpeaker(name) && name !== "Unidentified speaker" && !labels.has(name)).length;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`;
}

export function runFaithfulnessBench(): void {
  console.log("\nFaithfulness: the verification pass against a model that lies in every field");
  const sets: [string, Meeting[]][] = [
    ["caption set", captionMeetings()],
    ["MeetingBank sample", meetingBankMeetings()],
  ];
  if (sets.every(([, meetings]) => meetings.length === 0)) {
    console.log("  ../shared data not found: running on a synthetic meeting only");
    sets.push([
      "synthetic meeting",
      [{ name: "synthetic", segments: ensureSegments([], syntheticTranscript(40_000)) }],
    ]);
  }
  for (const [label, meetings] of sets) {
    if (meetings.length === 0) {
      console.log(`  ${label}: not found, skipped`);
      continue;
    }
    const tally: Tally = {
      genuine: 0,
      kept: 0,
      timed: 0,
      timeCorrect: 0,
      surviving: 0,
      lies: 0,
      speakersShown: 0,
      speakersNotGiven: 0,
      decisionLies: 0,
      decisionLiesPublished: 0,
      realVotes: 0,
      realVotesPublished: 0,
    };
    const repeats: Repeats = { quotes: 0, moved: 0, movedSpeaker: 0 };
    for (const meeting of meetings) {
      runMeeting(meeting, tally);
      runRepeats(meeting, repeats);
    }
    console.log(`  ${label} (${meetings.length} meetings):`);
    console.log(
      `    genuine quotes kept verbatim: ${percent(tally.kept, tally.genuine)} of ${tally.genuine} (goal 100%)`,
    );
    console.log(
      `    timestamps from the quote's segment: ${percent(tally.timeCorrect, tally.timed)} of ${tally.timed} (goal 100%)`,
    );
    console.log(`    genuine quotes dropped: ${tally.genuine - tally.kept} (goal 0)`);
    console.log(
      `    invented quotes and numbers surviving unmarked: ${tally.surviving} of ${tally.lies} placed (goal 0)`,
    );
    console.log(
      `    speaker names shown that the transcript does not give: ${tally.speakersNotGiven} of ${tally.speakersShown} quotes (goal 0)`,
    );
    if (repeats.quotes > 0)
      console.log(
        `    repeated sentences quoted at one occurrence's time: ${repeats.moved} of ${repeats.quotes} placed at another occurrence, ${repeats.movedSpeaker} of them with another speaker (goal 0)`,
      );
    console.log(
      `    invented, flipped or re-tallied decisions published: ${tally.decisionLiesPublished} of ${tally.decisionLies} claimed (goal 0)`,
    );
    console.log(
      `    real votes claimed as said (a motion, then its result), published: ${tally.realVotesPublished} of ${tally.realVotes}`,
    );
    const self: SelfCheck = { results: 0, quotes: 0, changed: 0, marks: 0 };
    for (const meeting of meetings) checkOffline(meeting, self);
    console.log(
      `    offline analyzer's own ${self.results} analyses and stories: ${self.quotes} quotes, ${self.changed} removed, marked or dropped, ${self.marks} figures marked (goal 0)`,
    );
  }
}
