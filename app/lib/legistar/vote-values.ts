/**
 * What a Legistar vote means, from its value's name ("Aye", "Yea", "In
 * Favor"…), never from its numeric id: ids differ from city to city, and so
 * do some names (docs/decisions/0067-legistar-record.md). A city's own names
 * (its source's `votePatterns`) are looked at first, then the defaults.
 * Names match whatever their case, spacing and punctuation ("in favor",
 * "In-Favor"). A name known to neither maps to null and is kept as sent.
 *
 *   voteValue("Yea")                                  // "yes"
 *   voteValue("Opposed", { no: ["Opposed"] })         // "no"
 */
export const VOTE_VALUES = ["yes", "no", "abstain", "absent", "recused", "present"] as const;
export type VoteValue = (typeof VOTE_VALUES)[number];

export type VotePatterns = Partial<Record<VoteValue, string[]>>;

export const DEFAULT_VOTE_NAMES: Record<VoteValue, string[]> = {
  yes: ["Aye", "Yea", "Yes", "In Favor"],
  no: ["Nay", "No"],
  abstain: ["Abstain", "Abstained"],
  absent: ["Absent", "Excused"],
  recused: ["Recused", "Recusal"],
  present: ["Present"],
};

function normalized(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, "");
}

function lookup(patterns: VotePatterns, name: string): VoteValue | null {
  for (const value of VOTE_VALUES)
    if (patterns[value]?.some((pattern) => normalized(pattern) === name && name !== "")) return value;
  return null;
}

export function voteValue(name: string | null | undefined, cityPatterns: VotePatterns = {}): VoteValue | null {
  if (!name) return null;
  const key = normalized(name);
  return lookup(cityPatterns, key) ?? lookup(DEFAULT_VOTE_NAMES, key);
}
