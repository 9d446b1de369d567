/**
 * Names for unnamed turns, only from what the transcript itself says
 * (docs/decisions/0026). A wrong name is worse than none, so a turn is named
 * only when:
 * - the turn before ends by giving the floor: "Council Member Osman, you're
 *   recognized." / "Council Member Chowdhury." (the next turn is that person),
 * - the turn before ends with "Thank you, Chair." (the next turn is the chair),
 * - the speaker introduces themselves as the chair: "I am Jamal Osman, and I
 *   am the chair" (this turn; and "Chair" later means them),
 * - a roll call names a member ("Cashman?") and the next turn only answers
 *   ("Present.").
 */
import { TITLES } from "./words";

export type Turn = { speaker: string | null; text: string };

const TITLE_PATTERN = TITLES.filter((title) => !title.endsWith("."))
  .map((title) => title.replace(/ /g, "\\s+"))
  .join("|");
const NAME = String.raw`([A-Z][A-Za-z'’-]+)`;
const GIVES_FLOOR = new RegExp(
  String.raw`(?:^|[.!?]\s+)((?:${TITLE_PATTERN})\s+${NAME})(?:,?\s+(?:you(?:'re|’re| are)\s+recognized|you\s+have\s+the\s+floor|go\s+ahead))?[.?!]?$`,
  "i",
);
const THANKS_CHAIR = /(?:^|[.!?]\s+)thank\s+you,?\s+(?:madam\s+|mr\.?\s+)?(vice\s+)?chair[.!]?$/i;
const CHAIR_INTRODUCTION = new RegExp(
  String.raw`\bI\s+am\s+(?:[A-Z][A-Za-z'’-]+\s+)?${NAME},?\s+and\s+(?:I\s+)?am\s+the\s+(vice\s+)?chair\b`,
  "i",
);
const ROLL_CALL_NAME = new RegExp(String.raw`^(?:(?:${TITLE_PATTERN})\s+)?${NAME}[?.,]?$`, "i");
const TAIL_CHARS = 160;
const ANSWER = /^(?:present|here|aye|yes|no|nay)[.!]?$/i;

function startsWithCapital(word: string): boolean {
  return /^[A-Z][a-z]/.test(word);
}

function titleCase(words: string): string {
  return words.replace(/\s+/g, " ").replace(/[A-Za-z]+/g, (word) => word.charAt(0).toUpperCase() + word.slice(1));
}

/** The end of a turn, where the floor is given: enough for a title and a name, and cheap on long turns. */
function lastSentences(text: string): string {
  const tail = text.trim().slice(-TAIL_CHARS);
  if (tail.length < TAIL_CHARS) return tail;
  const sentenceStart = tail.search(/[.!?]\s+\S/);
  return sentenceStart < 0 ? tail : tail.slice(sentenceStart);
}

/** Whether a capitalized word is known to be a name (a bare roll-call name needs more than a capital). */
export type IsName = (word: string) => boolean;

/** Who the turn after this one is, when this turn says so. */
function nextSpeaker(turn: Turn, next: Turn, chair: string | null, isName: IsName): string | null {
  const text = lastSentences(turn.text);
  const floor = GIVES_FLOOR.exec(text);
  if (floor && startsWithCapital(floor[2]!) && !/^thank/i.test(text.slice(floor.index).trim()))
    return titleCase(floor[1]!);
  const thanks = THANKS_CHAIR.exec(text);
  if (thanks) return thanks[1] ? "Vice Chair" : (chair ?? "Chair");
  const called = ROLL_CALL_NAME.exec(text);
  if (called && isName(called[1]!) && ANSWER.test(next.text.trim())) return titleCase(text.replace(/[?.,]$/, ""));
  return null;
}

/** Fills in `speaker` where it is null and the transcript names the person. */
export function nameTurns<T extends Turn>(turns: T[], isName: IsName): T[] {
  let chair: string | null = null;
  for (let i = 0; i < turns.length; i++) {
    const turn = turns[i]!;
    const introduction = CHAIR_INTRODUCTION.exec(turn.text);
    if (introduction && startsWithCapital(introduction[1]!)) {
      chair = `${introduction[2] ? "Vice Chair" : "Chair"} ${introduction[1]!}`;
      turn.speaker ??= chair;
    }
    const next = turns[i + 1];
    if (next && next.speaker === null) next.speaker = nextSpeaker(turn, next, chair, isName);
  }
  return turns;
}
