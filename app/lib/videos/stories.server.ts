/** Rewriting and regenerating a meeting's news story (admins, story page). */

export type StoryRequest = { queued: boolean; message: string };

/**
 * PLACEHOLDER — replaced by the AI pipeline work: rewrites the current story
 * with the editor's extra context (the story manager's additionalContext).
 */
export async function requestStoryRewrite(videoId: string, additionalContext: string | null): Promise<StoryRequest> {
  void videoId;
  void additionalContext;
  return { queued: false, message: "Story rewriting is not available yet: the story pipeline is not connected." };
}

/**
 * PLACEHOLDER — replaced by the AI pipeline work: writes a new story from
 * the stored analysis results.
 */
export async function requestStoryRegeneration(videoId: string): Promise<StoryRequest> {
  void videoId;
  return { queued: false, message: "Story regeneration is not available yet: the story pipeline is not connected." };
}
