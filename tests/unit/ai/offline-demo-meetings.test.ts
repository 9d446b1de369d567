/**
 * The offline analyzer on the demo meetings every visitor sees first, checked
 * against what the composer knows it wrote: each item's title, the motion
 * made on it and the tally of its vote.
 */
import { describe, expect, it } from "vitest";
import { isVoteItem } from "~/lib/ai/offline/actions";
import { createOfflineProvider } from "~/lib/ai/offline-provider.server";
import type { Analysis, Decision, MotionKind } from "~/lib/ai/schemas";
import { SEED_VIDEOS, type SeedVideo } from "../../../demo/meetings";
import { seedSource } from "../../../demo/sources";
import type { ComposedItem } from "../../../demo/transcripts/compose";

const provider = createOfflineProvider();

/** "I'll move to approve the design …" → "approve the design …": what the motion decides. */
const motionMatter = (motion: string) => motion.replace(/^(?:i'll )?move (?:that we |to )?/i, "");

type Reading = { video: SeedVideo; items: ComposedItem[]; analysis: Analysis; headline: string };

const MOTION_KIND: Array<[RegExp, MotionKind]> = [
  [/^deny\b/i, "deny"],
  [/^(?:postpone|continue|table)\b/i, "postpone"],
  [/^refer\b/i, "refer"],
  [/^adopt\b/i, "adopt"],
];

/**
 * The decisions the composer knows it wrote, standing in for the verified ones the pipeline
 * stores (the verification pass owns which survive): the headline must speak from them.
 */
function composedDecisions(items: ComposedItem[]): Decision[] {
  return items.flatMap((item) => {
    const vote = item.votes.at(-1);
    if (!vote) return [];
    const matter = motionMatter(vote.motion);
    const [ayes, nays] = vote.tally ? vote.tally.split("-").map(Number) : [null, null];
    const span = { text: vote.motion, timestamp: "00:00:00" };
    return [
      {
        item: item.built.title,
        motion: MOTION_KIND.find(([pattern]) => pattern.test(matter))?.[1] ?? "approve",
        result: vote.passed ? "carried" : "failed",
        ayes: ayes ?? null,
        nays: nays ?? null,
        abstain: null,
        absent: null,
        how: null,
        consent_items: [],
        motion_evidence: span,
        result_evidence: span,
      } satisfies Decision,
    ];
  });
}

async function read(video: SeedVideo): Promise<Reading> {
  const input = { transcript: video.transcript!, segments: [], title: video.title, description: video.description };
  const { analysis } = await provider.analyzeTranscript(input);
  const source = seedSource(video.sourceKey);
  const { story } = await provider.writeStory({
    analysis: { ...analysis, decisions: composedDecisions(video.meeting!.items) },
    segments: [],
    title: video.title,
    additionalContext: null,
    source: { sourceType: source.sourceType, sourceTitle: source.title },
    transcript: video.transcript!,
  });
  return { video, items: video.meeting!.items, analysis, headline: story.article.headline };
}

const composed = SEED_VIDEOS.filter((video) => video.meeting && video.transcript);
const readings = await Promise.all(composed.map(read));

const VOTE = /^(?:Item: (.+?)|Motion(?: by [^:]+?)? on (.+?): (.*?))\.? Result: (carried|failed)(?: \(([^)]+)\))?\.$/;
type Vote = { item: string; motion: string; result: string; tally: string | null };

function votesOf(analysis: Analysis): Vote[] {
  return analysis.action_items.filter(isVoteItem).map((action) => {
    const match = VOTE.exec(action.description);
    if (!match) throw new Error(`Unreadable vote: ${action.description}`);
    return { item: match[1] ?? match[2]!, motion: match[3] ?? "", result: match[4]!, tally: match[5] ?? null };
  });
}

const withoutArticle = (text: string) => text.replace(/^(?:the|an?)\s+/i, "");
const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9$ ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const contentWords = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []);

describe("offline analyzer on the composed demo meetings", () => {
  it("has composed meetings with votes to check", () => {
    expect(readings.length).toBeGreaterThanOrEqual(20);
    expect(readings.flatMap((r) => r.items.filter((item) => item.votes.length > 0)).length).toBeGreaterThan(60);
  });

  it.each(readings.map((reading) => [reading.video.key, reading] as const))(
    "%s: one vote action item per voted item, with its own motion and tally",
    (_, { items, analysis }) => {
      const votes = votesOf(analysis);
      for (const item of items.filter((candidate) => candidate.votes.length > 0)) {
        const name = normalized(withoutArticle(item.built.title));
        const own = votes.filter((vote) => normalized(withoutArticle(vote.item)) === name);
        expect(own, `${name} in ${votes.map((v) => v.item).join(" | ")}`).toHaveLength(1);
        const truth = item.votes.at(-1)!;
        const firstWords = normalized(motionMatter(truth.motion)).split(" ").slice(0, 6).join(" ");
        expect(normalized(own[0]!.motion)).toContain(firstWords);
        expect(own[0]!.result).toBe(truth.passed ? "carried" : "failed");
        expect(own[0]!.tally).toBe(truth.tally);
      }
    },
  );

  it.each(readings.map((reading) => [reading.video.key, reading] as const))(
    "%s: no vote on public comment or an item that had none",
    (_, { items, analysis }) => {
      const unvoted = items.filter((item) => item.votes.length === 0).map((i) => withoutArticle(i.built.title));
      for (const vote of votesOf(analysis)) {
        expect(vote.item).not.toMatch(/public comment|roll call|pledge|reports?\b/i);
        expect(unvoted.map(normalized)).not.toContain(normalized(withoutArticle(vote.item)));
      }
    },
  );

  it.each(readings.map((reading) => [reading.video.key, reading] as const))(
    "%s: the headline names a decided item with that item's tally",
    (_, { items, headline }) => {
      expect(headline).not.toMatch(/public comment/i);
      const tally = /, (\d+-\d+)$/.exec(headline)?.[1];
      expect(tally, headline).toBeDefined();
      const said = contentWords(headline);
      const scored = items
        .filter((item) => item.votes.length > 0)
        .map((item) => ({
          item,
          shared: [...contentWords(item.built.title)].filter((word) => said.has(word)).length,
        }))
        .sort((a, b) => b.shared - a.shared);
      const named = scored[0]!;
      expect(named.shared, headline).toBeGreaterThanOrEqual(2);
      expect(named.item.votes.at(-1)!.tally, headline).toBe(tally);
    },
  );

  it.each(readings.map((reading) => [reading.video.key, reading] as const))(
    "%s: the summary gives each main voted item its line with its own outcome, without the chair's lead-in",
    (_, { items, analysis }) => {
      expect(analysis.summary).not.toMatch(/\b(?:let's go to|moving on to|next is|brings us to) item\b/i);
      expect(analysis.summary).not.toMatch(/public comment/i);
      const lines = analysis.summary.split(/(?=Item \d+[a-z]?: )/);
      const voted = items.filter((item) => item.votes.length > 0 && !/consent/i.test(item.built.title));
      const named = voted.filter((item) =>
        lines.some((line) => normalized(line).includes(normalized(withoutArticle(item.built.title)))),
      );
      expect(named.length, analysis.summary).toBeGreaterThanOrEqual(Math.min(voted.length, 4));
      for (const item of named) {
        const line = lines.find((l) => normalized(l).includes(normalized(withoutArticle(item.built.title))))!;
        const truth = item.votes.at(-1)!;
        // What the motion was, then its result: never a bare "The motion carried".
        expect(line, analysis.summary).toMatch(
          new RegExp(
            `The motion to [^.]+ ${truth.passed ? "carried" : "failed"}${truth.tally ? ` ${truth.tally}` : ""}\\.`,
          ),
        );
        expect(line).not.toMatch(/The motion (?:carried|failed)\b/);
      }
    },
  );
});
