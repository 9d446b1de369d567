/**
 * TextRank over sentences: sparse TF-IDF vectors, a cosine-similarity graph
 * and weighted PageRank (damping 0.85).
 */

/** Term ids in ascending order with their weights; L2-normalized. */
export type SparseVector = { ids: Int32Array; weights: Float64Array };

const SUFFIXES: Array<[RegExp, string]> = [
  [/ies$/, "y"],
  [/sses$/, "ss"],
  [/([^su])s$/, "$1"],
  [/(...)ing$/, "$1"],
  [/(...)ed$/, "$1"],
];

/** A very light stemmer: enough to match "votes"/"vote" and "approved"/"approve". */
export function lightStem(word: string): string {
  let stem = word.toLowerCase().replace(/['\u2019]s$/, "");
  if (stem.length <= 3) return stem;
  for (const [suffix, replacement] of SUFFIXES) {
    if (suffix.test(stem)) {
      stem = stem.replace(suffix, replacement);
      break;
    }
  }
  return stem.replace(/e$/, "");
}

/** TF-IDF vectors (sublinear tf, smoothed idf) for documents given as term lists. */
export function tfidfVectors(documents: string[][]): SparseVector[] {
  const vocabulary = new Map<string, number>();
  const documentFrequency: number[] = [];
  const counts = documents.map((terms) => {
    const termCounts = new Map<number, number>();
    for (const term of terms) {
      let id = vocabulary.get(term);
      if (id === undefined) {
        id = vocabulary.size;
        vocabulary.set(term, id);
        documentFrequency.push(0);
      }
      termCounts.set(id, (termCounts.get(id) ?? 0) + 1);
    }
    for (const id of termCounts.keys()) documentFrequency[id]! += 1;
    return termCounts;
  });
  const n = documents.length;
  return counts.map((termCounts) => {
    const entries = [...termCounts.entries()].sort((a, b) => a[0] - b[0]);
    const weights = entries.map(
      ([id, count]) => (1 + Math.log(count)) * (Math.log((1 + n) / (1 + documentFrequency[id]!)) + 1),
    );
    const norm = Math.sqrt(weights.reduce((sum, w) => sum + w * w, 0)) || 1;
    return {
      ids: Int32Array.from(entries.map(([id]) => id)),
      weights: Float64Array.from(weights.map((w) => w / norm)),
    };
  });
}

/** Cosine similarity of two normalized sparse vectors (a merge of sorted ids). */
export function cosine(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let dot = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const left = a.ids[i]!;
    const right = b.ids[j]!;
    if (left === right) dot += a.weights[i++]! * b.weights[j++]!;
    else if (left < right) i++;
    else j++;
  }
  return dot;
}

export type Edge = { to: number; weight: number };

/** Undirected similarity graph; pairs below minSimilarity get no edge. */
export function similarityGraph(vectors: SparseVector[], minSimilarity = 0.05): Edge[][] {
  const graph: Edge[][] = vectors.map(() => []);
  for (let i = 0; i < vectors.length; i++) {
    for (let j = i + 1; j < vectors.length; j++) {
      const weight = cosine(vectors[i]!, vectors[j]!);
      if (weight < minSimilarity) continue;
      graph[i]!.push({ to: j, weight });
      graph[j]!.push({ to: i, weight });
    }
  }
  return graph;
}

/** Weighted PageRank; nodes without edges spread their rank evenly. */
export function pageRank(graph: Edge[][], damping = 0.85, maxIterations = 100, tolerance = 1e-6): number[] {
  const n = graph.length;
  if (n === 0) return [];
  const outWeight = graph.map((edges) => edges.reduce((sum, edge) => sum + edge.weight, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const danglingRank = rank.reduce((sum, r, i) => (outWeight[i] === 0 ? sum + r : sum), 0);
    const next = new Array<number>(n).fill((1 - damping) / n + (damping * danglingRank) / n);
    graph.forEach((edges, from) => {
      if (outWeight[from] === 0) return;
      const share = (damping * rank[from]!) / outWeight[from]!;
      for (const edge of edges) next[edge.to]! += share * edge.weight;
    });
    const change = next.reduce((sum, r, i) => sum + Math.abs(r - rank[i]!), 0);
    rank = next;
    if (change < tolerance) break;
  }
  return rank;
}

/** TextRank scores for documents given as term lists (already stemmed and filtered). */
export function textRank(documents: string[][]): number[] {
  return pageRank(similarityGraph(tfidfVectors(documents)));
}
