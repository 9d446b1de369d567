/**
 * Invariants of the demo data (demo/): the pure data modules only,
 * no database. The seed is what search, analysis and story pages are
 * demonstrated and tested against, so its promises are checked here: counts,
 * transcript lengths, parseable lines, quotes copied verbatim, figures in
 * stories that were actually said, unique phrases for search tests.
 */
import { describe, expect, it, vi } from "vitest";
import { parseStoredAnalysis, parseStoredStory } from "../../app/lib/ai/stored";
import { ADMIN_EMAIL, MEMBER_EMAIL, SEED_ACCOUNTS } from "#demo/accounts";
import { SEED_ANALYSES, type SeedStory } from "#demo/analyses";
import { SEED_CATEGORIES, SEED_LISTINGS } from "#demo/businesses";
import { SEED_CITIES } from "#demo/cities";
import { SEED_FEEDBACK } from "#demo/feedback";
import { HTML_TEXT_VIDEO_ID, SEARCHABLE_MOMENTS, SEED_VIDEOS } from "#demo/meetings";
import { SEED_SOURCES } from "#demo/sources";
import { AGENDA_ITEMS } from "#demo/transcripts/items";
import { verifySeedRecord } from "#demo/verification";
import { parseTimestampedTranscript, type TranscriptSegment } from "../../app/lib/transcripts/parse";

const liveKeys = new Set(SEED_CITIES.filter((city) => city.status === "Live").map((city) => city.key));
const liveVideos = SEED_VIDEOS.filter((video) => liveKeys.has(video.cityKey));
const videoById = new Map(SEED_VIDEOS.map((video) => [video.videoId, video]));
const segmentsCache = new Map<string, TranscriptSegment[]>();

function segmentsOf(videoId: string): TranscriptSegment[] {
  const cached = segmentsCache.get(videoId);
  if (cached) return cached;
  const transcript = videoById.get(videoId)?.transcript;
  const segments = transcript ? parseTimestampedTranscript(transcript) : [];
  segmentsCache.set(videoId, segments);
  return segments;
}

function transcriptOf(videoId: string): string {
  const transcript = videoById.get(videoId)?.transcript;
  if (!transcript) throw new Error(`no transcript for ${videoId}`);
  return transcript;
}

function toSeconds(timestamp: string): number {
  const [h, m, s] = timestamp.split(":").map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

describe("cities", () => {
  it("has at least 3 Live cities with their own colors, tag lines and icons, plus New and Archive", () => {
    const live = SEED_CITIES.filter((city) => city.status === "Live");
    const styled = live.filter((city) => city.primaryColor && city.secondaryColor);
    expect(styled.length).toBeGreaterThanOrEqual(3);
    expect(new Set(styled.map((city) => city.primaryColor)).size).toBe(styled.length);
    expect(new Set(styled.map((city) => city.secondaryColor)).size).toBe(styled.length);
    expect(new Set(live.map((city) => city.tagLine)).size).toBe(live.length);
    for (const city of live) expect(city.icon.length).toBeGreaterThan(0);
    // One Live city without colors shows the public teal/amber fallback.
    expect(live.some((city) => city.primaryColor === null && city.secondaryColor === null)).toBe(true);
    expect(SEED_CITIES.some((city) => city.status === "New")).toBe(true);
    expect(SEED_CITIES.some((city) => city.status === "Archive")).toBe(true);
  });

  it("uses unique, well-formed location keys and fills the descriptive fields", () => {
    const keys = SEED_CITIES.map((city) => city.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const city of SEED_CITIES) {
      expect(city.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(city.state).toMatch(/^[A-Z]{2}$/);
      expect(city.county).not.toBe("");
      expect(city.description.length).toBeGreaterThan(40);
      expect(city.domain).toMatch(/^[a-z0-9-]+\.(gov|example)$/);
      if (city.primaryColor) expect(city.primaryColor).toMatch(/^#[0-9A-F]{6}$/);
      if (city.secondaryColor) expect(city.secondaryColor).toMatch(/^#[0-9A-F]{6}$/);
    }
  });
});

describe("sources", () => {
  it("are YouTube playlists linked to known cities, with several for at least one Live city", () => {
    const urls = SEED_SOURCES.map((source) => source.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const source of SEED_SOURCES) {
      expect(source.url).toMatch(/^https:\/\/www\.youtube\.com\/playlist\?list=PL[A-Za-z0-9]{32}$/);
      expect(source.contentType).toBe("video");
      expect(SEED_CITIES.some((city) => city.key === source.cityKey)).toBe(true);
    }
    const perLiveCity = [...liveKeys].map((key) => SEED_SOURCES.filter((source) => source.cityKey === key).length);
    expect(Math.max(...perLiveCity)).toBeGreaterThanOrEqual(2);
  });

  it("links videos to every source, so each demo URL's videos table has rows", () => {
    for (const source of SEED_SOURCES) {
      expect(
        SEED_VIDEOS.filter((video) => video.sourceKey === source.key),
        source.key,
      ).not.toHaveLength(0);
    }
  });
});

describe("videos", () => {
  it("has at least 40 videos over the Live cities, more than 20 in one of them", () => {
    expect(liveVideos.length).toBeGreaterThanOrEqual(40);
    const perCity = [...liveKeys].map((key) => liveVideos.filter((video) => video.cityKey === key).length);
    expect(Math.max(...perCity)).toBeGreaterThan(20);
  });

  it("has unique 11-character ids, watch URLs, fixed dates in range and no thumbnails", () => {
    const ids = SEED_VIDEOS.map((video) => video.videoId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const video of SEED_VIDEOS) {
      expect(video.videoId).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(video.videoUrl).toBe(`https://www.youtube.com/watch?v=${video.videoId}`);
      expect(video.thumbnailUrl).toBeNull();
      expect(video.publishedAt.getTime()).toBeGreaterThanOrEqual(Date.parse("2025-06-01T00:00:00Z"));
      expect(video.publishedAt.getTime()).toBeLessThanOrEqual(Date.parse("2026-11-15T23:59:59Z"));
      expect(video.title).toMatch(/ – [A-Z][a-z]+ \d{1,2}, 20\d\d$/);
      expect(video.channelTitle.length).toBeGreaterThan(0);
      expect(SEED_SOURCES.find((source) => source.key === video.sourceKey)?.cityKey).toBe(video.cityKey);
    }
    expect(SEED_VIDEOS.some((video) => video.description === null && video.transcript)).toBe(true);
  });

  it("has transcripts of every length bucket among the Live cities", () => {
    const bucket = (transcript: string | null) => {
      if (transcript === null) return "none";
      const size = bytes(transcript);
      if (size < 100) return "tiny";
      if (size < 1000) return "short";
      if (size < 20_000) return "medium";
      if (size <= 60_000) return "long";
      return "too long";
    };
    const counts: Record<string, number> = {};
    for (const video of liveVideos) counts[bucket(video.transcript)] = (counts[bucket(video.transcript)] ?? 0) + 1;
    expect(counts.none).toBeGreaterThanOrEqual(3);
    expect(counts.tiny).toBeGreaterThanOrEqual(3);
    expect(counts.short).toBeGreaterThanOrEqual(3);
    expect(counts.medium).toBeGreaterThanOrEqual(3);
    expect(counts.long).toBeGreaterThanOrEqual(4);
    expect(counts["too long"]).toBeUndefined();
  });

  it("writes every transcript line as [hh:mm:ss] SPEAKER: text, with increasing times", () => {
    for (const video of SEED_VIDEOS) {
      if (!video.transcript) continue;
      const lines = video.transcript.split("\n");
      for (const line of lines) expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\] [A-Z][A-Z0-9 .'-]*: \S/);
      const segments = segmentsOf(video.videoId);
      expect(segments.length).toBe(lines.length);
      let previous = -1;
      for (const segment of segments) {
        expect(segment.speaker, `${video.key}: ${segment.text}`).not.toBeNull();
        expect(segment.startSeconds).not.toBeNull();
        expect(segment.startSeconds!).toBeGreaterThan(previous);
        previous = segment.startSeconds!;
      }
    }
  });

  it("never puts the same agenda item twice in one meeting, and draws on a library of at least 20 items", () => {
    expect(new Set(AGENDA_ITEMS.map((item) => item.id)).size).toBeGreaterThanOrEqual(20);
    for (const video of SEED_VIDEOS) {
      if (!video.meeting) continue;
      const ids = video.meeting.items.map((item) => item.itemId);
      expect(new Set(ids).size).toBe(ids.length);
      const titles = video.meeting.items.map((item) => item.built.title);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it("is deterministic: loading the modules again gives identical data", async () => {
    vi.resetModules();
    const again = await import("#demo/meetings");
    const strip = (videos: typeof SEED_VIDEOS) =>
      videos.map(({ meeting: _meeting, ...rest }) => ({ ...rest, publishedAt: rest.publishedAt.toISOString() }));
    expect(strip(again.SEED_VIDEOS)).toEqual(strip(SEED_VIDEOS));
    expect(again.SEARCHABLE_MOMENTS).toEqual(SEARCHABLE_MOMENTS);
  });
});

describe("searchable moments", () => {
  const everything = [
    ...SEED_VIDEOS.flatMap((video) => [video.title, video.description ?? "", video.transcript ?? ""]),
    ...SEED_ANALYSES.map((record) => JSON.stringify(record)),
    ...SEED_LISTINGS.map((listing) => `${listing.name} ${listing.description}`),
    ...SEED_FEEDBACK.map((feedback) => feedback.feedbackText),
  ]
    .join("\n")
    .toLowerCase();

  it("lists at least 5 phrases, each said exactly once in all the demo data at the given moment", () => {
    expect(SEARCHABLE_MOMENTS.length).toBeGreaterThanOrEqual(5);
    for (const moment of SEARCHABLE_MOMENTS) {
      expect(countOccurrences(everything, moment.phrase.toLowerCase()), moment.phrase).toBe(1);
      const video = videoById.get(moment.videoId);
      expect(video?.cityKey).toBe(moment.cityKey);
      const segment = segmentsOf(moment.videoId).find((candidate) => candidate.startSeconds === moment.startSeconds);
      expect(segment?.text).toContain(moment.phrase);
      expect(segment?.speaker).toBe(moment.speaker);
    }
  });

  it("has a long enough transcript with markup read into the record", () => {
    const transcript = transcriptOf(HTML_TEXT_VIDEO_ID);
    expect(transcript.length).toBeGreaterThanOrEqual(1000);
    expect(transcript).toContain("<b>");
    expect(transcript).toContain('<script>alert("x")</script>');
  });
});

describe("analyses", () => {
  it("exist for at least 10 videos, all with transcripts of 1,000 characters or more", () => {
    expect(SEED_ANALYSES.length).toBeGreaterThanOrEqual(10);
    for (const record of SEED_ANALYSES) expect(transcriptOf(record.videoId).length).toBeGreaterThanOrEqual(1000);
  });

  it("have the analysis shape and read back as structured analyses", () => {
    for (const { analysis } of SEED_ANALYSES) {
      expect(analysis.summary.length).toBeGreaterThan(100);
      expect(analysis.highlights.length).toBeGreaterThanOrEqual(2);
      expect(analysis.action_items.length).toBeGreaterThan(0);
      expect(analysis.entities.length).toBeGreaterThan(0);
      for (const item of analysis.action_items) {
        expect(item.description.length).toBeGreaterThan(0);
        expect(item.responsible_party.length).toBeGreaterThan(0);
        expect("due_date" in item || "deadline" in item).toBe(true);
      }
      for (const entity of analysis.entities) {
        expect(entity.name && entity.type && entity.context).toBeTruthy();
      }
      const stored = parseStoredAnalysis(JSON.parse(JSON.stringify(analysis)));
      expect(stored && "summary" in stored).toBe(true);
    }
  });

  it("quote every highlight verbatim from the segment at its timestamp, with the segment's speaker", () => {
    for (const record of SEED_ANALYSES) {
      const segments = segmentsOf(record.videoId);
      for (const highlight of record.analysis.highlights) {
        expect(highlight.timestamp).toMatch(/^\d{2}:\d{2}:\d{2}$/);
        const segment = segments.find((candidate) => candidate.startSeconds === toSeconds(highlight.timestamp));
        expect(segment, `${record.videoKey} ${highlight.timestamp}`).toBeDefined();
        expect(highlight.quotes.length).toBeGreaterThan(0);
        for (const quote of highlight.quotes) {
          expect(segment!.text).toContain(quote.text);
          expect(quote.speaker).toBe(segment!.speaker);
        }
      }
    }
  });
});

describe("stories", () => {
  const structured = SEED_ANALYSES.filter((record) => record.story !== null && typeof record.story === "object");
  const legacy = SEED_ANALYSES.filter((record) => typeof record.story === "string");

  it("has at least 6 structured stories and one legacy plain-text story", () => {
    expect(structured.length).toBeGreaterThanOrEqual(6);
    expect(legacy.length).toBe(1);
    for (const record of [...structured, ...legacy]) expect(record.storyGeneratedAt).toBeInstanceOf(Date);
    for (const record of SEED_ANALYSES.filter((r) => r.story === null)) expect(record.storyGeneratedAt).toBeNull();
    const plain = parseStoredStory(legacy[0]!.story);
    expect(plain && "plainText" in plain).toBe(true);
  });

  it("have the story shape and read back as structured stories", () => {
    for (const record of structured) {
      const story = record.story as SeedStory;
      expect(story.article.headline.length).toBeGreaterThan(10);
      expect(story.article.word_count).toBe(story.article.body.split(/\s+/).filter(Boolean).length);
      expect(story.article.primary_focus.length).toBeGreaterThan(0);
      expect(story.sidebar_elements.quick_facts.length).toBeGreaterThanOrEqual(2);
      expect(story.sidebar_elements.background.length).toBeGreaterThan(0);
      expect(typeof story.metadata.follow_up_needed).toBe("boolean");
      expect(story.metadata.next_meeting_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(story.metadata.sources_used.length).toBeGreaterThan(0);
      expect(story.notes.length).toBeGreaterThan(0);
      const stored = parseStoredStory(JSON.parse(JSON.stringify(story)));
      expect(stored && "article" in stored).toBe(true);
    }
  });

  it("quote the transcript verbatim", () => {
    for (const record of structured) {
      const story = record.story as SeedStory;
      const transcript = transcriptOf(record.videoId);
      expect(transcript).toContain(story.sidebar_elements.quote_block.quote);
      const quoted = [...story.article.body.matchAll(/"([^"]+)"/g)].map((match) => match[1]!.replace(/[,.]$/, ""));
      expect(quoted.length).toBeGreaterThan(0);
      for (const quote of quoted) expect(transcript, record.videoKey).toContain(quote);
    }
  });

  it("use only figures that were said in the meeting", () => {
    for (const record of structured) {
      const story = record.story as SeedStory;
      const transcript = transcriptOf(record.videoId);
      const text = [
        story.article.headline,
        story.article.body,
        ...story.sidebar_elements.quick_facts,
        story.sidebar_elements.background,
      ].join("\n");
      for (const figure of text.match(/\d+(?:[.,]\d+)*/g) ?? []) {
        expect(transcript, `${record.videoKey}: ${figure}`).toContain(figure);
      }
    }
  });
});

describe("decisions", () => {
  it("a demo meeting holds a failed veto override and a carried denial, each span verbatim in the line at its time", () => {
    const records = SEED_ANALYSES.filter((record) => (record.analysis.decisions ?? []).length > 0);
    expect(records.length).toBeGreaterThanOrEqual(1);
    const decisions = records.flatMap((record) => record.analysis.decisions!.map((decision) => ({ record, decision })));
    expect(decisions.some(({ decision }) => decision.motion === "override-veto" && decision.result === "failed")).toBe(
      true,
    );
    expect(decisions.some(({ decision }) => decision.motion === "deny" && decision.result === "carried")).toBe(true);
    for (const { record, decision } of decisions) {
      const segments = segmentsOf(record.videoId);
      for (const span of [decision.motion_evidence, decision.result_evidence]) {
        const segment = segments.find((candidate) => candidate.startSeconds === toSeconds(span.timestamp));
        expect(segment?.text, `${record.videoKey} ${span.timestamp}`).toContain(span.text);
      }
      expect(toSeconds(decision.motion_evidence.timestamp)).toBeLessThan(toSeconds(decision.result_evidence.timestamp));
    }
  });
});

describe("verification", () => {
  it("passes every demo analysis and story unchanged: nothing removed, marked or dropped", () => {
    for (const record of SEED_ANALYSES) {
      const reports = verifySeedRecord(
        record,
        SEED_VIDEOS.find((video) => video.key === record.videoKey)!,
      );
      expect(reports.analysis, record.videoKey).toMatchObject({ passed: true, removedQuotes: 0, markedNumbers: 0 });
      if (reports.story)
        expect(reports.story, record.videoKey).toMatchObject({ passed: true, markedQuotes: 0, droppedFacts: 0 });
    }
  });
});

describe("business directory", () => {
  it("has at least 8 parent categories with 2 to 5 sub-categories each", () => {
    const byParent = new Map<string, Set<string>>();
    for (const category of SEED_CATEGORIES) {
      const subs = byParent.get(category.parentCategory) ?? new Set<string>();
      expect(subs.has(category.subCategory)).toBe(false);
      subs.add(category.subCategory);
      byParent.set(category.parentCategory, subs);
    }
    expect(byParent.size).toBeGreaterThanOrEqual(8);
    for (const subs of byParent.values()) {
      expect(subs.size).toBeGreaterThanOrEqual(2);
      expect(subs.size).toBeLessThanOrEqual(5);
    }
  });

  it("has at least 40 listings over every Live city and all three tiers", () => {
    expect(SEED_LISTINGS.length).toBeGreaterThanOrEqual(40);
    for (const key of liveKeys) expect(SEED_LISTINGS.some((listing) => listing.cityKey === key)).toBe(true);
    const tiers = (tier: string) => SEED_LISTINGS.filter((listing) => listing.listingTier === tier).length;
    expect(tiers("Tier 1")).toBeGreaterThanOrEqual(6);
    expect(tiers("Tier 2")).toBeGreaterThanOrEqual(10);
    expect(tiers("Tier 3")).toBeGreaterThan(tiers("Tier 1"));
    expect(SEED_LISTINGS.filter((listing) => /^\d/.test(listing.name)).length).toBeGreaterThanOrEqual(2);
  });

  it("uses unique slugs, fictional contact details and payment ids for paid tiers", () => {
    const keys = SEED_LISTINGS.map((listing) => listing.businessKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const listing of SEED_LISTINGS) {
      expect(liveKeys.has(listing.cityKey)).toBe(true);
      expect(listing.businessKey).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(SEED_CATEGORIES).toContainEqual(listing.category);
      expect(listing.telephone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(listing.imageUrl).toBeNull();
      if (listing.email) expect(listing.email).toMatch(/@([a-z0-9-]+\.example|example\.com)$/);
      if (listing.website) expect(listing.website).toMatch(/\.example$/);
      if (listing.listingTier !== "Tier 3") {
        expect(listing.paymentSubscriptionId).toMatch(/^sub_/);
        expect(listing.paymentCustomerId).toMatch(/^cus_/);
        expect(listing.subscriptionStatus).not.toBeNull();
      }
    }
    expect(SEED_LISTINGS.some((listing) => listing.website && !/^https?:\/\//.test(listing.website))).toBe(true);
    const statuses = new Set(SEED_LISTINGS.map((listing) => listing.subscriptionStatus));
    for (const status of ["active", "trialing", "canceled", null]) expect(statuses.has(status as never)).toBe(true);
  });
});

describe("feedback and accounts", () => {
  it("has about a dozen feedback rows with valid severities and statuses", () => {
    expect(SEED_FEEDBACK.length).toBeGreaterThanOrEqual(10);
    for (const feedback of SEED_FEEDBACK) {
      if (feedback.severity !== null) expect(feedback.severity).toBeGreaterThanOrEqual(1);
      if (feedback.severity !== null) expect(feedback.severity).toBeLessThanOrEqual(5);
      expect(["New", "Active", "Closed"]).toContain(feedback.status);
    }
    expect(SEED_FEEDBACK.some((feedback) => feedback.userEmail === null)).toBe(true);
    expect(SEED_FEEDBACK.some((feedback) => feedback.page === null)).toBe(true);
    expect(new Set(SEED_FEEDBACK.map((feedback) => feedback.status)).size).toBe(3);
  });

  it("has a confirmed admin and a member whose home city is Live", () => {
    const admin = SEED_ACCOUNTS.find((account) => account.email === ADMIN_EMAIL);
    const member = SEED_ACCOUNTS.find((account) => account.email === MEMBER_EMAIL);
    expect(admin?.roles).toContain("admin");
    expect(admin?.username).toBe("admin");
    expect(admin?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(member?.roles).not.toContain("admin");
    expect(liveKeys.has(member?.homeCityKey ?? "")).toBe(true);
  });
});
