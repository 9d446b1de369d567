/**
 * ROUGE-1, ROUGE-2 and ROUGE-L F1 (Lin, 2004): lower case, tokens split on
 * anything that is not a letter or digit, no stemming, no stop-word removal.
 */

export type RougeScores = { rouge1: number; rouge2: number; rougeL: number };

export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function ngramCounts(tokens: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const gram = tokens.slice(i, i + n).join(" ");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function f1(overlap: number, candidateTotal: number, referenceTotal: number): number {
  if (overlap === 0 || candidateTotal === 0 || referenceTotal === 0) return 0;
  const precision = overlap / candidateTotal;
  const recall = overlap / referenceTotal;
  return (2 * precision * recall) / (precision + recall);
}

export function rougeN(candidate: string[], reference: string[], n: number): number {
  const candidateCounts = ngramCounts(candidate, n);
  const referenceCounts = ngramCounts(reference, n);
  let overlap = 0;
  for (const [gram, count] of candidateCounts) overlap += Math.min(count, referenceCounts.get(gram) ?? 0);
  return f1(overlap, Math.max(0, candidate.length - n + 1), Math.max(0, reference.length - n + 1));
}

/** Length of the longest common subsequence, in O(n·m) time and O(m) space. */
export function lcsLength(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const tokenA of a) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      current[j] = tokenA === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    previous = current;
  }
  return previous[b.length]!;
}

export function rougeL(candidate: string[], reference: string[]): number {
  return f1(lcsLength(candidate, reference), candidate.length, reference.length);
}

export function rouge(candidateText: string, referenceText: string): RougeScores {
  const candidate = rougeTokens(candidateText);
  const reference = rougeTokens(referenceText);
  return {
    rouge1: rougeN(candidate, reference, 1),
    rouge2: rougeN(candidate, reference, 2),
    rougeL: rougeL(candidate, reference),
  };
}

export function meanScores(scores: RougeScores[]): RougeScores {
  const mean = (pick: (s: RougeScores) => number) =>
    scores.length ? scores.reduce((sum, s) => sum + pick(s), 0) / scores.length : 0;
  return { rouge1: mean((s) => s.rouge1), rouge2: mean((s) => s.rouge2), rougeL: mean((s) => s.rougeL) };
}
