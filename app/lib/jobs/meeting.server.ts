/**
 * For the meeting analysis and story pages' loaders: opening a meeting
 * queues what is missing (its analysis, then its story; once), and tells
 * where the pipeline stands. A queueing failure never breaks the page.
 */
import { ensurePipelineQueued } from "./enqueue.server";
import { getVideoPipelineStatus, type PipelineStatus } from "./status.server";

export async function openMeetingPipeline(cityVideoId: string): Promise<PipelineStatus | null> {
  try {
    await ensurePipelineQueued(cityVideoId);
  } catch (error) {
    console.error(`Queueing the pipeline of video ${cityVideoId} failed:`, error);
  }
  try {
    return await getVideoPipelineStatus(cityVideoId);
  } catch (error) {
    console.error(`Reading the pipeline status of video ${cityVideoId} failed:`, error);
    return null;
  }
}
