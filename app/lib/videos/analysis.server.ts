/** Re-running the analysis of a meeting (admins, Re-Analyze Meeting). */

export type ReanalysisRequest = { queued: boolean; message: string };

/**
 * PLACEHOLDER — replaced by the AI pipeline work, which queues a new
 * analysis (a job) and answers with what it did.
 */
export async function requestReanalysis(videoId: string): Promise<ReanalysisRequest> {
  void videoId;
  return { queued: false, message: "Re-analysis is not available yet: the analysis pipeline is not connected." };
}
