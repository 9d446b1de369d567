/**
 * Where a recording is cut for speech-to-text (docs/decisions/0071-speech-to-text.md):
 * chunks of `minSeconds` to `maxSeconds` (10 to 15 minutes), each ending
 * in the middle of the longest silence in that window, so that no word is
 * cut in two; a window without any silence is cut at `maxSeconds`.
 */

/** A stretch of silence, in seconds from the start of the recording. */
export type Silence = { start: number; end: number };

/** One chunk: `index` from 0, `start` (its offset) and `end` in seconds from the start of the recording. */
export type AudioChunk = { index: number; start: number; end: number };

export type ChunkLengths = { minSeconds: number; maxSeconds: number };

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

export function planChunks(duration: number, silences: readonly Silence[], { minSeconds, maxSeconds }: ChunkLengths) {
  const chunks: AudioChunk[] = [];
  let start = 0;
  while (duration - start > maxSeconds) {
    const windowStart = start + minSeconds;
    const windowEnd = start + maxSeconds;
    let best: { at: number; length: number } | null = null;
    for (const silence of silences) {
      // The part of the silence inside the window.
      const from = Math.max(silence.start, windowStart);
      const to = Math.min(silence.end, windowEnd);
      if (to <= from) continue;
      if (!best || to - from > best.length) best = { at: (from + to) / 2, length: to - from };
    }
    const end = round(best ? best.at : windowEnd);
    chunks.push({ index: chunks.length, start: round(start), end });
    start = end;
  }
  chunks.push({ index: chunks.length, start: round(start), end: round(duration) });
  return chunks;
}

/** How much of [start, end] lies in the silences, in seconds. */
export function silentSeconds(start: number, end: number, silences: readonly Silence[]): number {
  let total = 0;
  for (const silence of silences) {
    const from = Math.max(start, silence.start);
    const to = Math.min(end, silence.end);
    if (to > from) total += to - from;
  }
  return total;
}
