/**
 * A story's headline speaks of a vote only as a verified decision does
 * (docs/decisions/0060-decisions-on-the-record.md): a headline whose vote
 * verb or tally no published decision of the analysis backs is replaced by
 * the offline writer's headline for the same analysis, and the story's
 * verification report says so.
 */
import { writeOfflineStory, type OfflineStoryInput } from "./offline/story-writer";
import type { NewsStory } from "./schemas";
import { unbackedHeadlineClaim } from "./verify-decisions";

export type HeadlineReplacement = { original: string; replacement: string; reason: string };

export function withBackedHeadline(
  story: NewsStory,
  input: OfflineStoryInput,
): { story: NewsStory; replaced: HeadlineReplacement | null } {
  const original = story.article.headline;
  const reason = unbackedHeadlineClaim(original, input.analysis.decisions);
  if (!reason) return { story, replaced: null };
  const replacement = writeOfflineStory(input).article.headline;
  // The offline writer's own headline: there is nothing better to put in its place.
  if (replacement === original) return { story, replaced: null };
  return {
    story: { ...story, article: { ...story.article, headline: replacement } },
    replaced: { original, replacement, reason },
  };
}
