/**
 * Deterministic randomness for the demo data: the same seed always gives the
 * same sequence, so every run of the seed writes identical rows.
 */

/** A 32-bit hash of a string (FNV-1a), used to derive seeds from names. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type Rng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  chance(probability: number): boolean;
};

/** Mulberry32, seeded from a number or a string. */
export function createRng(seed: number | string): Rng {
  let state = typeof seed === "string" ? hashString(seed) : seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error("pick() from an empty list");
      return items[int(0, items.length - 1)]!;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    chance: (probability: number) => next() < probability,
  };
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** An invented YouTube-style id of `length` characters derived from `seed`. */
export function fakeYoutubeId(seed: string, length = 11): string {
  const rng = createRng(`id:${seed}`);
  let id = "";
  for (let i = 0; i < length; i++) {
    // Keep the first character alphanumeric so ids never start with '-' or '_'.
    const alphabet = i === 0 ? ID_ALPHABET.slice(0, 62) : ID_ALPHABET;
    id += alphabet[rng.int(0, alphabet.length - 1)];
  }
  return id;
}

/** An invented playlist id: "PL" followed by 32 characters. */
export function fakePlaylistId(seed: string): string {
  const rng = createRng(`playlist:${seed}`);
  const alphabet = ID_ALPHABET.slice(0, 62);
  let id = "PL";
  for (let i = 0; i < 32; i++) id += alphabet[rng.int(0, alphabet.length - 1)];
  return id;
}
