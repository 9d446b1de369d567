/** Placeholder until the ingestion domain lands; replaced at merge. */
export async function requestSourceRefresh(
  urlId: string,
  requestedBy: string | null,
): Promise<{ status: "queued" | "already-queued"; jobId: string | null }> {
  void urlId;
  void requestedBy;
  throw new Error("Source refresh is not available yet");
}
