/**
 * Which item of the official agenda each verified transcript decision is
 * about, and whether the two agree (docs/decisions/0075-record-beside-the-transcript.md),
 * without the database:
 *
 *   pairDecisions(decisions, items);
 *   // [{ itemIndex: 2, rule: "number", comparison: { differences: ["tally"], … } }, null]
 *
 * Precision first. Four rules each name at most one item:
 * - "moment": the decision's motion (else result) second falls between the
 *   moment the video takes an item up and the moment it takes up the next
 *   item of the agenda (the last item: no end); when that next item has no
 *   moment the rule names nothing, since the decision may be about it;
 * - "number": the decision's item says "item 7.1";
 * - "matter": the decision's item names the item's matter file;
 * - "title": the decision's item says at least three of the distinctive
 *   words of the item's title, and three in five of its own, and no other
 *   item comes as close.
 * A decision is paired when the rules that name an item all name the same
 * one; rules that name different items pair nothing. Two decisions paired
 * with one item (an amendment, then the vote on the item as amended) are
 * both left unpaired: the record's one action cannot be set against either.
 */
import type { StoredDecision } from "~/lib/meetings/decisions";
import { announcesNumber, distinctiveWords, spokenNumbers, type AgendaItemView } from "./agenda";
import { words } from "./matching";

export type PairingRule = "moment" | "number" | "matter" | "title";

export type PairableDecision = Pick<
  StoredDecision,
  "item" | "result" | "ayes" | "nays" | "motionSecond" | "resultSecond"
>;
export type PairableItem = Pick<AgendaItemView, "number" | "title" | "matterFile" | "passed" | "tally" | "moment">;

/** What the record says against what the transcript says; `differences` is empty when they agree. */
export type RecordComparison = {
  /** The record's result as the transcript's are named, or null when its passed flag is not Pass or Fail. */
  recordResult: "carried" | "failed" | null;
  recordAyes: number | null;
  recordNays: number | null;
  differences: ("result" | "tally")[];
};

export type DecisionPairing = { itemIndex: number; rules: PairingRule[]; comparison: RecordComparison } | null;

function byMoment(decision: PairableDecision, items: PairableItem[]): number | null {
  const second = decision.motionSecond ?? decision.resultSecond;
  if (second === null) return null;
  let found: number | null = null;
  items.forEach((item, index) => {
    if (
      item.moment &&
      item.moment.seconds <= second &&
      (found === null || item.moment.seconds >= items[found]!.moment!.seconds)
    )
      found = index;
  });
  if (found === null) return null;
  const next = items[found + 1];
  if (!next) return found;
  if (!next.moment) return null;
  return next.moment.seconds > second ? found : null;
}

function byNumber(decision: PairableDecision, items: PairableItem[]): number | null {
  const spoken = spokenNumbers(decision.item);
  const found = items.flatMap((item, index) => (announcesNumber(spoken, item.number) ? [index] : []));
  return found.length === 1 ? found[0]! : null;
}

function byMatter(decision: PairableDecision, items: PairableItem[]): number | null {
  const said = ` ${words(decision.item).join(" ")} `;
  const found = items.flatMap((item, index) => {
    const file = words(item.matterFile).join(" ");
    return file && /\d/.test(file) && said.includes(` ${file} `) ? [index] : [];
  });
  return found.length === 1 ? found[0]! : null;
}

function byTitle(decision: PairableDecision, items: PairableItem[]): number | null {
  const said = distinctiveWords(decision.item);
  if (said.length < 3) return null;
  const saidSet = new Set(said);
  const scores = items.map((item) => distinctiveWords(item.title).filter((word) => saidSet.has(word)).length);
  const best = Math.max(0, ...scores);
  if (best < 3 || best < Math.ceil(said.length * 0.6)) return null;
  const at = scores.flatMap((score, index) => (score === best ? [index] : []));
  return at.length === 1 ? at[0]! : null;
}

/** The record's passed flag as a result: "Pass"/"Passed" carried, "Fail"/"Failed" failed. */
export function recordResult(passed: string | null): "carried" | "failed" | null {
  const flag = passed?.trim().toLowerCase();
  if (flag === "pass" || flag === "passed") return "carried";
  if (flag === "fail" || flag === "failed") return "failed";
  return null;
}

/** The ayes and nays of a Legistar tally ("9-3", "9 - 3", "9:3"); null when it does not say them. */
export function recordTally(tally: string | null): { ayes: number; nays: number } | null {
  const match = /^\s*(\d{1,3})\s*[-–:]\s*(\d{1,3})\b/.exec(tally ?? "");
  return match ? { ayes: Number(match[1]), nays: Number(match[2]) } : null;
}

export function compareWithRecord(decision: PairableDecision, item: PairableItem): RecordComparison {
  const result = recordResult(item.passed);
  const tally = recordTally(item.tally);
  const differences: RecordComparison["differences"] = [];
  if (result && result !== decision.result) differences.push("result");
  if (tally && decision.ayes !== null && decision.nays !== null) {
    if (tally.ayes !== decision.ayes || tally.nays !== decision.nays) differences.push("tally");
  }
  return { recordResult: result, recordAyes: tally?.ayes ?? null, recordNays: tally?.nays ?? null, differences };
}

const RULES: [PairingRule, (decision: PairableDecision, items: PairableItem[]) => number | null][] = [
  ["moment", byMoment],
  ["number", byNumber],
  ["matter", byMatter],
  ["title", byTitle],
];

/** Each decision's item of the agenda (in the decisions' order), or null when no rule is sure. */
export function pairDecisions(decisions: PairableDecision[], items: PairableItem[]): DecisionPairing[] {
  const chosen = decisions.map((decision) => {
    const named = RULES.flatMap(([rule, find]) => {
      const index = find(decision, items);
      return index === null ? [] : [{ rule, index }];
    });
    const indexes = new Set(named.map((candidate) => candidate.index));
    return indexes.size === 1 ? { itemIndex: named[0]!.index, rules: named.map((candidate) => candidate.rule) } : null;
  });
  const taken = new Map<number, number>();
  for (const pairing of chosen) if (pairing) taken.set(pairing.itemIndex, (taken.get(pairing.itemIndex) ?? 0) + 1);
  return chosen.map((pairing, index) =>
    pairing && taken.get(pairing.itemIndex) === 1
      ? { ...pairing, comparison: compareWithRecord(decisions[index]!, items[pairing.itemIndex]!) }
      : null,
  );
}

/** What the decision and its paired item say, side by side, as a page shows them (all plain text). */
export type OfficialDecisionView = {
  number: string | null;
  title: string;
  matterFile: string | null;
  action: string | null;
  passed: string | null;
  tally: string | null;
  /** Plain words when the record and the transcript disagree; null when they agree. */
  disagreement: string | null;
};

const TRANSCRIPT_RESULTS: Record<StoredDecision["result"], string> = {
  carried: "carried",
  failed: "failed",
  withdrawn: "withdrawn",
};

/**
 * "The official record differs from the transcript on the tally: the record
 * says 9-3, the transcript 8-4." Null when they agree.
 */
export function disagreementText(decision: PairableDecision, comparison: RecordComparison): string | null {
  if (comparison.differences.length === 0) return null;
  const result = comparison.differences.includes("result");
  const tally = comparison.differences.includes("tally");
  const what = result && tally ? "result and the tally" : result ? "result" : "tally";
  const recordSide = [
    result ? (comparison.recordResult === "carried" ? "passed" : "failed") : null,
    tally ? `${comparison.recordAyes}-${comparison.recordNays}` : null,
  ]
    .filter(Boolean)
    .join(", ");
  const transcriptSide = [
    result ? TRANSCRIPT_RESULTS[decision.result] : null,
    tally ? `${decision.ayes}-${decision.nays}` : null,
  ]
    .filter(Boolean)
    .join(", ");
  return `The official record differs from the transcript on the ${what}: the record says ${recordSide}, the transcript ${transcriptSide}.`;
}

/** The side-by-side view of each decision (null where it is not paired). */
export function officialDecisionViews(
  decisions: PairableDecision[],
  items: AgendaItemView[],
): (OfficialDecisionView | null)[] {
  return pairDecisions(decisions, items).map((pairing, index) => {
    if (!pairing) return null;
    const item = items[pairing.itemIndex]!;
    return {
      number: item.number,
      title: item.title,
      matterFile: item.matterFile,
      action: item.action,
      passed: item.passed,
      tally: item.tally,
      disagreement: disagreementText(decisions[index]!, pairing.comparison),
    };
  });
}
