/**
 * Loads the demo data. The data itself lives in the sibling modules (plain
 * data and deterministic generators); this is the only module that writes.
 * Everything is inserted in one transaction, so a failed seed leaves no
 * half-filled database behind. When to load it is the app's rule
 * (~/lib/db/demo-data.server, docs/decisions/0014).
 */
import { getConnection, getDb } from "~/lib/db/client.server";
import { loadDemoData, loadDemoDataIfPending, type Transaction } from "~/lib/db/demo-data.server";
import {
  analysisRevisions,
  businessCategories,
  businessListings,
  cities,
  citiesUrls,
  cityUrls,
  cityRequests,
  cityVideoSources,
  cityVideos,
  contactSubmissions,
  inboxReplies,
  productFeedback,
  profiles,
  storyRevisions,
  trackedIssues,
  transcriptSegments,
  userRoles,
  users,
} from "~/lib/db/schema";
import { meetingHref, storyHref } from "~/lib/meetings/links";
import { replaceDecisions } from "~/lib/meetings/decisions.server";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { SEED_ACCOUNTS } from "./accounts";
import { SEED_ANALYSES } from "./analyses";
import { storeDemoImages } from "./business-images.server";
import { SEED_CATEGORIES, SEED_LISTINGS } from "./businesses";
import { SEED_CITIES } from "./cities";
import { SEED_FEEDBACK, type SeedFeedbackPage } from "./feedback";
import { SEED_CITY_REQUESTS, SEED_CONTACT_MESSAGES } from "./inbox";
import { SEED_VIDEOS, seedVideo } from "./meetings";
import { verifySeedRecord } from "./verification";
import { SEED_SOURCES } from "./sources";
import { SEED_ISSUES, SOURCE_BODY } from "./issues";
import { regenerateAllIssueSummaries } from "~/lib/issues/regenerate.server";
import {
  legistarBodies,
  legistarEventItems,
  legistarEvents,
  legistarMatterHistories,
  legistarMatters,
  legistarMatterSponsors,
  legistarOfficeRecords,
  legistarPersons,
  legistarVotes,
} from "~/lib/db/schema";
import { matchCityEvents } from "~/lib/legistar/matching.server";
import {
  bodyRecord,
  eventItemRecord,
  eventRecord,
  matterHistoryRecord,
  matterRecord,
  matterSponsorRecord,
  officeRecord,
  personRecord,
  voteRecord,
} from "~/lib/legistar/records";
import {
  getLegislativeSource,
  markSyncStarted,
  markSyncSucceeded,
  saveLegislativeSource,
  upsertRecords,
} from "~/lib/legistar/store.server";
import { refreshAgreements, refreshVoteCopies } from "~/lib/legistar/summaries.server";
import {
  bodyRow,
  eventRow,
  historyRow,
  itemRow,
  localDay,
  matterRow,
  officeRow,
  personRow,
  sponsorRow,
  voteRow,
} from "~/lib/legistar/sync.server";
import type { VotePatterns } from "~/lib/legistar/vote-values";
import { demoLegislativeRecords, type DemoLegislativeRecord } from "./legislative";

/** Rows per INSERT statement for the big tables. */
const CHUNK = 500;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function required<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: no ${what} for ${String(key)}`);
  return value;
}

/** `npm run db:seed`: loads the demo data when the database holds no city yet. */
export async function seedIfEmpty(): Promise<boolean> {
  const [anyCity] = await getDb().select({ id: cities.id }).from(cities).limit(1);
  if (anyCity) return false;
  await seedDemoData();
  return true;
}

/**
 * At start-up: loads the demo data into a database that was created empty,
 * once; `skip` (SEED_DEMO_DATA=false) records that it was declined instead.
 * Returns whether it loaded.
 */
export async function seedDemoDataIfPending({ skip }: { skip: boolean }): Promise<boolean> {
  const loaded = await loadDemoDataIfPending(insertDemoData, { skip });
  if (loaded) await writeDemoIssueSummaries();
  if (loaded) await storeDemoLegislativeRecords();
  return loaded;
}

/** Loads the demo data whatever the database holds (`npm run db:seed`), and records it. */
export async function seedDemoData(): Promise<void> {
  await loadDemoData(insertDemoData);
  await writeDemoIssueSummaries();
  await storeDemoLegislativeRecords();
}

/**
 * The demo cities' official records (demo/legislative.ts), after the
 * transaction: stored as a sync stores what Legistar sends (the sync's row
 * mapping, upsertRecords, the votes' copies and agreements, then the events
 * matched to the videos), which reads and writes outside a transaction. The
 * source is marked synced at the seeding time, so no sync of the fictional
 * client is queued before the refresh interval has passed.
 */
async function storeDemoLegislativeRecords(now = new Date()): Promise<void> {
  const cityRows = await getDb().select({ id: cities.id, key: cities.locationKey }).from(cities);
  const cityIds = new Map(cityRows.map((row) => [row.key, row.id]));
  for (const record of demoLegislativeRecords(localDay(now, "America/Los_Angeles"))) {
    const cityId = cityIds.get(record.cityKey);
    if (cityId) await storeDemoLegislativeRecord(cityId, record, now);
  }
}

/** One demo city's record, stored for the city with this id (the open API's tests store Alder Creek's). */
export async function storeDemoLegislativeRecord(
  cityId: string,
  record: DemoLegislativeRecord,
  now = new Date(),
): Promise<void> {
  await saveLegislativeSource(cityId, { clientId: record.clientId, timeZone: record.timeZone });
  const patterns = ((await getLegislativeSource(cityId))?.votePatterns ?? {}) as VotePatterns;
  await upsertRecords(
    legistarBodies,
    record.bodies.map((raw) => bodyRow(cityId, bodyRecord.parse(raw), raw)),
  );
  await upsertRecords(
    legistarPersons,
    record.persons.map((raw) => personRow(cityId, personRecord.parse(raw), raw)),
  );
  await upsertRecords(
    legistarOfficeRecords,
    record.offices.map((raw) => officeRow(cityId, officeRecord.parse(raw), raw)),
  );
  const events = record.events.map(({ event, items }) => ({
    event: eventRecord.parse(event),
    raw: event,
    items: items.map(({ item, votes }) => ({ item: eventItemRecord.parse(item), raw: item, votes })),
  }));
  await upsertRecords(
    legistarEvents,
    events.map(({ event, raw }) => eventRow(cityId, event, raw)),
  );
  await upsertRecords(
    legistarEventItems,
    events.flatMap(({ event, items }) => items.map(({ item, raw }) => itemRow(cityId, event.EventId, item, raw))),
  );
  await upsertRecords(
    legistarVotes,
    events.flatMap(({ event, items }) =>
      items.flatMap(({ item, votes }) =>
        votes.map((raw) => voteRow(cityId, event, item, voteRecord.parse(raw), raw, patterns)),
      ),
    ),
  );
  for (const { matter, histories, sponsors } of record.matters) {
    const parsed = matterRecord.parse(matter);
    await upsertRecords(legistarMatters, [matterRow(cityId, parsed, matter)]);
    await upsertRecords(
      legistarMatterHistories,
      histories.map((raw) => historyRow(cityId, parsed.MatterId, matterHistoryRecord.parse(raw), raw)),
    );
    await upsertRecords(
      legistarMatterSponsors,
      sponsors.map((raw) => sponsorRow(cityId, parsed.MatterId, matterSponsorRecord.parse(raw), raw)),
    );
    await refreshVoteCopies(cityId, { matter: parsed.MatterId });
  }
  await refreshAgreements(cityId);
  await markSyncStarted(cityId, now);
  await markSyncSucceeded(cityId, now);
  await matchCityEvents(cityId);
}

/**
 * The tracked issues' summaries, by the offline provider, after the
 * transaction (it holds only database work; ADR 0039).
 */
async function writeDemoIssueSummaries(): Promise<void> {
  await regenerateAllIssueSummaries({ offline: true });
}

async function insertDemoData(tx: Transaction): Promise<void> {
  // ------------------------------------------------------------ cities
  const cityRows = await tx
    .insert(cities)
    .values(
      SEED_CITIES.map((city, index) => ({
        name: city.name,
        locationKey: city.key,
        state: city.state,
        county: city.county,
        description: city.description,
        domain: city.domain,
        primaryColor: city.primaryColor,
        secondaryColor: city.secondaryColor,
        imageUrl: null,
        icon: city.icon,
        tagLine: city.tagLine,
        status: city.status,
        createdAt: new Date(Date.UTC(2025, 4, 1 + index, 16)),
        updatedAt: new Date(Date.UTC(2025, 4, 1 + index, 16)),
      })),
    )
    .returning({ id: cities.id, key: cities.locationKey });
  const cityId = new Map(cityRows.map((row) => [row.key, row.id]));

  // ------------------------------------------------------------ sources
  const sourceRows = await tx
    .insert(cityUrls)
    .values(
      SEED_SOURCES.map((source) => ({
        title: source.title,
        url: source.url,
        contentType: source.contentType,
        sourceType: source.sourceType,
        entityType: source.entityType,
        body: SOURCE_BODY[source.body],
        lastRefreshedAt: source.lastRefreshedAt,
        createdAt: new Date("2025-05-15T16:00:00Z"),
        updatedAt: source.lastRefreshedAt ?? new Date("2025-05-15T16:00:00Z"),
      })),
    )
    .returning({ id: cityUrls.id, url: cityUrls.url });
  const urlId = new Map(sourceRows.map((row) => [row.url, row.id]));
  const sourceId = new Map(SEED_SOURCES.map((source) => [source.key, required(urlId, source.url, "source")]));
  await tx.insert(citiesUrls).values(
    SEED_SOURCES.map((source) => ({
      cityId: required(cityId, source.cityKey, "city"),
      urlId: required(sourceId, source.key, "source"),
    })),
  );

  // ------------------------------------------------------------ videos
  const analysisByKey = new Map(SEED_ANALYSES.map((record) => [record.videoKey, record]));
  const videoRows = await tx
    .insert(cityVideos)
    .values(
      SEED_VIDEOS.map((video) => {
        const record = analysisByKey.get(video.key);
        return {
          cityId: required(cityId, video.cityKey, "city"),
          videoId: video.videoId,
          videoUrl: video.videoUrl,
          title: video.title,
          description: video.description,
          transcript: video.transcript,
          thumbnailUrl: video.thumbnailUrl,
          publishedAt: video.publishedAt,
          channelTitle: video.channelTitle,
          analysisResults: record?.analysis ?? null,
          newsStory: record?.story ?? null,
          storyGeneratedAt: record?.storyGeneratedAt ?? null,
          createdAt: video.publishedAt,
          updatedAt: record?.storyGeneratedAt ?? record?.analyzedAt ?? video.publishedAt,
        };
      }),
    )
    .returning({ id: cityVideos.id, videoId: cityVideos.videoId });
  const videoRowId = new Map(videoRows.map((row) => [row.videoId, row.id]));
  await tx.insert(cityVideoSources).values(
    SEED_VIDEOS.map((video) => ({
      cityVideoId: required(videoRowId, video.videoId, "video"),
      cityUrlId: required(sourceId, video.sourceKey, "source"),
      createdAt: video.publishedAt,
    })),
  );

  // ------------------------------------------------------------ transcript segments
  const segmentRows = SEED_VIDEOS.flatMap((video) => {
    if (!video.transcript) return [];
    const id = required(videoRowId, video.videoId, "video");
    return parseTimestampedTranscript(video.transcript).map((segment) => ({
      cityVideoId: id,
      position: segment.position,
      startSeconds: segment.startSeconds,
      endSeconds: segment.endSeconds,
      speaker: segment.speaker,
      text: segment.text,
    }));
  });
  for (const rows of chunks(segmentRows)) await tx.insert(transcriptSegments).values(rows);

  // ------------------------------------------------------------ revisions
  const videoByKey = new Map(SEED_VIDEOS.map((video) => [video.key, video]));
  const reports = new Map(
    SEED_ANALYSES.map((record) => [
      record.videoKey,
      verifySeedRecord(record, required(videoByKey, record.videoKey, "video")),
    ]),
  );
  if (SEED_ANALYSES.length) {
    await tx.insert(analysisRevisions).values(
      SEED_ANALYSES.map((record) => ({
        cityVideoId: required(videoRowId, record.videoId, "video"),
        analysis: record.analysis,
        verification: reports.get(record.videoKey)?.analysis ?? null,
        provider: "seed",
        model: null,
        createdAt: record.analyzedAt,
      })),
    );
  }
  for (const record of SEED_ANALYSES)
    await replaceDecisions(tx, required(videoRowId, record.videoId, "video"), record.analysis);
  const stories = SEED_ANALYSES.filter((record) => record.story !== null);
  if (stories.length) {
    await tx.insert(storyRevisions).values(
      stories.map((record) => ({
        cityVideoId: required(videoRowId, record.videoId, "video"),
        story: record.story,
        additionalContext: null,
        verification: reports.get(record.videoKey)?.story ?? null,
        provider: "seed",
        model: null,
        createdAt: record.storyGeneratedAt ?? record.analyzedAt,
      })),
    );
  }

  // ------------------------------------------------------------ tracked issues
  await tx.insert(trackedIssues).values(
    SEED_ISSUES.map((issue) => ({
      issueKey: issue.issueKey,
      title: issue.title,
      query: issue.query,
      cityIds: issue.cityKeys.map((key) => required(cityId, key, "city")),
      bodies: [...issue.bodies],
      createdAt: new Date("2026-11-01T16:00:00Z"),
      updatedAt: new Date("2026-11-01T16:00:00Z"),
    })),
  );

  // ------------------------------------------------------------ business directory
  const categoryRows = await tx
    .insert(businessCategories)
    .values(SEED_CATEGORIES.map((category) => ({ ...category })))
    .returning({
      id: businessCategories.id,
      parent: businessCategories.parentCategory,
      sub: businessCategories.subCategory,
    });
  const categoryId = new Map(categoryRows.map((row) => [`${row.parent}/${row.sub ?? ""}`, row.id]));
  const demoImages = await storeDemoImages(SEED_LISTINGS);
  await tx.insert(businessListings).values(
    SEED_LISTINGS.map((listing) => ({
      name: listing.name,
      description: listing.description,
      streetAddress: listing.streetAddress,
      postalCode: listing.postalCode,
      telephone: listing.telephone,
      website: listing.website,
      email: listing.email,
      imageUrl: demoImages.get(listing.businessKey) ?? listing.imageUrl,
      latitude: listing.latitude,
      longitude: listing.longitude,
      cityId: required(cityId, listing.cityKey, "city"),
      businessCategory: required(
        categoryId,
        `${listing.category.parentCategory}/${listing.category.subCategory}`,
        "category",
      ),
      listingTier: listing.listingTier,
      businessKey: listing.businessKey,
      userEmail: listing.userEmail,
      subscriptionStatus: listing.subscriptionStatus,
      paymentSubscriptionId: listing.paymentSubscriptionId,
      paymentCustomerId: listing.paymentCustomerId,
      createdAt: listing.createdAt,
      updatedAt: listing.createdAt,
    })),
  );

  // ------------------------------------------------------------ feedback
  const feedbackPage = (page: SeedFeedbackPage | null): string | null => {
    if (page === null || typeof page === "string") return page;
    const video = seedVideo(page.meeting);
    const id = required(videoRowId, video.videoId, "video");
    return page.page === "story" ? storyHref(id, video.cityKey) : meetingHref(id, { cityKey: video.cityKey });
  };
  await tx
    .insert(productFeedback)
    .values(SEED_FEEDBACK.map(({ page, ...feedback }) => ({ ...feedback, pageUrl: feedbackPage(page) })));

  // ------------------------------------------------------------ accounts
  const userRows = await tx
    .insert(users)
    .values(
      SEED_ACCOUNTS.map((account) => ({
        email: account.email,
        emailConfirmedAt: account.emailConfirmedAt,
        createdAt: account.createdAt,
        updatedAt: account.createdAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userId = new Map(userRows.map((row) => [row.email, row.id]));
  await tx.insert(profiles).values(
    SEED_ACCOUNTS.map((account) => {
      const homeCityId = account.homeCityKey ? required(cityId, account.homeCityKey, "city") : null;
      return {
        id: required(userId, account.email, "user"),
        username: account.username,
        preferences: homeCityId ? { home_city_id: homeCityId } : {},
        homeCityKey: account.homeCityKey,
        createdAt: account.createdAt,
        updatedAt: account.createdAt,
      };
    }),
  );
  const roleRows = SEED_ACCOUNTS.flatMap((account) =>
    account.roles.map((role) => ({
      userId: required(userId, account.email, "user"),
      role,
      createdAt: account.createdAt,
    })),
  );
  if (roleRows.length) await tx.insert(userRoles).values(roleRows);

  // ------------------------------------------------------------ inbox (already announced to the admins)
  const messageRows = await tx
    .insert(contactSubmissions)
    .values(
      SEED_CONTACT_MESSAGES.map(({ reply: _reply, ...message }) => ({
        ...message,
        adminNotifiedAt: message.createdAt,
      })),
    )
    .returning({ id: contactSubmissions.id });
  const adminId = required(userId, SEED_ACCOUNTS.find((account) => account.roles.includes("admin"))!.email, "user");
  const replies = SEED_CONTACT_MESSAGES.flatMap((message, index) =>
    message.reply ? [{ ...message.reply, contactSubmissionId: messageRows[index]!.id, sentBy: adminId }] : [],
  );
  if (replies.length) await tx.insert(inboxReplies).values(replies);
  await tx.insert(cityRequests).values(
    SEED_CITY_REQUESTS.map((request) => ({
      ...request,
      adminNotifiedAt: request.createdAt,
      liveNoticeQueuedAt: request.liveNotifiedAt ?? null,
      liveNotifiedAt: request.liveNotifiedAt ?? null,
      cityId: request.liveNotifiedAt
        ? required(cityId, SEED_CITIES.find((city) => city.name === request.cityName)?.key, "city")
        : null,
    })),
  );
}

/** Empties every table of the app (the public schema), so that the demo data can be loaded again. */
export async function resetDatabase(): Promise<void> {
  const connection = getConnection();
  const { rows } = await connection.execute(
    "select tablename from pg_catalog.pg_tables where schemaname = 'public' order by tablename",
  );
  const tables = (rows as { tablename: string }[]).map((row) => `"public"."${row.tablename.replace(/"/g, '""')}"`);
  if (tables.length === 0) return;
  await connection.execute(`truncate table ${tables.join(", ")} restart identity cascade`);
}

/** Row counts of the tables the demo data fills, for the seed script's summary line. */
export async function countDemoRows(): Promise<Record<string, number>> {
  const tables = {
    cities: "cities",
    sources: "city_urls",
    videos: "city_videos",
    segments: "transcript_segments",
    analyses: "analysis_revisions",
    stories: "story_revisions",
    categories: "business_categories",
    listings: "business_listings",
    feedback: "product_feedback",
    users: "users",
    "official meetings": "legistar_events",
    "official votes": "legistar_votes",
  } as const;
  const select = Object.entries(tables)
    .map(([name, table]) => `(select count(*)::int from "${table}") as "${name}"`)
    .join(", ");
  const { rows } = await getConnection().execute(`select ${select}`);
  return (rows[0] ?? {}) as Record<string, number>;
}
