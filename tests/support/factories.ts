import { cities, cityVideos } from "~/lib/db/schema";
import { storeTranscript } from "~/lib/transcripts/store.server";
import { getTestDb } from "../setup";

let sequence = 0;

/**
 * A meeting in a city of its own, with its transcript stored as the app
 * stores it (text and segments); no transcript when it is null.
 */
export async function createMeeting(transcript: string | null, { videoId }: { videoId?: string } = {}) {
  const n = ++sequence;
  const [city] = await getTestDb()
    .insert(cities)
    .values({ name: "Riverton", locationKey: `riverton-${n}` })
    .returning();
  const [video] = await getTestDb()
    .insert(cityVideos)
    .values({ cityId: city!.id, videoId: videoId ?? `video-${n}`, title: "Council meeting" })
    .returning();
  if (transcript) await storeTranscript(video!.id, transcript);
  return video!;
}
