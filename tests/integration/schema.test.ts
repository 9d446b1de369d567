import fs from "node:fs";
import path from "node:path";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/lib/db/schema";
import {
  businessListings,
  cities,
  citiesUrls,
  cityUrls,
  cityVideoSources,
  cityVideos,
  productFeedback,
  transcriptSegments,
} from "~/lib/db/schema";
import { dbKind, dbTag, execSql, getTestConnection, getTestDb, truncateAllTables } from "../setup";
import { createCity, createMeeting } from "../support/factories";
import { rowsOf } from "~/lib/db/rows.server";

/**
 * The schema as the database enforces it, on whichever database this run
 * uses (the tag in each describe title says which).
 */

const PG_UNIQUE_VIOLATION = "23505";
const PG_FOREIGN_KEY_VIOLATION = "23503";
const PG_CHECK_VIOLATION = "23514";

/** The SQLSTATE of a database error, also when drizzle wraps it. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

async function expectSqlState(promise: Promise<unknown>, code: string) {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected the statement to fail with SQLSTATE ${code}`).toBeDefined();
  expect(sqlState(caught), String(caught)).toBe(code);
}

beforeEach(async () => {
  await truncateAllTables();
});

describe(`migrations ${dbTag}`, () => {
  it(`runs on the expected database (${dbKind})`, async () => {
    const connection = getTestConnection();
    const [row] = await execSql<{ version: string; database: string; port: number | null }>(
      "select version() as version, current_database() as database, inet_server_port() as port",
    );
    // The app's connection is the one this run was set up for: embedded
    // PGlite has no server port; a real server is this file's own database.
    const expected =
      dbKind === "pglite"
        ? { kind: "pglite", embedded: true, database: row?.database, port: null }
        : {
            kind: "postgres",
            embedded: false,
            database: new URL(process.env.DATABASE_URL!).pathname.slice(1),
            port: Number(new URL(process.env.DATABASE_URL!).port),
          };
    expect({
      kind: connection.kind,
      embedded: Boolean(connection.pglite),
      database: row?.database,
      port: row?.port,
    }).toEqual(expected);
    console.log(`${dbTag} ${row?.version.split(" ").slice(0, 2).join(" ")}`);
  });

  it("has applied every migration in drizzle/", async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../drizzle/meta/_journal.json"), "utf8"),
    ) as { entries: { tag: string }[] };
    const [row] = await execSql<{ count: number | string }>(
      "select count(*)::int as count from drizzle.__drizzle_migrations",
    );
    expect(Number(row?.count)).toBe(journal.entries.length);
  });

  it("has created every table of the schema", async () => {
    const expected = Object.values(schema)
      .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
      .sort();
    expect(expected.length).toBeGreaterThan(10);
    const rows = await execSql<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    );
    expect(rows.map((r) => r.tablename)).toEqual(expect.arrayContaining(expected));
  });
});

describe(`column defaults ${dbTag}`, () => {
  it("a new city is New, in CA, with the admin's blue colors", async () => {
    const [city] = await getTestDb()
      .insert(cities)
      .values({ name: "Springfield", locationKey: "springfield" })
      .returning();
    expect(city).toMatchObject({
      status: "New",
      state: "CA",
      primaryColor: "#3B82F6",
      secondaryColor: "#1E40AF",
    });
    expect(city?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(city?.createdAt).toBeInstanceOf(Date);
  });

  it("a new business listing is Tier 3", async () => {
    const city = await createCity();
    const [listing] = await getTestDb()
      .insert(businessListings)
      .values({ name: "Corner Cafe", cityId: city.id, businessKey: "corner-cafe" })
      .returning();
    expect(listing?.listingTier).toBe("Tier 3");
  });

  it("a new city URL is an Unknown entity's website video source", async () => {
    const [url] = await getTestDb().insert(cityUrls).values({ url: "https://example.test/channel" }).returning();
    expect(url).toMatchObject({ entityType: "Unknown", contentType: "video", sourceType: "website" });
  });

  it("the same defaults apply to raw SQL inserts", async () => {
    const [city] = await execSql<Record<string, string>>(
      "insert into cities (name, location_key) values ('Raw City', 'raw-city') returning status, state, primary_color, secondary_color",
    );
    expect(city).toEqual({ status: "New", state: "CA", primary_color: "#3B82F6", secondary_color: "#1E40AF" });
  });
});

describe(`unique keys ${dbTag}`, () => {
  it("cities.location_key", async () => {
    await createCity({ locationKey: "twin-peaks" });
    await expectSqlState(createCity({ locationKey: "twin-peaks" }), PG_UNIQUE_VIOLATION);
  });

  it("business_listings.business_key", async () => {
    const city = await createCity();
    const db = getTestDb();
    await db.insert(businessListings).values({ name: "A", cityId: city.id, businessKey: "dup-key" });
    await expectSqlState(
      db.insert(businessListings).values({ name: "B", cityId: city.id, businessKey: "dup-key" }),
      PG_UNIQUE_VIOLATION,
    );
  });

  it("city_videos (city_id, video_id), while another city may hold the same video", async () => {
    const city = await createCity();
    const other = await createCity();
    await createMeeting({ cityId: city.id, transcript: null, videoId: "abc123" });
    await expectSqlState(createMeeting({ cityId: city.id, transcript: null, videoId: "abc123" }), PG_UNIQUE_VIOLATION);
    await expect(createMeeting({ cityId: other.id, transcript: null, videoId: "abc123" })).resolves.toMatchObject({
      videoId: "abc123",
    });
  });
});

describe(`foreign keys and cascades ${dbTag}`, () => {
  it("rejects a video of a city that does not exist", async () => {
    await expectSqlState(
      createMeeting({ cityId: "00000000-0000-4000-8000-000000000000", transcript: null }),
      PG_FOREIGN_KEY_VIOLATION,
    );
  });

  it("deleting a city deletes its videos and their transcript segments", async () => {
    const db = getTestDb();
    const city = await createCity();
    const keep = await createCity();
    const video = await createMeeting({ cityId: city.id, transcript: null });
    const kept = await createMeeting({ cityId: keep.id, transcript: null });
    await db.insert(transcriptSegments).values([
      { cityVideoId: video.id, position: 0, text: "Call to order." },
      { cityVideoId: video.id, position: 1, text: "Roll call." },
      { cityVideoId: kept.id, position: 0, text: "Public comment." },
    ]);

    await db.delete(cities).where(eq(cities.id, city.id));

    expect(await db.select().from(cityVideos).where(eq(cityVideos.cityId, city.id))).toEqual([]);
    expect(await db.select().from(transcriptSegments).where(eq(transcriptSegments.cityVideoId, video.id))).toEqual([]);
    expect(await db.select().from(cityVideos)).toHaveLength(1);
    expect(await db.select().from(transcriptSegments)).toHaveLength(1);
  });

  it("cities_urls links go with either side; a removed URL leaves its videos unlinked", async () => {
    const db = getTestDb();
    const city = await createCity();
    const other = await createCity();
    const [url] = await db.insert(cityUrls).values({ url: "https://example.test/a" }).returning();
    const [url2] = await db.insert(cityUrls).values({ url: "https://example.test/b" }).returning();
    if (!url || !url2) throw new Error("no url returned");
    await db.insert(citiesUrls).values([
      { cityId: city.id, urlId: url.id },
      { cityId: other.id, urlId: url.id },
      { cityId: other.id, urlId: url2.id },
    ]);
    await expectSqlState(db.insert(citiesUrls).values({ cityId: city.id, urlId: url.id }), PG_UNIQUE_VIOLATION);
    await expectSqlState(
      db.insert(citiesUrls).values({ cityId: city.id, urlId: "00000000-0000-4000-8000-000000000000" }),
      PG_FOREIGN_KEY_VIOLATION,
    );
    const video = await createMeeting({ cityId: other.id, transcript: null, cityUrlsId: url2.id });

    // Deleting a city removes its links but not the shared URL.
    await db.delete(cities).where(eq(cities.id, city.id));
    expect(await db.select().from(citiesUrls).where(eq(citiesUrls.cityId, city.id))).toEqual([]);
    expect(await db.select().from(cityUrls)).toHaveLength(2);

    // Deleting a URL removes its links and unlists (keeps) its videos.
    expect(await db.select().from(cityVideoSources).where(eq(cityVideoSources.cityVideoId, video.id))).toHaveLength(1);
    await db.delete(cityUrls).where(eq(cityUrls.id, url2.id));
    expect(await db.select().from(citiesUrls)).toEqual([{ cityId: other.id, urlId: url.id }]);
    expect(await db.select().from(cityVideos).where(eq(cityVideos.id, video.id))).toHaveLength(1);
    expect(await db.select().from(cityVideoSources).where(eq(cityVideoSources.cityVideoId, video.id))).toEqual([]);
  });
});

describe(`CHECK constraints ${dbTag}`, () => {
  it("city status is one of New, Test, Live, Archive", async () => {
    for (const status of ["New", "Test", "Live", "Archive"]) {
      await expect(createCity({ status })).resolves.toMatchObject({ status });
    }
    await expectSqlState(createCity({ status: "Bogus" }), PG_CHECK_VIOLATION);
    await expectSqlState(createCity({ status: "live" }), PG_CHECK_VIOLATION);
  });

  it("city location_key is lowercase words joined by hyphens", async () => {
    await expectSqlState(createCity({ locationKey: "Not Valid" }), PG_CHECK_VIOLATION);
    await expectSqlState(createCity({ locationKey: "trailing-" }), PG_CHECK_VIOLATION);
  });

  it("listing tier is Tier 1, Tier 2 or Tier 3", async () => {
    const city = await createCity();
    const db = getTestDb();
    for (const [i, listingTier] of ["Tier 1", "Tier 2", "Tier 3"].entries()) {
      await db.insert(businessListings).values({ name: `B${i}`, cityId: city.id, businessKey: `b-${i}`, listingTier });
    }
    await expectSqlState(
      db.insert(businessListings).values({ name: "X", cityId: city.id, businessKey: "x", listingTier: "Tier 4" }),
      PG_CHECK_VIOLATION,
    );
  });

  it("feedback severity is 1 to 5 (or empty) and status New, Active or Closed", async () => {
    const db = getTestDb();
    const feedback = (values: Partial<typeof productFeedback.$inferInsert>) =>
      db
        .insert(productFeedback)
        .values({ feedbackType: "Bug", feedbackText: "It broke", ...values })
        .returning();

    for (const severity of [1, 5, null]) {
      await expect(feedback({ severity })).resolves.toMatchObject([{ severity, status: "New" }]);
    }
    await expectSqlState(feedback({ severity: 0 }), PG_CHECK_VIOLATION);
    await expectSqlState(feedback({ severity: 6 }), PG_CHECK_VIOLATION);
    for (const status of ["Active", "Closed"]) {
      await expect(feedback({ status })).resolves.toMatchObject([{ status }]);
    }
    await expectSqlState(feedback({ status: "Open" }), PG_CHECK_VIOLATION);
  });
});

describe(`full-text search ${dbTag}`, () => {
  it("a video's generated search_vector matches 'council vote' for a title with 'Council Votes'", async () => {
    const city = await createCity();
    const video = await createMeeting({
      cityId: city.id,
      transcript: null,
      title: "City Council Votes on Budget",
      description: "Regular meeting of the council.",
    });
    await createMeeting({
      cityId: city.id,
      transcript: null,
      title: "Planning Commission",
      description: "Zoning hearing.",
    });

    const rows = await execSql<{ id: string }>(
      "select id from city_videos where search_vector @@ websearch_to_tsquery('english', $1)",
      ["council vote"],
    );
    expect(rows.map((r) => r.id)).toEqual([video.id]);

    const [vector] = await execSql<{ v: string }>("select search_vector::text as v from city_videos where id = $1", [
      video.id,
    ]);
    // Title words weigh A, description words B.
    expect(vector?.v).toContain("'vote':3A");
    expect(vector?.v).toMatch(/'meet':\d+B/);
  });

  it("the search_vector follows updates of the title", async () => {
    const db = getTestDb();
    const city = await createCity();
    const video = await createMeeting({ cityId: city.id, transcript: null, title: "Parks Committee" });
    const search = () =>
      db
        .select({ id: cityVideos.id })
        .from(cityVideos)
        .where(sql`${cityVideos.searchVector} @@ websearch_to_tsquery('english', 'council vote')`);
    expect(await search()).toEqual([]);
    await db.update(cityVideos).set({ title: "Council Votes on Parks" }).where(eq(cityVideos.id, video.id));
    expect(await search()).toEqual([{ id: video.id }]);
  });

  it("a transcript segment's search_vector covers its text and speaker", async () => {
    const db = getTestDb();
    const city = await createCity();
    const video = await createMeeting({ cityId: city.id, transcript: null });
    await db.insert(transcriptSegments).values([
      { cityVideoId: video.id, position: 0, speaker: "Mayor Smith", text: "The Council Votes tonight on the budget." },
      { cityVideoId: video.id, position: 1, speaker: "Clerk", text: "Next item: street lighting." },
    ]);
    const match = (query: string) =>
      execSql<{ position: number }>(
        "select position from transcript_segments where search_vector @@ websearch_to_tsquery('english', $1) order by position",
        [query],
      );
    expect(await match("council vote")).toEqual([{ position: 0 }]);
    expect(await match("mayor")).toEqual([{ position: 0 }]);
    expect(await match("lights")).toEqual([{ position: 1 }]);
  });

  it.each([
    ["city_videos", "city_videos_search_idx"],
    ["transcript_segments", "transcript_segments_search_idx"],
  ])("EXPLAIN of a search on %s uses the GIN index %s", async (table, index) => {
    const plan = await getTestDb().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql.raw(
          `explain select * from ${table} where search_vector @@ websearch_to_tsquery('english', 'council vote')`,
        ),
      );
      const rows = rowsOf<Record<string, string>>(result);
      return rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain(index);
  });
});
