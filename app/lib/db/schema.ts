import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The whole data model, including the tables of the planned directory and
 * feedback pages (docs/product.md#routes-planned); keys, constraints and
 * defaults: docs/decisions/0006-data-model.md.
 * Allowed values are kept in `app/lib/constants.ts` so that forms,
 * validation and CHECK constraints agree.
 */

const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- cities

export const cities = pgTable(
  "cities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    locationKey: text("location_key").notNull().unique("cities_location_key_key"),
    state: text("state").notNull().default("CA"),
    county: text("county"),
    description: text("description"),
    domain: text("domain"),
    // Admin-created cities get the blue defaults; the public
    // pages fall back to teal/amber when a city has no color at all
    // (docs/decisions/0003-city-color-defaults.md).
    primaryColor: text("primary_color").default("#3B82F6"),
    secondaryColor: text("secondary_color").default("#1E40AF"),
    imageUrl: text("image_url"),
    icon: text("icon"),
    tagLine: text("tag_line"),
    status: text("status").notNull().default("New"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("cities_status_name_idx").on(t.status, t.name),
    index("cities_name_idx").on(t.name),
    check("cities_status_check", sql`${t.status} in ('New', 'Test', 'Live', 'Archive')`),
    check("cities_location_key_format", sql`${t.locationKey} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * A visitor's request for coverage of a city; read and answered in the admin
 * inbox (docs/decisions/0053-admin-inbox.md). `cityId` is the city it was
 * matched or linked to; the requester is mailed once when that city is
 * Live (`liveNoticeQueuedAt` marks the mail queued, `liveNotifiedAt` sent).
 */
export const cityRequests = pgTable(
  "city_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    state: text("state").notNull(),
    cityName: text("city_name").notNull(),
    /** Null once the member who sent it deleted their account (anonymised, docs/decisions/0006). */
    email: text("email"),
    status: text("status").notNull().default("New"),
    cityId: uuid("city_id").references(() => cities.id, { onDelete: "set null" }),
    /** When the admins' notice of its arrival was accepted by the mail server. */
    adminNotifiedAt: timestamp("admin_notified_at", { withTimezone: true }),
    liveNoticeQueuedAt: timestamp("live_notice_queued_at", { withTimezone: true }),
    liveNotifiedAt: timestamp("live_notified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("city_requests_created_idx").on(t.createdAt.desc(), t.id),
    index("city_requests_city_idx").on(t.cityId),
    check("city_requests_status_check", sql`${t.status} in ('New', 'Answered', 'Closed')`),
  ],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null once the member who sent it deleted their account. */
    email: text("email"),
    phone: text("phone"),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    status: text("status").notNull().default("New"),
    /** When the admins' notice of its arrival was accepted by the mail server. */
    adminNotifiedAt: timestamp("admin_notified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_submissions_created_idx").on(t.createdAt.desc(), t.id),
    check("contact_submissions_status_check", sql`${t.status} in ('New', 'Answered', 'Closed')`),
  ],
);

/**
 * An admin's e-mail reply to a contact message or a city request, as sent
 * (docs/decisions/0053-admin-inbox.md): who sent it and when. The address it
 * went to is the message's own, not kept here.
 */
export const inboxReplies = pgTable(
  "inbox_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contactSubmissionId: uuid("contact_submission_id").references(() => contactSubmissions.id, {
      onDelete: "cascade",
    }),
    cityRequestId: uuid("city_request_id").references(() => cityRequests.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The admin who sent it; null once their account is deleted. */
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inbox_replies_contact_idx").on(t.contactSubmissionId, t.sentAt),
    index("inbox_replies_request_idx").on(t.cityRequestId, t.sentAt),
    index("inbox_replies_sent_by_idx").on(t.sentBy),
    check("inbox_replies_one_message", sql`(${t.contactSubmissionId} is null) <> (${t.cityRequestId} is null)`),
  ],
);

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    /** The language the member chose for the site ("en", "es"; app/lib/i18n), or null: the browser's then decides. */
    locale: text("locale"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

export const passwords = pgTable("passwords", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** `scrypt$N$r$p$salt$hash`, all base64url; see app/lib/auth. */
  hash: text("hash").notNull(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** What the code proves: sign-in, sign-up or confirming an address. */
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_codes_email_idx").on(sql`lower(${t.email})`, t.purpose, t.createdAt.desc()),
    index("verification_codes_expires_at_idx").on(t.expiresAt),
  ],
);

/** Fixed-window counters for abuse limits (codes sent, sign-in attempts). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username"),
    preferences: jsonb("preferences")
      .$type<{ home_city_id?: string | null } & Record<string, unknown>>()
      .notNull()
      .default({}),
    homeCityKey: text("home_city_key").references(() => cities.locationKey, {
      onDelete: "set null",
      onUpdate: "cascade",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("profiles_username_key").on(sql`lower(${t.username})`)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_roles_user_id_role_key").on(t.userId, t.role)],
);

// ---------------------------------------------------------------- businesses

export const businessCategories = pgTable(
  "business_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    parentCategory: text("parent_category").notNull(),
    subCategory: text("sub_category"),
  },
  (t) => [uniqueIndex("business_categories_parent_sub_key").on(t.parentCategory, sql`coalesce(${t.subCategory}, '')`)],
);

export const businessListings = pgTable(
  "business_listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    streetAddress: text("street_address"),
    postalCode: text("postal_code"),
    telephone: text("telephone"),
    website: text("website"),
    email: text("email"),
    imageUrl: text("image_url"),
    cityId: uuid("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    businessCategory: uuid("business_category").references(() => businessCategories.id, { onDelete: "set null" }),
    listingTier: text("listing_tier").notNull().default("Tier 3"),
    businessKey: text("business_key").notNull(),
    userEmail: text("user_email"),
    subscriptionStatus: text("subscription_status"),
    paymentSubscriptionId: text("payment_subscription_id"),
    paymentCustomerId: text("payment_customer_id"),
    /** Where the address is, for the detail page's map (WGS 84 degrees); null when not known. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /**
     * The directory's letter bucket of the name: "A"–"Z" (accents dropped:
     * "Élan" is E), "0-9", or null for anything else. Computed by the
     * database (drizzle/0005) so that every query filters the same way;
     * `letterOf` in app/lib/businesses/listing.ts is the same rule.
     */
    nameLetter: text("name_letter").generatedAlwaysAs(sql`business_name_letter(name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("business_listings_business_key_key").on(t.businessKey),
    index("business_listings_letter_name_idx").on(t.nameLetter, t.name),
    // Trigram indexes (pg_trgm, drizzle/0006) answer the directories' "contains" searches (ILIKE '%…%').
    index("business_listings_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("business_listings_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
    index("business_listings_city_tier_name_idx").on(t.cityId, t.listingTier, t.name),
    index("business_listings_tier_name_idx").on(t.listingTier, t.name),
    index("business_listings_name_idx").on(t.name),
    index("business_listings_category_idx").on(t.businessCategory),
    check("business_listings_tier_check", sql`${t.listingTier} in ('Tier 1', 'Tier 2', 'Tier 3')`),
    check(
      "business_listings_coordinates_check",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
  ],
);

// ---------------------------------------------------------------- sources and videos

export const cityUrls = pgTable(
  "city_urls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title"),
    url: text("url").notNull(),
    contentType: text("content_type").notNull().default("video"),
    sourceType: text("source_type").notNull().default("website"),
    entityType: text("entity_type").notNull().default("Unknown"),
    /** Which public body meets in this source's videos (issue timelines' chips, alerts' source type); null: unknown. */
    body: text("body"),
    lastRefreshedAt: timestamp("last_refreshed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("city_urls_url_idx").on(t.url),
    check("city_urls_body_check", sql`${t.body} in ('city', 'county', 'school')`),
  ],
);

export const citiesUrls = pgTable(
  "cities_urls",
  {
    cityId: uuid("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    urlId: uuid("url_id")
      .notNull()
      .references(() => cityUrls.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.urlId] }), index("cities_urls_url_id_idx").on(t.urlId)],
);

export const cityVideos = pgTable(
  "city_videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cityId: uuid("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    videoId: text("video_id").notNull(),
    videoUrl: text("video_url"),
    title: text("title"),
    description: text("description"),
    transcript: text("transcript"),
    /**
     * Which speech-to-text engine and model made the transcript; both null
     * for captions and uploaded or pasted transcripts
     * (docs/decisions/0083-recordings-for-transcription.md).
     */
    transcriptEngine: text("transcript_engine"),
    transcriptModel: text("transcript_model"),
    thumbnailUrl: text("thumbnail_url"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    channelTitle: text("channel_title"),
    /** An analysis (summary, highlights, action items, entities); see app/lib/ai. */
    analysisResults: jsonb("analysis_results").$type<unknown>(),
    /** A news story (article, sidebar, metadata), or a plain string for legacy stories. */
    newsStory: jsonb("news_story").$type<unknown>(),
    storyGeneratedAt: timestamp("story_generated_at", { withTimezone: true }),
    /** Set when an admin edits the video: a refresh then leaves its title and description alone. */
    editedByAdminAt: timestamp("edited_by_admin_at", { withTimezone: true }),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')`,
    ),
    /**
     * Every word of the transcript's segments, without positions: the
     * candidate filter of search (docs/decisions/0031-search-at-scale.md).
     * Kept by triggers on transcript_segments (drizzle/0004), never written
     * by the app.
     */
    transcriptVector: tsvector("transcript_vector"),
    /**
     * What search ranks a meeting on besides its transcript: its title
     * (weight A), its decisions and the official record's agenda items (B),
     * its entities and description (C) (docs/decisions/0081-search-relevance.md).
     * Kept by triggers (drizzle/0022), never written by the app.
     */
    fieldsVector: tsvector("fields_vector"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("city_videos_city_id_video_id_key").on(t.cityId, t.videoId),
    index("city_videos_city_published_idx").on(t.cityId, t.publishedAt.desc().nullsLast()),
    index("city_videos_published_idx").on(t.publishedAt.desc().nullsLast()),
    index("city_videos_search_idx").using("gin", t.searchVector),
    index("city_videos_transcript_vector_idx").using("gin", t.transcriptVector),
    index("city_videos_fields_vector_idx").using("gin", t.fieldsVector),
  ],
);

/**
 * The words search knows (docs/decisions/0081-search-relevance.md): every
 * lexeme of the meetings' fields and transcripts, with its accents removed
 * (`plain`, unaccent), so that a misspelled or unaccented query word finds
 * the word the record uses through the trigram index. Added to by triggers
 * on city_videos (drizzle/0022); never deleted from (a word no meeting says
 * any more finds nothing, and is never suggested).
 */
export const searchLexicon = pgTable(
  "search_lexicon",
  {
    word: text("word").primaryKey(),
    plain: text("plain").notNull(),
  },
  (t) => [
    index("search_lexicon_plain_idx").on(t.plain),
    index("search_lexicon_plain_trgm_idx").using("gin", t.plain.op("gin_trgm_ops")),
  ],
);

/**
 * The sources that list a video: every source (a channel's uploads, a
 * playlist) whose refresh found it, so that a meeting in both belongs to
 * both and the body (city_urls.body) of each applies to it
 * (docs/decisions/0047-sources-and-removed-videos.md). Rows go with the
 * video and with the source.
 */
export const cityVideoSources = pgTable(
  "city_video_sources",
  {
    cityVideoId: uuid("city_video_id")
      .notNull()
      .references(() => cityVideos.id, { onDelete: "cascade" }),
    cityUrlId: uuid("city_url_id")
      .notNull()
      .references(() => cityUrls.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cityVideoId, t.cityUrlId] }),
    index("city_video_sources_url_idx").on(t.cityUrlId, t.cityVideoId),
  ],
);

/**
 * A video an admin deleted from a city, by the video site's id: every
 * refresh skips it until an admin restores it, which brings it back from
 * what is kept here (its listing and the sources that listed it) as a new
 * video (docs/decisions/0047-sources-and-removed-videos.md).
 */
export const deletedVideos = pgTable(
  "deleted_videos",
  {
    cityId: uuid("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    videoId: text("video_id").notNull(),
    title: text("title"),
    description: text("description"),
    videoUrl: text("video_url"),
    thumbnailUrl: text("thumbnail_url"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    channelTitle: text("channel_title"),
    /** The city_urls that listed it when it was deleted (no foreign key: a source may go meanwhile). */
    sourceIds: uuid("source_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.videoId] })],
);

/**
 * The transcript cut into timed segments so that search can point at the
 * moment words were said. `city_videos.transcript` stays the source text.
 */
export const transcriptSegments = pgTable(
  "transcript_segments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    cityVideoId: uuid("city_video_id")
      .notNull()
      .references(() => cityVideos.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    startSeconds: real("start_seconds"),
    endSeconds: real("end_seconds"),
    speaker: text("speaker"),
    text: text("text").notNull(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, coalesce(speaker, '') || ' ' || text)`,
    ),
  },
  (t) => [
    uniqueIndex("transcript_segments_video_position_key").on(t.cityVideoId, t.position),
    index("transcript_segments_search_idx").using("gin", t.searchVector),
  ],
);

/**
 * A meeting's transcripts by where they came from, kept side by side
 * (issue 30, docs/decisions/0089-captions-and-speech-to-text.md): the
 * captions and the speech-to-text transcript, one of each, with their
 * segments. The one in use is also city_videos.transcript and its
 * transcript_segments, which everything reads; an admin chooses the other
 * on the recording page and neither is lost. An uploaded or pasted
 * transcript is none of these (it leaves both kept, neither in use).
 */
export const transcriptVersions = pgTable(
  "transcript_versions",
  {
    cityVideoId: uuid("city_video_id")
      .notNull()
      .references(() => cityVideos.id, { onDelete: "cascade" }),
    /** `captions` or `speech`. */
    kind: text("kind").notNull(),
    transcript: text("transcript").notNull(),
    segments: jsonb("segments")
      .$type<{ startSeconds: number | null; endSeconds: number | null; speaker: string | null; text: string }[]>()
      .notNull(),
    /** Speech-to-text's engine and model; null for captions. */
    engine: text("engine"),
    model: text("model"),
    inUse: boolean("in_use").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cityVideoId, t.kind] }),
    check("transcript_versions_kind_check", sql`${t.kind} in ('captions', 'speech')`),
  ],
);

/**
 * The current analysis's verified decisions as rows, rewritten in the
 * transaction that stores the analysis (docs/decisions/0060-decisions-on-the-record.md),
 * so that pages, the API, the feed, alerts, issue timelines and the desk read
 * the same ones. Seconds are null when the transcript has no times.
 */
export const meetingDecisions = pgTable(
  "meeting_decisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    cityVideoId: uuid("city_video_id")
      .notNull()
      .references(() => cityVideos.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    item: text("item").notNull(),
    motion: text("motion").notNull(),
    result: text("result").notNull(),
    ayes: integer("ayes"),
    nays: integer("nays"),
    abstain: integer("abstain"),
    absent: integer("absent"),
    how: text("how"),
    consentItems: text("consent_items")
      .array()
      .notNull()
      .default(sql`'{}'`),
    motionText: text("motion_text").notNull(),
    motionSecond: real("motion_second"),
    resultText: text("result_text").notNull(),
    resultSecond: real("result_second"),
  },
  (t) => [
    uniqueIndex("meeting_decisions_video_position_key").on(t.cityVideoId, t.position),
    check("meeting_decisions_result_check", sql`${t.result} in ('carried', 'failed', 'withdrawn')`),
  ],
);

/** Every analysis ever produced for a video; regenerating never loses one. */
export const analysisRevisions = pgTable(
  "analysis_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cityVideoId: uuid("city_video_id")
      .notNull()
      .references(() => cityVideos.id, { onDelete: "cascade" }),
    analysis: jsonb("analysis").$type<unknown>().notNull(),
    verification: jsonb("verification").$type<unknown>(),
    provider: text("provider").notNull(),
    model: text("model"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("analysis_revisions_video_idx").on(t.cityVideoId, t.createdAt.desc())],
);

/** Every story ever produced for a video, with the context it was asked for. */
export const storyRevisions = pgTable(
  "story_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cityVideoId: uuid("city_video_id")
      .notNull()
      .references(() => cityVideos.id, { onDelete: "cascade" }),
    story: jsonb("story").$type<unknown>().notNull(),
    additionalContext: text("additional_context"),
    verification: jsonb("verification").$type<unknown>(),
    provider: text("provider").notNull(),
    model: text("model"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("story_revisions_video_idx").on(t.cityVideoId, t.createdAt.desc())],
);

// ---------------------------------------------------------------- feedback

export const productFeedback = pgTable(
  "product_feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    feedbackType: text("feedback_type").notNull(),
    feedbackText: text("feedback_text").notNull(),
    userEmail: text("user_email"),
    pageUrl: text("page_url"),
    severity: integer("severity"),
    rank: numeric("rank", { mode: "number" }),
    status: text("status").notNull().default("New"),
    createdAt: createdAt(),
  },
  (t) => [
    index("product_feedback_rank_idx").on(t.rank.asc().nullsLast()),
    check("product_feedback_severity_check", sql`${t.severity} between 1 and 5`),
    check("product_feedback_status_check", sql`${t.status} in ('New', 'Active', 'Closed')`),
  ],
);

// ---------------------------------------------------------------- following (issue 15)

/**
 * A member's saved search (an alert): words or a phrase in the site's search
 * syntax, in some cities (none: all Live cities), optionally one kind of
 * body. New analyzed meetings that match are recorded in alert_matches and
 * mailed at once or in a digest. The tokens are random, for the unsubscribe
 * link and the private Atom feed (no sign-in needed for either).
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    cityIds: uuid("city_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    body: text("body"),
    frequency: text("frequency").notNull().default("immediate"),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    feedToken: text("feed_token").notNull(),
    /** False once unsubscribed: kept (the member may turn it on again), never mailed. */
    active: boolean("active").notNull().default(true),
    /** When the last digest of this search was mailed. */
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId),
    uniqueIndex("saved_searches_unsubscribe_token_key").on(t.unsubscribeToken),
    uniqueIndex("saved_searches_feed_token_key").on(t.feedToken),
    check("saved_searches_frequency_check", sql`${t.frequency} in ('immediate', 'daily', 'weekly')`),
    check("saved_searches_body_check", sql`${t.body} in ('city', 'county', 'school')`),
    check("saved_searches_query_length", sql`length(${t.query}) between 1 and 200`),
  ],
);

/**
 * A meeting that matched a saved search: at most one row per search and
 * meeting (no alert twice for the same meeting, even when it is analyzed
 * again), with the passage that matched. `emailedAt` is set when the mail
 * that lists it was accepted by the mail server.
 *
 * Or an upcoming event's agenda that matched (docs/decisions/0080): then
 * `cityId` and `eventLegistarId` name the event and `cityVideoId` is null;
 * at most one row per search and event, however often its agenda changes.
 * The meeting's transcript, once analyzed, is a row of its own.
 */
export const alertMatches = pgTable(
  "alert_matches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    cityVideoId: uuid("city_video_id").references(() => cityVideos.id, { onDelete: "cascade" }),
    cityId: uuid("city_id").references(() => cities.id, { onDelete: "cascade" }),
    eventLegistarId: integer("event_legistar_id"),
    startSeconds: real("start_seconds"),
    speaker: text("speaker"),
    passage: text("passage").notNull(),
    matchedAt: timestamp("matched_at", { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("alert_matches_search_video_key").on(t.savedSearchId, t.cityVideoId),
    uniqueIndex("alert_matches_search_event_key").on(t.savedSearchId, t.cityId, t.eventLegistarId),
    foreignKey({
      name: "alert_matches_event_fk",
      columns: [t.cityId, t.eventLegistarId],
      foreignColumns: [legistarEvents.cityId, legistarEvents.legistarId],
    }).onDelete("cascade"),
    check(
      "alert_matches_meeting_or_event",
      sql`(${t.cityVideoId} is not null and ${t.eventLegistarId} is null and ${t.cityId} is null) or (${t.cityVideoId} is null and ${t.eventLegistarId} is not null and ${t.cityId} is not null)`,
    ),
    index("alert_matches_pending_idx")
      .on(t.savedSearchId)
      .where(sql`${t.emailedAt} is null`),
    index("alert_matches_video_idx").on(t.cityVideoId),
  ],
);

/**
 * An issue that admins track across meetings ('oakdale-creek-development'
 * in the demo): a named search over some cities and bodies. Its AI summary
 * of the state of the issue is regenerated when a new meeting joins.
 */
export const trackedIssues = pgTable(
  "tracked_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    issueKey: text("issue_key").notNull(),
    title: text("title").notNull(),
    query: text("query").notNull(),
    cityIds: uuid("city_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    bodies: text("bodies")
      .array()
      .notNull()
      .default(sql`'{}'`),
    summary: jsonb("summary").$type<unknown>(),
    summaryProvider: text("summary_provider"),
    /** The meetings the summary was written from, to know when a new one joined. */
    summaryMeetingIds: uuid("summary_meeting_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    summaryGeneratedAt: timestamp("summary_generated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tracked_issues_issue_key_key").on(t.issueKey),
    check("tracked_issues_issue_key_format", sql`${t.issueKey} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("tracked_issues_query_length", sql`length(${t.query}) between 1 and 200`),
  ],
);

/** A quote a member put in their draft on the desk, in their order. */
export const draftQuotes = pgTable(
  "draft_quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cityVideoId: uuid("city_video_id")
      .notNull()
      .references(() => cityVideos.id, { onDelete: "cascade" }),
    startSeconds: real("start_seconds"),
    speaker: text("speaker"),
    quote: text("quote").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("draft_quotes_user_position_idx").on(t.userId, t.position),
    check("draft_quotes_quote_length", sql`length(${t.quote}) between 1 and 2000`),
  ],
);

// ---------------------------------------------------------------- analytics

/**
 * First-party counts of the named events (ANALYTICS_EVENTS), one row per
 * day, event, route pattern and subject (a city key, a normalized search,
 * a meeting id, or '' when the event has none). No cookie, IP address or
 * user id is ever stored. No content-version trigger: written on every
 * page view, it must not empty the page cache.
 */
export const analyticsDailyCounts = pgTable(
  "analytics_daily_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    event: text("event").notNull(),
    route: text("route").notNull().default(""),
    subject: text("subject").notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.event, t.route, t.subject] }),
    index("analytics_daily_counts_event_day_idx").on(t.event, t.day),
    check(
      "analytics_daily_counts_event_check",
      sql`${t.event} in ('visitor', 'page_view', 'city_picked', 'search', 'search_no_results', 'meeting_opened', 'story_opened', 'share', 'sign_up')`,
    ),
    check("analytics_daily_counts_subject_length", sql`length(${t.subject}) <= 200`),
  ],
);

/**
 * Unique visitors of the current day only: a hash of (daily salt, client
 * address, user agent), the salt held in memory and discarded each day, so
 * yesterday's hashes cannot be linked to anyone or to today's. Rows of past
 * days are deleted; their count already lives in analytics_daily_counts
 * (event 'visitor').
 */
export const analyticsDailyVisitors = pgTable(
  "analytics_daily_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorHash] })],
);

/**
 * The searches of the current day whose words are not kept yet
 * (docs/decisions/0052-what-an-attacker-finds.md): a search's words are
 * stored only once SEARCH_WORDS_MIN_VISITORS distinct visitors asked them
 * that day. Until then it counts under "(Other searches)", and a row here
 * says how many of one visitor's searches of those words (a hash keyed by the
 * day's in-memory salt: never the words) were counted there, per event and
 * route, so that they move to the words when the last visitor needed asks.
 * Rows of past days are deleted, like the visitor hashes.
 */
export const analyticsSearchAskers = pgTable(
  "analytics_search_askers",
  {
    day: date("day", { mode: "string" }).notNull(),
    event: text("event").notNull(),
    route: text("route").notNull(),
    wordsHash: text("words_hash").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.wordsHash, t.event, t.route, t.visitorHash] })],
);

/** Searches of the current day whose words are kept (enough visitors asked them): later ones count under their words at once. */
export const analyticsKeptSearches = pgTable(
  "analytics_kept_searches",
  {
    day: date("day", { mode: "string" }).notNull(),
    wordsHash: text("words_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.wordsHash] })],
);

// ---------------------------------------------------------------- meta

/**
 * Facts about the database itself, one row per key: `demo_data` ("pending"
 * in a database created empty, then "loaded" or "skipped"; see
 * docs/decisions/0014) and `health_check` (the last /healthz write).
 */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * What the public pages show, versioned for the rendered-page cache
 * (docs/decisions/0030-rendered-page-cache.md): one row per scope,
 * `city:<uuid>` and `site`, each bumped by database triggers on every write
 * to the tables those pages read (migration 0003), and `epoch`, a random
 * number set when the database is created so that a new database never
 * repeats an old one's ETags.
 */
export const contentVersions = pgTable("content_versions", {
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------- captions

/**
 * Where fetching a video's captions stands (docs/decisions/0049-captions-from-a-data-center.md):
 * fetched (by which client), or failed with its reason, the attempts since
 * the last success or the admin's Retry captions, and when the next one is
 * due (null: none planned, for a permanent reason or after the last
 * attempt). Reasons: app/lib/captions/reasons.ts. Admin screens only, so no
 * content-version trigger.
 */
export const captionStates = pgTable(
  "caption_states",
  {
    cityVideoId: uuid("city_video_id")
      .primaryKey()
      .references(() => cityVideos.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    reason: text("reason"),
    message: text("message"),
    attempts: integer("attempts").notNull().default(0),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }).notNull(),
    client: text("client"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("caption_states_status_check", sql`${t.status} in ('fetched', 'failed')`),
    check(
      "caption_states_reason_check",
      sql`(${t.status} = 'fetched' and ${t.reason} is null) or (${t.status} = 'failed' and ${t.reason} in ('no-captions', 'captions-disabled', 'unavailable', 'bot-check', 'rate-limited', 'network', 'proxy-refused'))`,
    ),
    check("caption_states_client_check", sql`${t.client} is null or ${t.client} in ('player', 'transcript-panel')`),
    check("caption_states_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

// ---------------------------------------------------------------- backfill

/**
 * "Analyze every eligible meeting" (docs/decisions/0050-backfill-through-the-queue.md):
 * one row per request, from the jobs page or handed over by `npm run analyze`;
 * its meetings are jobs of the `backfill` queue carrying the run's id, whose
 * states are the run's progress. `city_id` null: every city.
 */
export const backfillRuns = pgTable(
  "backfill_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cityId: uuid("city_id").references(() => cities.id, { onDelete: "cascade" }),
    force: boolean("force").notNull().default(false),
    /** "admin" (the jobs page) or "command" (npm run analyze, handed to the server). */
    origin: text("origin").notNull(),
    /** Meetings queued by this run. */
    queued: integer("queued").notNull(),
    /** Eligible meetings left alone: already analyzed with a story, or already queued by an earlier run. */
    skipped: integer("skipped").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("backfill_runs_created_at_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- the official record (Legistar)

/**
 * The official record of a city's council, read from its Legistar system
 * (issue 29; docs/decisions/0067-legistar-record.md). One source per city;
 * every record below is kept by its Legistar id, unique per city, with the
 * row exactly as the API sent it (`raw`), its last-modified time there and
 * when Gavel last stored it. References between records are Legistar ids
 * (a meeting's item may name a matter not read yet); only a list read under
 * its parent (an event's items, an item's votes, a matter's history,
 * sponsors and attachments) has a foreign key to it.
 */
const legistarRecord = () => ({
  cityId: uuid("city_id")
    .notNull()
    .references(() => cities.id, { onDelete: "cascade" }),
  legistarId: integer("legistar_id").notNull(),
  raw: jsonb("raw").$type<Record<string, unknown>>().notNull(),
  lastModified: timestamp("last_modified", { withTimezone: true }),
  syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A city's Legistar client. `votePatterns`: the city's own vote value names, per meaning, over the defaults. */
export const legislativeSources = pgTable(
  "legislative_sources",
  {
    cityId: uuid("city_id")
      .primaryKey()
      .references(() => cities.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    token: text("token"),
    timeZone: text("time_zone").notNull(),
    votePatterns: jsonb("vote_patterns").$type<Record<string, string[]>>().notNull().default({}),
    /** When the last sync that finished began: the next one reads what changed since then, less the look-back. */
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("legislative_sources_client_id_format", sql`${t.clientId} ~ '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$'`),
  ],
);

export const legistarBodies = pgTable(
  "legistar_bodies",
  {
    ...legistarRecord(),
    name: text("name").notNull(),
    typeName: text("type_name"),
    active: boolean("active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.legistarId] })],
);

export const legistarPersons = pgTable(
  "legistar_persons",
  {
    ...legistarRecord(),
    fullName: text("full_name").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.legistarId] })],
);

/** A person's seat on a body: member, chair…, since and until. */
export const legistarOfficeRecords = pgTable(
  "legistar_office_records",
  {
    ...legistarRecord(),
    personLegistarId: integer("person_legistar_id").notNull(),
    bodyLegistarId: integer("body_legistar_id").notNull(),
    title: text("title"),
    memberType: text("member_type"),
    startDate: date("start_date"),
    endDate: date("end_date"),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.legistarId] }),
    index("legistar_office_records_person_idx").on(t.cityId, t.personLegistarId),
    index("legistar_office_records_body_idx").on(t.cityId, t.bodyLegistarId),
  ],
);

/** A meeting of a body, past or upcoming; its date and time are the city's local ones, as Legistar gives them. */
export const legistarEvents = pgTable(
  "legistar_events",
  {
    ...legistarRecord(),
    bodyLegistarId: integer("body_legistar_id").notNull(),
    bodyName: text("body_name"),
    date: date("date"),
    time: text("time"),
    location: text("location"),
    agendaUrl: text("agenda_url"),
    minutesUrl: text("minutes_url"),
    pageUrl: text("page_url"),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.legistarId] }),
    index("legistar_events_date_idx").on(t.cityId, t.date),
    index("legistar_events_body_date_idx").on(t.cityId, t.bodyLegistarId, t.date),
  ],
);

export const legistarEventItems = pgTable(
  "legistar_event_items",
  {
    ...legistarRecord(),
    eventLegistarId: integer("event_legistar_id").notNull(),
    agendaSequence: integer("agenda_sequence"),
    agendaNumber: text("agenda_number"),
    title: text("title"),
    actionName: text("action_name"),
    passedFlagName: text("passed_flag_name"),
    tally: text("tally"),
    mover: text("mover"),
    seconder: text("seconder"),
    consent: boolean("consent").notNull().default(false),
    matterLegistarId: integer("matter_legistar_id"),
    matterFile: text("matter_file"),
    /** Seconds into the meeting's video where Legistar says the item is taken up. */
    videoIndex: integer("video_index"),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.legistarId] }),
    foreignKey({
      name: "legistar_event_items_event_fk",
      columns: [t.cityId, t.eventLegistarId],
      foreignColumns: [legistarEvents.cityId, legistarEvents.legistarId],
    }).onDelete("cascade"),
    index("legistar_event_items_event_idx").on(t.cityId, t.eventLegistarId, t.agendaSequence),
    index("legistar_event_items_matter_idx").on(t.cityId, t.matterLegistarId),
  ],
);

/**
 * One person's vote on an item (`kind` "vote") or their answer to its roll
 * call ("roll-call"). `value` is what the vote means, mapped from its name
 * (docs/decisions/0067-legistar-record.md), null when the name is not known.
 */
export const legistarVotes = pgTable(
  "legistar_votes",
  {
    ...legistarRecord(),
    kind: text("kind").notNull(),
    eventItemLegistarId: integer("event_item_legistar_id").notNull(),
    personLegistarId: integer("person_legistar_id").notNull(),
    personName: text("person_name"),
    valueName: text("value_name"),
    value: text("value"),
    /**
     * Copied from the vote's item, event and matter by the sync
     * (docs/decisions/0072-person-page-at-scale.md), so a person's page
     * filters and pages their votes from this table's indexes alone.
     */
    eventLegistarId: integer("event_legistar_id"),
    eventDate: date("event_date"),
    agendaSequence: integer("agenda_sequence"),
    passedFlagName: text("passed_flag_name"),
    matterType: text("matter_type"),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.kind, t.legistarId] }),
    foreignKey({
      name: "legistar_votes_event_item_fk",
      columns: [t.cityId, t.eventItemLegistarId],
      foreignColumns: [legistarEventItems.cityId, legistarEventItems.legistarId],
    }).onDelete("cascade"),
    index("legistar_votes_item_idx").on(t.cityId, t.eventItemLegistarId),
    // A person's votes newest first (the person page's order), then filtered by matter type or result.
    index("legistar_votes_person_date_idx").on(
      t.cityId,
      t.personLegistarId,
      t.kind,
      t.eventDate.desc().nullsLast(),
      t.eventLegistarId.desc(),
      t.agendaSequence,
      t.eventItemLegistarId,
    ),
    index("legistar_votes_person_type_idx").on(
      t.cityId,
      t.personLegistarId,
      t.kind,
      t.matterType,
      t.eventDate.desc().nullsLast(),
      t.eventLegistarId.desc(),
      t.agendaSequence,
      t.eventItemLegistarId,
    ),
    index("legistar_votes_person_result_idx").on(
      t.cityId,
      t.personLegistarId,
      t.kind,
      t.passedFlagName,
      t.eventDate.desc().nullsLast(),
      t.eventLegistarId.desc(),
      t.agendaSequence,
      t.eventItemLegistarId,
    ),
    check("legistar_votes_kind_check", sql`${t.kind} in ('vote', 'roll-call')`),
    check(
      "legistar_votes_value_check",
      sql`${t.value} is null or ${t.value} in ('yes', 'no', 'abstain', 'absent', 'recused', 'present')`,
    ),
  ],
);

/**
 * How often a person voted as a colleague did (docs/decisions/0070-people-pages.md):
 * over the items both voted yes or no on, `same` of `together`. Recomputed
 * for the city by the sync whenever its votes changed
 * (docs/decisions/0072-person-page-at-scale.md); `colleagueName` is the name
 * on the colleague's votes, for a colleague the record's persons lack.
 */
export const legistarAgreements = pgTable(
  "legistar_agreements",
  {
    cityId: uuid("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    personLegistarId: integer("person_legistar_id").notNull(),
    colleagueLegistarId: integer("colleague_legistar_id").notNull(),
    colleagueName: text("colleague_name"),
    together: integer("together").notNull(),
    same: integer("same").notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.personLegistarId, t.colleagueLegistarId] })],
);

/** A bill, resolution or other matter, followed through the council by its file number. */
export const legistarMatters = pgTable(
  "legistar_matters",
  {
    ...legistarRecord(),
    file: text("file"),
    title: text("title"),
    typeName: text("type_name"),
    statusName: text("status_name"),
    bodyLegistarId: integer("body_legistar_id"),
    introDate: date("intro_date"),
    passedDate: date("passed_date"),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.legistarId] }), index("legistar_matters_file_idx").on(t.cityId, t.file)],
);

const matterChild = (name: string) => (t: { cityId: AnyPgColumn; matterLegistarId: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.cityId, t.matterLegistarId],
    foreignColumns: [legistarMatters.cityId, legistarMatters.legistarId],
  }).onDelete("cascade");

/** An action on a matter, in whichever body took it. */
export const legistarMatterHistories = pgTable(
  "legistar_matter_histories",
  {
    ...legistarRecord(),
    matterLegistarId: integer("matter_legistar_id").notNull(),
    eventLegistarId: integer("event_legistar_id"),
    actionDate: date("action_date"),
    actionName: text("action_name"),
    bodyName: text("body_name"),
    passedFlagName: text("passed_flag_name"),
    tally: text("tally"),
    mover: text("mover"),
    seconder: text("seconder"),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.legistarId] }),
    matterChild("legistar_matter_histories_matter_fk")(t),
    index("legistar_matter_histories_matter_idx").on(t.cityId, t.matterLegistarId, t.actionDate),
  ],
);

export const legistarMatterSponsors = pgTable(
  "legistar_matter_sponsors",
  {
    ...legistarRecord(),
    matterLegistarId: integer("matter_legistar_id").notNull(),
    personLegistarId: integer("person_legistar_id"),
    name: text("name"),
    sequence: integer("sequence"),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.legistarId] }),
    matterChild("legistar_matter_sponsors_matter_fk")(t),
    index("legistar_matter_sponsors_matter_idx").on(t.cityId, t.matterLegistarId),
    index("legistar_matter_sponsors_person_idx").on(t.cityId, t.personLegistarId),
  ],
);

export const legistarMatterAttachments = pgTable(
  "legistar_matter_attachments",
  {
    ...legistarRecord(),
    matterLegistarId: integer("matter_legistar_id").notNull(),
    name: text("name"),
    url: text("url"),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.legistarId] }),
    matterChild("legistar_matter_attachments_matter_fk")(t),
    index("legistar_matter_attachments_matter_idx").on(t.cityId, t.matterLegistarId),
  ],
);

/**
 * Which meeting (video) a Legistar event is: one video per event and one
 * event per video (docs/decisions/0069-events-become-meetings.md). `method`
 * says how: "body-date" (the body's name in the video's title or its
 * source's title, on the event's local date), "only-meeting" (the city's
 * one event and one video that date), "title" (the closest title among
 * several that date) or "admin" (set by hand, never changed by matching).
 * An "admin" row without a video says an admin unlinked the event: it stays
 * without one (docs/decisions/0080). Goes with the event and with the video.
 */
export const legistarEventVideos = pgTable(
  "legistar_event_videos",
  {
    cityId: uuid("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    eventLegistarId: integer("event_legistar_id").notNull(),
    cityVideoId: uuid("city_video_id").references(() => cityVideos.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    matchedAt: timestamp("matched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.eventLegistarId] }),
    foreignKey({
      name: "legistar_event_videos_event_fk",
      columns: [t.cityId, t.eventLegistarId],
      foreignColumns: [legistarEvents.cityId, legistarEvents.legistarId],
    }).onDelete("cascade"),
    uniqueIndex("legistar_event_videos_video_key").on(t.cityVideoId),
    check("legistar_event_videos_method_check", sql`${t.method} in ('body-date', 'only-meeting', 'title', 'admin')`),
    check("legistar_event_videos_video_check", sql`${t.cityVideoId} is not null or ${t.method} = 'admin'`),
  ],
);

// ---------------------------------------------------------------- following a bill (issue 29)

/**
 * A member following one matter of a city's record ("Follow this bill";
 * docs/decisions/0076-bills-and-calendars.md): each new action a sync finds
 * on it is mailed once. Goes with the member and with the matter. The
 * random token is the one-click unsubscribe key, like a saved search's.
 */
export const matterFollows = pgTable(
  "matter_follows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cityId: uuid("city_id").notNull(),
    matterLegistarId: integer("matter_legistar_id").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    /** False once unsubscribed from a mail: kept, never mailed; following again turns it on. */
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: "matter_follows_matter_fk",
      columns: [t.cityId, t.matterLegistarId],
      foreignColumns: [legistarMatters.cityId, legistarMatters.legistarId],
    }).onDelete("cascade"),
    uniqueIndex("matter_follows_user_matter_key").on(t.userId, t.cityId, t.matterLegistarId),
    index("matter_follows_matter_idx").on(t.cityId, t.matterLegistarId),
    uniqueIndex("matter_follows_unsubscribe_token_key").on(t.unsubscribeToken),
  ],
);

/**
 * An action of a followed matter, once per follow: the actions already on
 * the record when the member followed are written as seen (`emailedAt`
 * set, never mailed); one a later sync finds is written unsent, and
 * `emailedAt` is set when the mail that lists it was accepted.
 */
export const matterFollowActions = pgTable(
  "matter_follow_actions",
  {
    followId: uuid("follow_id")
      .notNull()
      .references(() => matterFollows.id, { onDelete: "cascade" }),
    historyLegistarId: integer("history_legistar_id").notNull(),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.followId, t.historyLegistarId] }),
    index("matter_follow_actions_pending_idx")
      .on(t.followId)
      .where(sql`${t.emailedAt} is null`),
  ],
);
