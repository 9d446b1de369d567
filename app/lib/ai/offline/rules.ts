/**
 * The rule layer of the offline analyzer: what counts as filler or meeting
 * procedure, and how spoken sentences are tidied for summaries.
 */

const FILLERS: Array<[RegExp, string]> = [
  [/(^|[\s,])(?:u+m+|u+h+|erm|hmm+|ah)\b[,.]?(?=\s|$)/gi, "$1"],
  [/,?\s*\byou know\b,?/gi, ""],
  [/,?\s*\bi mean\b,/gi, ","],
  [/,\s*like,/gi, ","],
  [/,?\s*\bsort of\b,/gi, ","],
];

// Stutters ("they're they're"); words only, so "1,000,000" keeps its zeros.
const REPEATED_WORD = /\b([A-Za-z][\w']*)(?:[\s,]+\1\b)+/gi;
const LEADING_DISCOURSE = /^(?:(?:so|okay|ok|well|and|but|now|all right|alright|yeah|yes|right|um|uh)\b[,.]?\s+)+/i;

/** Removes hesitations, stutters and leading discourse markers; capitalizes and ends the sentence. */
export function cleanSentence(text: string): string {
  let cleaned = text.replace(/\s+/g, " ").trim();
  for (const [pattern, replacement] of FILLERS) cleaned = cleaned.replace(pattern, replacement);
  cleaned = cleaned.replace(REPEATED_WORD, "$1").replace(LEADING_DISCOURSE, "");
  cleaned = cleaned
    .replace(/\s+([,.;:?!])/g, "$1")
    .replace(/,{2,}/g, ",")
    .replace(/^[,;:\s]+/, "")
    .trim();
  if (!cleaned) return "";
  cleaned = cleaned[0]!.toUpperCase() + cleaned.slice(1);
  return /[.?!"\u201d]$/.test(cleaned) ? cleaned : `${cleaned}.`;
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[a-z0-9]/i.test(word)).length;
}

type ProceduralRule = { pattern: RegExp; maxWords?: number };

const PROCEDURAL_RULES: ProceduralRule[] = [
  { pattern: /^(?:thank you|thanks|thank)\b/i, maxWords: 14 },
  {
    pattern: /\b(?:i|we) (?:just )?(?:want to|wanted to|'d like to|would like to) (?:thank|recognize|acknowledge)\b/i,
    maxWords: 30,
  },
  { pattern: /\b(?:roll call|call the roll|call roll|pledge of allegiance)\b/i },
  { pattern: /^(?:aye|ayes|eyes|nay|nays|no|yes|present|here|abstain|yeah|okay|ok|all right|alright)\b/i, maxWords: 6 },
  {
    pattern: /\b(?:is there a second|second(?:ed)? by|i(?:'ll| will)? second|seconded|second the motion)\b/i,
    maxWords: 14,
  },
  { pattern: /^second\b/i, maxWords: 6 },
  {
    pattern:
      /\b(?:all (?:those )?in favou?r|any (?:opposed|opposition|objections?)|those opposed|please (?:cast your )?vote|cast (?:your|their) votes?|voting is (?:now )?(?:open|closed))\b/i,
  },
  { pattern: /\bmotion (?:carries|carried|passes|passed|fails|failed)\b/i, maxWords: 12 },
  { pattern: /\b(?:ayes|aye's|eyes|nays)\b/i, maxWords: 12 },
  {
    pattern:
      /\b(?:good (?:morning|afternoon|evening)|welcome (?:back|everyone)|can you hear me|you(?:'re| are) (?:on )?mute|unmute)\b/i,
    maxWords: 14,
  },
  { pattern: /\b(?:madam|mister|mr\.?|ms\.?) (?:clerk|chair|mayor|president)\b/i, maxWords: 8 },
  { pattern: /^(?:next item|item number|moving on|we(?:'ll| will) (?:now )?move on|let's move on)\b/i, maxWords: 10 },
  // A bare item header ("So hearing item number one."): the statement that follows it says what the item is.
  { pattern: /^(?:so |and |now )?(?:hearing |agenda |consent )?item (?:number |no\.? |#)?[\w-]+[.:]?$/i, maxWords: 6 },
  { pattern: /\b(?:meeting is adjourned|we are adjourned|stand adjourned|take a (?:short )?recess)\b/i },
  // The chair's running of the meeting: "Welcome to the regular meeting of …", "I am the chair of …",
  // "I closed the public hearing", "is there anyone here to speak on this item?", "file that report".
  { pattern: /^(?:welcome|good (?:morning|afternoon|evening)[,.]? (?:and )?welcome)\b/i, maxWords: 40 },
  { pattern: /\b(?:i am|i'm) (?:[A-Z][\w'-]+,? ){0,3}?(?:the )?(?:vice )?(?:chair|president)\b/i, maxWords: 30 },
  { pattern: /\b(?:open|opened|opening|close|closed|closing) (?:the|this|that) public hearing\b/i, maxWords: 30 },
  {
    pattern: /\banyone (?:else )?(?:here |present )?(?:who (?:wishes|would like) |wishing )?to (?:speak|testify)\b/i,
    maxWords: 30,
  },
  { pattern: /\b(?:file (?:that|the|this) report|receive and file)\b/i, maxWords: 20 },
  {
    pattern:
      /\b(?:call(?:ed|ing)? (?:this|the|our) .{0,60}?\bto order|call(?:ed|ing)? to order (?:the|this|our)|called to order)\b/i,
    maxWords: 24,
  },
  {
    pattern:
      /\b(?:any (?:further |other )?(?:questions|comments|discussion)|seeing none|no (?:further )?(?:questions|comments)|anyone else)\b/i,
    maxWords: 14,
  },
];

/** Meeting procedure (thanks, roll call, seconds, vote calls, greetings) or too short to say anything. */
export function isProcedural(text: string, wordCount = countWords(text)): boolean {
  if (wordCount < 5) return true;
  return PROCEDURAL_RULES.some(
    (rule) => (rule.maxWords === undefined || wordCount <= rule.maxWords) && rule.pattern.test(text),
  );
}

// A sentence the captions cut off: it ends on a word that needs another ("I really want the city of."),
// on a comma or a dash, or without any word after its last comma.
const CUT_OFF =
  /(?:\b(?:of|the|a|an|to|and|or|for|with|by|from|in|on|at|as|that|which|who|is|are|was|our|their|your|my|this|these|if|but|because|than)|[,;:\-–—])\s*[.?!]*$/i;

/** A sentence cut off mid-clause, as said or once tidied ("…in June, as you know."): never a summary sentence. */
export function isCutOff(text: string): boolean {
  return CUT_OFF.test(text.trim()) || CUT_OFF.test(cleanSentence(text));
}

// First-person talk: "I think we need to lock arms", "I get it that people want …".
const FIRST_PERSON_OPINION =
  /^(?:(?:so|and|but|well|now|again|yeah|yes|okay|ok|right|um|uh)[,]?\s+)*(?:i(?:'m| am)? (?:just |really |also |personally )?(?:think|believe|feel|want|wanted|get it|know|hope|guess|appreciate|love|agree|was|telling you)|i really|i mean|i'm telling you|as you're)\b/i;

/** A speaker's opinion or aside rather than the business of the meeting. */
export function isFirstPersonAside(text: string): boolean {
  return FIRST_PERSON_OPINION.test(text.trim());
}

/** Words that mark the business of an agenda item: what the clerk reads, what is decided. */
export const AGENDA_WORDS =
  /\b(?:recommendation|recommends?|ordinance|resolution|council bill|bill for|agenda item|public hearing|report from|relating to|approv(?:e|es|al|ing)|authoriz(?:e|es|ing)|adopt(?:s|ion|ing)?|amend(?:s|ing|ment)?|contracts?|agreements?|budget|appropriat\w*|rezon\w*|zoning|proclamation|declar(?:e|ing)|grants?|funding|award|purchase|execute)\b/gi;

export function agendaWordCount(text: string): number {
  return text.match(AGENDA_WORDS)?.length ?? 0;
}

const SMALL_WORDS = new Set(["of", "and", "the", "for", "de", "la", "van", "von"]);

/** "COUNCILMEMBER REYES" → "Councilmember Reyes"; no label → "Unknown". */
export function displaySpeaker(label: string | null | undefined): string {
  const trimmed = label?.trim();
  if (!trimmed) return "Unknown";
  if (trimmed !== trimmed.toUpperCase()) return trimmed;
  return trimmed
    .toLowerCase()
    .split(/\s+/)
    .map((word, i) =>
      i > 0 && SMALL_WORDS.has(word)
        ? word
        : word.replace(/(^|[-'’.])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase()),
    )
    .join(" ");
}

/**
 * A verbatim prefix of the sentence of at most maxWords words, cut at a
 * clause boundary when possible so the quote still reads naturally.
 */
export function verbatimPrefix(text: string, maxWords: number): string {
  const trimmed = text.trim();
  const words = trimmed.split(/\s+/);
  if (words.length <= maxWords) return trimmed;
  const head = words.slice(0, maxWords).join(" ");
  const clauseEnd = Math.max(head.lastIndexOf(", "), head.lastIndexOf("; "), head.lastIndexOf(": "));
  const cut = clauseEnd > head.length * 0.5 ? head.slice(0, clauseEnd) : head;
  return cut.replace(/[,;:]$/, "");
}

/** At most maxWords words of a cleaned sentence, with an ellipsis when cut. */
const NUMBER_CONTINUES = /^(?:million|billion|thousand|percent|%)\b/i;

/** The first `maxWords` words and "…"; a figure is never cut from its scale ("$245.9 million"). */
export function shorten(text: string, maxWords: number): string {
  const words = text.trim().split(/\s+/);
  if (words.length <= maxWords) return text.trim();
  let end = maxWords;
  while (end < words.length && /\d/.test(words[end - 1]!) && NUMBER_CONTINUES.test(words[end]!)) end += 1;
  if (end >= words.length) return text.trim();
  return `${words
    .slice(0, end)
    .join(" ")
    .replace(/[,;:.]$/, "")}…`;
}
