import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cities, cityVideos } from "~/lib/db/schema";
import { citySearch, liveCitySearch } from "~/lib/search/search.server";
import { deleteVideoByAdmin, updateVideoByAdmin } from "~/lib/sources/videos.server";
import { saveTranscript, storeTranscript } from "~/lib/transcripts/store.server";
import { dbTag, execSql, getTestDb } from "../setup";

/**
 * city_videos.transcript_vector, the meeting-level candidate filter of
 * search (docs/decisions/0031-search-at-scale.md): triggers keep it equal
 * to the words of the video's segments however a transcript is saved,
 * replaced or removed, and the filter never drops a true match (phrases,
 * `-word`), nor lets a meeting out of its scope.
 */

async function createCity(locationKey: string, status: "Live" | "Test"): Promise<string> {
  const [city] = await getTestDb()
    .insert(cities)
    .values({ name: locationKey, locationKey, state: "OR", status })
    .returning();
  return city!.id;
}

let videoCount = 0;

async function createVideo(cityId: string, title = "Regular meeting"): Promise<string> {
  videoCount++;
  const [video] = await getTestDb()
    .insert(cityVideos)
    .values({
      cityId,
      videoId: `yt-vectors-${videoCount}`,
      title,
      publishedAt: new Date(Date.UTC(2025, 0, videoCount)),
    })
    .returning();
  return video!.id;
}

async function meetingWords(videoId: string): Promise<string[] | null> {
  const [row] = await execSql<{ words: string[] | null }>(
    "select tsvector_to_array(transcript_vector) as words from city_videos where id = $1",
    [videoId],
  );
  return row!.words;
}

async function foundIds(query: string, cityId?: string): Promise<string[]> {
  const search = cityId ? await citySearch(cityId, query) : await liveCitySearch(query);
  return search.results.map((result) => result.id);
}

let liveId = "";
let testCityId = "";

beforeAll(async () => {
  liveId = await createCity("vector-town", "Live");
  testCityId = await createCity("vector-test-town", "Test");
});

describe(`the meeting vector follows the transcript ${dbTag}`, () => {
  it("holds the words of a saved transcript, finds new words after a replacement and drops removed ones", async () => {
    const id = await createVideo(liveId);
    expect(await meetingWords(id)).toBeNull();

    await storeTranscript(id, "[00:00:01] MAYOR: The zeppelin mooring mast.\n[00:00:09] CLERK: Motion carried.");
    expect(await meetingWords(id)).toEqual(expect.arrayContaining(["zeppelin", "moor", "mast", "clerk", "motion"]));
    expect(await foundIds("zeppelin")).toEqual([id]);

    await storeTranscript(id, "[00:00:01] MAYOR: The dirigible hangar.");
    const words = await meetingWords(id);
    expect(words).toEqual(expect.arrayContaining(["dirig", "hangar", "mayor"]));
    expect(words).not.toContain("zeppelin");
    expect(words).not.toContain("clerk");
    expect(await foundIds("zeppelin")).toEqual([]);
    expect(await foundIds("dirigible")).toEqual([id]);

    await updateVideoByAdmin(id, { transcript: "" });
    expect(await meetingWords(id)).toBeNull();
    expect(await foundIds("dirigible")).toEqual([]);
  });

  it("keeps the words of every insert of a long transcript (segments are written in chunks)", async () => {
    const id = await createVideo(liveId);
    const segments = Array.from({ length: 2500 }, (_, position) => ({
      position,
      startSeconds: position,
      endSeconds: position + 1,
      speaker: "MAYOR",
      text: position === 10 ? "The quokka enclosure." : position === 2400 ? "The narwhal tank." : `Item ${position}.`,
    }));
    await saveTranscript(id, "stored text", segments);
    expect(await meetingWords(id)).toEqual(expect.arrayContaining(["quokka", "narwhal"]));
    expect((await liveCitySearch("narwhal")).results[0]).toMatchObject({ id, start_seconds: 2400 });
    expect((await liveCitySearch("quokka narwhal")).results).toEqual([]);
  });

  it("follows a segment edited in place and forgets a deleted video", async () => {
    const id = await createVideo(liveId);
    await storeTranscript(id, "[00:00:01] MAYOR: The ocelot exhibit.");
    await execSql("update transcript_segments set text = 'The axolotl exhibit.' where city_video_id = $1", [id]);
    expect(await meetingWords(id)).toEqual(expect.arrayContaining(["axolotl", "exhibit"]));
    expect(await meetingWords(id)).not.toContain("ocelot");
    expect(await foundIds("axolotl")).toEqual([id]);

    await deleteVideoByAdmin(id, null);
    expect(await foundIds("axolotl")).toEqual([]);
    expect(await getTestDb().select({ id: cityVideos.id }).from(cityVideos).where(eq(cityVideos.id, id))).toEqual([]);
  });
});

describe(`the candidate filter loses no true match ${dbTag}`, () => {
  it("finds a phrase said in one line, and not its words said apart", async () => {
    const together = await createVideo(liveId);
    await storeTranscript(together, "[00:00:01] RESIDENT: We need affordable housing downtown.");
    const apart = await createVideo(liveId);
    await storeTranscript(
      apart,
      "[00:00:01] RESIDENT: Housing first.\n[00:00:05] MAYOR: Rents are not affordable here.",
    );
    expect(await foundIds('"affordable housing"')).toEqual([together]);
    // A phrase across a stop word (`<2>` in the query) too.
    const withStopWord = await createVideo(liveId);
    await storeTranscript(withStopWord, "[00:00:01] CLERK: The mayor of Quillfield spoke.");
    expect(await foundIds('"mayor of quillfield"')).toEqual([withStopWord]);
  });

  it("keeps a meeting that says a negated word in another line", async () => {
    const id = await createVideo(liveId);
    await storeTranscript(id, "[00:00:01] ENGINEER: The bioswale plan.\n[00:00:05] CLERK: The bioswale fee is due.");
    const onlyWithFee = await createVideo(liveId);
    await storeTranscript(onlyWithFee, "[00:00:01] CLERK: The bioswale fee again.");
    const search = await liveCitySearch("bioswale -fee");
    expect(search.results.map((result) => result.id)).toEqual([id]);
    expect(search.results[0]).toMatchObject({ start_seconds: 1, speaker: "ENGINEER" });
    // Only negated words: every meeting can match; those without the word do.
    expect(await foundIds("-zzzunknownword", liveId)).not.toEqual([]);
  });

  it("snippets keep the speaker's whole label of caption-style ALL-CAPS turns", async () => {
    const id = await createVideo(liveId);
    await storeTranscript(
      id,
      [
        ">> MAYOR LOPEZ: GOOD EVENING AND WELCOME TO THE REGULAR MEETING OF THE CITY COUNCIL. WE HAVE A FULL AGENDA",
        "TONIGHT WITH THE PARKS DEPARTMENT PLAN FOR THE NEXT FISCAL YEAR AND THE HEARING ON THE AARDVARK BUDGET.",
        ">> COUNCIL MEMBER GORDON: THANK YOU, MAYOR. I WANT TO ASK STAFF ABOUT THE SCHEDULE FOR THE CONTRACTS,",
        "THE BIDS AND THE CREWS, BECAUSE RESIDENTS KEEP CALLING MY OFFICE ABOUT THE WOMBAT REPAIRS ON ELM STREET.",
      ].join("\n"),
    );
    const snippetFor = async (query: string) => {
      const result = (await citySearch(liveId, query)).results.find((r) => r.id === id);
      return result && { speaker: result.speaker, snippet: result.snippet };
    };
    expect(await snippetFor("wombat")).toMatchObject({
      speaker: "Council Member Gordon",
      snippet: expect.stringMatching(/^Council Member Gordon: .*<mark>wombat<\/mark>/),
    });
    expect(await snippetFor("aardvark")).toMatchObject({
      speaker: "Mayor Lopez",
      snippet: expect.stringMatching(/^Mayor Lopez: .*<mark>aardvark<\/mark>/),
    });
    expect((await snippetFor("lopez"))?.snippet).toMatch(/^Mayor <mark>Lopez<\/mark>: Good evening/);
  });

  it("finds a title match in a meeting without a transcript", async () => {
    const id = await createVideo(liveId, "Gondola feasibility hearing");
    expect(await foundIds("gondola")).toEqual([id]);
    expect(await foundIds('"gondola feasibility"')).toEqual([id]);
  });
});

describe(`scopes hold with the candidate filter ${dbTag}`, () => {
  it("shows a Test city's meeting only in that city's own search", async () => {
    const live = await createVideo(liveId);
    await storeTranscript(live, "[00:00:01] MAYOR: The capybara crossing.");
    const hidden = await createVideo(testCityId);
    await storeTranscript(hidden, "[00:00:01] MAYOR: The capybara crossing sign.");
    expect(await foundIds("capybara")).toEqual([live]);
    expect(await foundIds("capybara", testCityId)).toEqual([hidden]);
    expect(await foundIds("capybara", liveId)).toEqual([live]);
    expect((await liveCitySearch("capybara", { cityKey: "vector-test-town" })).results.map((r) => r.id)).toEqual([
      hidden,
    ]);
  });
});
