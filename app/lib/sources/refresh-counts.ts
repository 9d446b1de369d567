/** What a source refresh counts, shared by the job, the CLI and the videos table's notice. */

export type RefreshCounts = {
  found: number;
  new: number;
  updated: number;
  /** Videos the city already had (from another source) that this source lists too. */
  linked: number;
  /** Videos an admin removed from the city: left out. */
  skipped: number;
  failed: number;
};

export const NO_COUNTS: RefreshCounts = { found: 0, new: 0, updated: 0, linked: 0, skipped: 0, failed: 0 };

/**
 * "12 found, 2 new, 1 updated, 3 already stored, now listed here too, 1 removed by an admin, skipped, 0 failed":
 * the last two parts but one only when they are not 0.
 */
export function describeRefreshCounts(counts: RefreshCounts): string {
  const parts = [`${counts.found} found`, `${counts.new} new`, `${counts.updated} updated`];
  if (counts.linked) parts.push(`${counts.linked} already stored, now listed here too`);
  if (counts.skipped) parts.push(`${counts.skipped} removed by an admin, skipped`);
  parts.push(`${counts.failed} failed`);
  return parts.join(", ");
}
