/** "1 video", "3 videos" */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** "and 4 more highlights" */
export function andMore(count: number, noun: string, plural = `${noun}s`): string {
  return `and ${count} more ${count === 1 ? noun : plural}`;
}

/** 12345 → "12,345". */
export function formatNumber(count: number): string {
  return count.toLocaleString("en-US");
}
