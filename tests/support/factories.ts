import { randomBytes } from "node:crypto";
import { SEED_ANALYSES } from "#demo/analyses";
import { HTML_TEXT_VIDEO_ID, SEARCHABLE_MOMENTS, seedVideo } from "#demo/meetings";
import { signIn } from "~/lib/auth/session.server";
import { ADMIN_ROLE, createUser, grantRole } from "~/lib/auth/users.server";
import { getDb } from "~/lib/db/client.server";
import {
  analysisRevisions,
  businessListings,
  cities,
  citiesUrls,
  cityUrls,
  cityVideoSources,
  cityVideos,
  storyRevisions,
} from "~/lib/db/schema";
import { storeTranscript } from "~/lib/transcripts/store.server";
import { replaceDecisions } from "~/lib/meetings/decisions.server";
import { isPlainText, parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import { verifyAnalysis, verifyStory } from "~/lib/ai/verify";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";

/**
 * The one place where tests create rows, for the integration tests (their
 * own database per file) and for the e2e server (through
 * tests/e2e/test-data-server.ts, in the server's process). Everything gets a
 * name of its own, so that tests sharing a database never meet.
 */

let sequence = 0;

/** A name no other test uses, even in another process sharing the database. */
function unique(prefix: string): string {
  return `${prefix}-${++sequence}-${randomBytes(3).toString("hex")}`;
}

/** An id shaped like the video site's (11 characters of [A-Za-z0-9_-]), so that the app treats it as one. */
function uniqueVideoId(): string {
  return randomBytes(8).toString("base64url");
}

export type CityOptions = {
  name?: string;
  /** A unique one when absent. */
  locationKey?: string;
  /** "New", "Live" or "Inactive"; anything else is for testing the check constraint. */
  status?: string;
  tagLine?: string;
  /** Hex colors; the schema's defaults when absent. */
  primaryColor?: string;
  secondaryColor?: string;
  /** The banner picture's address. */
  imageUrl?: string | null;
};

/** A city; "New" unless asked, so that it is in neither the landing picker nor the all-cities search. */
export async function createCity({
  name,
  locationKey = unique("testville"),
  status,
  tagLine,
  primaryColor,
  secondaryColor,
  imageUrl,
}: CityOptions = {}) {
  const [city] = await getDb()
    .insert(cities)
    .values({
      name: name ?? `Testville ${sequence}`,
      locationKey,
      status,
      tagLine,
      primaryColor,
      secondaryColor,
      imageUrl,
    })
    .returning();
  return city!;
}

export type SourceOptions = {
  title?: string | null;
  /** A unique playlist link when absent. */
  url?: string;
  contentType?: string;
  sourceType?: string;
  /** The public body that meets in it (city_urls.body): "city", "school", "county"; unknown when absent. */
  body?: "city" | "school" | "county" | null;
};

/** A source of the city (a `city_urls` row linked to it through `cities_urls`). */
export async function createCitySource(
  cityId: string,
  { title = "Council meetings", url, contentType = "video", sourceType = "youtube", body = null }: SourceOptions = {},
) {
  const db = getDb();
  const [source] = await db
    .insert(cityUrls)
    .values({
      title,
      url: url ?? `https://www.youtube.com/playlist?list=${unique("PL")}`,
      contentType,
      sourceType,
      body,
    })
    .returning();
  await db.insert(citiesUrls).values({ cityId, urlId: source!.id });
  return source!;
}

/**
 * A demo meeting whose transcript is long enough to analyze and whose
 * structured analysis and story fit it; none of the demo search moments, so
 * that copies never add results to the searches the specs count.
 */
const SAMPLE = (() => {
  const excluded = new Set([HTML_TEXT_VIDEO_ID, ...SEARCHABLE_MOMENTS.map((moment) => moment.videoId)]);
  const record = SEED_ANALYSES.find(
    (candidate) => typeof candidate.story === "object" && candidate.story !== null && !excluded.has(candidate.videoId),
  );
  if (!record) throw new Error("The demo data holds no analyzed meeting with a structured story");
  return { transcript: seedVideo(record.videoKey).transcript!, analysis: record.analysis, story: record.story };
})();

/** The transcript of an analyzable demo meeting (in "SPEAKER: text" lines with timestamps). */
export const SAMPLE_TRANSCRIPT: string = SAMPLE.transcript;

/** A source URL (a `city_urls` row) linked to the given cities. */
export async function createSourceUrl({ url, cityIds }: { url: string; cityIds: string[] }) {
  const [source] = await getDb()
    .insert(cityUrls)
    .values({ url, contentType: "video", sourceType: "youtube" })
    .returning();
  for (const cityId of cityIds) await getDb().insert(citiesUrls).values({ cityId, urlId: source!.id });
  return source!;
}

export type MeetingOptions = {
  /** The city; a new one of its own when absent. */
  cityId?: string;
  /** Stored as the app stores it (text and segments); the sample transcript when absent, none when null. */
  transcript?: string | null;
  /** The sample analysis (needs a transcript), as the current one and its first revision. */
  analysis?: boolean;
  /** The sample story (needs the analysis), as the current one and its first revision. */
  story?: boolean;
  /** The video site's id; a unique one of the same shape when absent. */
  videoId?: string;
  videoUrl?: string | null;
  /** A source of the city (a `city_urls` row) that lists it (a row of city_video_sources). */
  cityUrlsId?: string;
  title?: string;
  description?: string | null;
  channelTitle?: string | null;
  /** The video site's picture of the video. */
  thumbnailUrl?: string | null;
  publishedAt?: Date;
  /** How the analysis and story were made: their revisions' provider, model, report (default: the seed's, unchecked). */
  made?: MadeOptions;
};

export type MadeOptions = {
  provider: string;
  model?: string | null;
  createdAt?: string;
  /** Content in place of the sample's. */
  analysis?: unknown;
  story?: unknown;
  analysisVerification?: unknown;
  storyVerification?: unknown;
  additionalContext?: string;
};

/** A meeting (a `city_videos` row) with as much of the pipeline done as asked. */
export async function createMeeting({
  cityId,
  transcript = SAMPLE.transcript,
  analysis = false,
  story = false,
  videoId,
  videoUrl,
  cityUrlsId,
  title = "Council meeting",
  description,
  channelTitle,
  thumbnailUrl,
  publishedAt,
  made,
}: MeetingOptions = {}) {
  if (story && !analysis) throw new Error("A story needs an analysis");
  if (analysis && !transcript) throw new Error("An analysis needs a transcript");
  const db = getDb();
  const analysisContent = made?.analysis ?? SAMPLE.analysis;
  const storyContent = made?.story ?? SAMPLE.story;
  const revision = {
    provider: made?.provider ?? "seed",
    model: made?.model ?? null,
    createdAt: made?.createdAt ? new Date(made.createdAt) : undefined,
  };
  const [meeting] = await db
    .insert(cityVideos)
    .values({
      cityId: cityId ?? (await createCity()).id,
      videoId: videoId ?? uniqueVideoId(),
      videoUrl,
      title,
      description,
      channelTitle,
      thumbnailUrl,
      publishedAt: publishedAt ?? new Date(),
      analysisResults: analysis ? analysisContent : null,
      newsStory: story ? storyContent : null,
      storyGeneratedAt: story ? new Date() : null,
    })
    .returning();
  const meetingId = meeting!.id;
  if (cityUrlsId) await db.insert(cityVideoSources).values({ cityVideoId: meetingId, cityUrlId: cityUrlsId });
  if (transcript) await storeTranscript(meetingId, transcript);
  if (analysis)
    await db.insert(analysisRevisions).values({
      ...revision,
      cityVideoId: meetingId,
      analysis: analysisContent,
      verification: made?.analysisVerification,
    });
  if (analysis) await replaceDecisions(db, meetingId, analysisContent);
  if (story)
    await db.insert(storyRevisions).values({
      ...revision,
      cityVideoId: meetingId,
      story: storyContent,
      verification: made?.storyVerification,
      additionalContext: made?.additionalContext,
    });
  return meeting!;
}

/**
 * A confirmed user (an admin when asked) signed in the way the app signs
 * people in: `cookie` is the session cookie's `name=value`.
 */
export async function createSignedInUser({ role, origin }: { role: "member" | "admin"; origin: string }) {
  const email = `${unique(role)}@example.com`;
  const user = await createUser({ email, emailConfirmed: true });
  if (role === "admin") await grantRole(email, ADMIN_ROLE);
  const response = await signIn(new Request(`${origin}/auth`), user.id, "/", { title: "Welcome back!" });
  const sessionCookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => pair.startsWith("gavel_session="));
  if (!sessionCookie) throw new Error("Signing in set no session cookie");
  return { id: user.id, email: user.email, cookie: sessionCookie };
}

export type BusinessListingInput = {
  name: string;
  description?: string;
  listingTier?: "Tier 1" | "Tier 2" | "Tier 3";
  imageUrl?: string | null;
  /** Where it is: a listing with both shows a map. */
  latitude?: number | null;
  longitude?: number | null;
};

/** Business listings of a city, one per name (Tier 3 unless given), each with a unique key. */
export async function createBusinessListings(cityId: string, listings: BusinessListingInput[]) {
  if (listings.length === 0) return [];
  return getDb()
    .insert(businessListings)
    .values(listings.map((listing) => ({ ...listing, cityId, businessKey: unique("business") })))
    .returning();
}

export type BusinessListingOptions = Partial<BusinessListingInput> & { cityId: string };

/** A business listing in the city, Premium unless asked. */
export async function createBusinessListing({
  cityId,
  name = unique("Test Shop"),
  listingTier = "Tier 1",
  ...rest
}: BusinessListingOptions) {
  const [listing] = await createBusinessListings(cityId, [{ name, listingTier, ...rest }]);
  return listing!;
}

/**
 * The sample analysis after the app's verification pass over the sample
 * transcript, with its report: content whose highlight quotes are verified,
 * for `createMeeting({ analysis: true, made: { provider, analysis, analysisVerification } })`.
 */
export function verifiedSampleAnalysis() {
  const parsed = parseStoredAnalysis(SAMPLE.analysis);
  if (!parsed || isPlainText(parsed)) throw new Error("The sample analysis is not structured");
  return verifyAnalysis(parsed, parseTimestampedTranscript(SAMPLE.transcript), SAMPLE.transcript, null);
}

/** The sample story after the verification pass (against the verified sample analysis), with its report. */
export function verifiedSampleStory() {
  const parsed = parseStoredStory(SAMPLE.story);
  if (!parsed || isPlainText(parsed)) throw new Error("The sample story is not structured");
  const segments = parseTimestampedTranscript(SAMPLE.transcript);
  return verifyStory(parsed, {
    segments,
    transcript: SAMPLE.transcript,
    title: null,
    analysis: verifiedSampleAnalysis().analysis,
  });
}
