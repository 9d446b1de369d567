/**
 * A large corpus of council meetings for the search bench: about 20 cities,
 * long timed transcripts (~170 segments, ~60 KB each) with speaker labels,
 * numbers, names and agenda vocabulary.
 *
 * Sentences come from the MeetingBank sample in ../shared when it is present
 * (read at run time, never copied: see bench/meetingbank.ts), mixed with
 * synthetic council lines; without it the lines are synthetic only. The
 * corpus is deterministic for a given size and source.
 */
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { loadMeetingBank } from "../meetingbank";

/** Bump when the generated text changes, so cached corpora are rebuilt. */
export const CORPUS_VERSION = 1;

export const CORPUS_CITIES = [
  ["Oakridge", "CA"],
  ["Maple Falls", "OR"],
  ["Riverton", "WA"],
  ["Cedar Point", "OH"],
  ["Long Harbor", "CA"],
  ["Granite City", "CO"],
  ["Brookhaven", "GA"],
  ["Silver Lake", "MN"],
  ["Westfield", "NJ"],
  ["Pine Bluff", "AR"],
  ["Fairmont", "WV"],
  ["Clearwater Bay", "FL"],
  ["Hillsdale", "MI"],
  ["Red Rock", "AZ"],
  ["Bay Ridge", "NY"],
  ["Summit Valley", "UT"],
  ["Lakeview", "IL"],
  ["Ashford", "CT"],
  ["Millbrook", "TX"],
  ["Northgate", "NV"],
] as const;

/** Cities beyond the Live ones: the /search page must never show them. */
export const NON_LIVE_CITY_COUNT = 2;

const SURNAMES = [
  "Lopez",
  "Reyes",
  "Park",
  "Okafor",
  "Nguyen",
  "Schmidt",
  "Haddad",
  "Kowalski",
  "Brennan",
  "Tanaka",
  "Mensah",
  "Ortiz",
  "Delgado",
  "Feldman",
  "Whitaker",
  "Castillo",
  "Ivanova",
  "Abernathy",
  "Lindqvist",
  "Nakamura",
];
const ROLES = ["COUNCILMEMBER", "COUNCILMEMBER", "COUNCILMEMBER", "MAYOR", "CITY MANAGER", "CITY ATTORNEY"];
const STREETS = ["Oak Street", "Main Street", "Mill Creek Road", "Harbor Drive", "5th Avenue", "Elm Boulevard"];
const TOPICS = [
  "the {street} repaving project",
  "the downtown parking plan",
  "the Riverside Park playground",
  "the library budget",
  "the {street} bridge repairs",
  "the water rate study",
  "the affordable housing ordinance",
  "the police department overtime budget",
  "the fire station remodel",
  "the stormwater fee",
  "the short-term rental permits",
  "the bike lane pilot on {street}",
  "the climate action plan",
  "the senior center lease",
  "the cannabis dispensary zoning",
];
/** Rare words: a few meetings each, so rare-word queries have something to find. */
const RARE_TOPICS = [
  "the heliport feasibility study",
  "the zamboni replacement at the ice rink",
  "the sister city delegation from Kaohsiung",
  "the drone ordinance for the fairgrounds",
  "the cemetery columbarium expansion",
];
const LINES = [
  "Thank you, Mayor. I want to thank staff for the report on {topic}.",
  "Staff recommends that the council approve {topic} at a cost of ${amount} million from the general fund.",
  "I have concerns about {topic} because residents on the east side were not consulted before this came to council.",
  "I move that we direct staff to report back on {topic} by June {day}, {year}.",
  "Second. I think this is the right step for the neighborhood and for the budget.",
  "The motion carries {ayes} to {nays}. Councilmember {name} voted no.",
  "Our Public Works Department estimates that {topic} will take {weeks} weeks to complete once the contract is signed.",
  "We received {count} letters from residents about {topic}, most of them in support, some opposed.",
  "Can staff bring back options for {topic} at the next meeting, including the cost over five years?",
  "The Planning Commission reviewed {topic} in {month} and recommended approval with conditions.",
  "Good evening, my name is {first} {name} and I live on {street}. I am here to speak about {topic}.",
  "The fiscal year {year} budget includes ${amount} million for {topic} and {count} new positions.",
  "Public comment is now closed. We will bring it back to the council for deliberation.",
  "Item number {day} on the consent calendar, a resolution regarding {topic}.",
  "Director {name}, could you walk us through the timeline for {topic} and the community outreach so far?",
  "The grant from the state covers {percent} percent of {topic}; the city share is ${thousands} thousand.",
];
const FIRST_NAMES = ["Maria", "James", "Aisha", "Tom", "Linda", "Wei", "Carlos", "Fatima", "Greg", "Priya"];
const MONTHS = ["January", "March", "April", "May", "September", "October", "November"];
const MEETING_KINDS = [
  "City Council Regular Meeting",
  "City Council Regular Meeting",
  "City Council Special Meeting",
  "Planning Commission",
  "Budget and Finance Committee",
  "Parks and Recreation Commission",
];

export type CorpusCity = { name: string; state: string; locationKey: string; status: "Live" | "Test" };
export type CorpusMeeting = {
  cityIndex: number;
  videoId: string;
  title: string;
  description: string;
  publishedAt: Date;
  segments: TranscriptSegment[];
};

type Random = () => number;

function seededRandom(seed: number): Random {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32: fast and good enough for text.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)]!;
}

export function corpusCities(): CorpusCity[] {
  return CORPUS_CITIES.map(([name, state], index) => ({
    name,
    state,
    locationKey: `bench-${name.toLowerCase().replace(/ /g, "-")}-${state.toLowerCase()}`,
    status: index < CORPUS_CITIES.length - NON_LIVE_CITY_COUNT ? "Live" : "Test",
  }));
}

/** MeetingBank sentences of a useful length, or [] without the sample. */
export function meetingBankSentences(): string[] {
  const data = loadMeetingBank();
  if ("missing" in data) return [];
  return data.rows
    .flatMap((row) => row.transcript.split(/(?<=[.?!])\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 40 && sentence.length <= 400);
}

function syntheticLine(random: Random, topic: string, speakers: string[]): string {
  return pick(LINES, random)
    .replace(/\{topic\}/g, topic)
    .replace(/\{street\}/g, pick(STREETS, random))
    .replace("{amount}", (1 + Math.floor(random() * 90) / 10).toFixed(1))
    .replace("{day}", String(1 + Math.floor(random() * 28)))
    .replace("{year}", String(2016 + Math.floor(random() * 11)))
    .replace("{ayes}", String(4 + Math.floor(random() * 3)))
    .replace("{nays}", String(Math.floor(random() * 2)))
    .replace("{weeks}", String(2 + Math.floor(random() * 20)))
    .replace("{count}", String(5 + Math.floor(random() * 200)))
    .replace("{percent}", String(10 + Math.floor(random() * 80)))
    .replace("{thousands}", String(50 + Math.floor(random() * 900)))
    .replace("{month}", pick(MONTHS, random))
    .replace("{first}", pick(FIRST_NAMES, random))
    .replace("{name}", pick(speakers, random).split(" ").at(-1)!);
}

const SEGMENTS_PER_MEETING = 170;
const SEGMENT_CHARS = 350;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2016, 0, 4);
const LAST_DAY = Date.UTC(2026, 5, 30);

/** Meeting `index` of a corpus of `total`: the same text every time. */
export function corpusMeeting(index: number, total: number, sentences: readonly string[]): CorpusMeeting {
  const random = seededRandom(index * 2654435761 + 17);
  const cityIndex = index % CORPUS_CITIES.length;
  const speakers = Array.from(
    { length: 6 },
    (_, i) => `${ROLES[i]} ${SURNAMES[(cityIndex * 3 + i * 7) % SURNAMES.length]!.toUpperCase()}`,
  );
  const street = pick(STREETS, random);
  const topics = Array.from({ length: 4 }, () => pick(TOPICS, random).replace("{street}", street));
  if (random() < 0.01) topics.push(pick(RARE_TOPICS, random));
  // Spread over ten years, newest last, with a little jitter.
  const day = FIRST_DAY + Math.floor(((LAST_DAY - FIRST_DAY) / DAY_MS) * ((index + random()) / total)) * DAY_MS;
  const publishedAt = new Date(day + 18 * 3_600_000);
  const kind = pick(MEETING_KINDS, random);
  const dateText = publishedAt.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
  const segments: TranscriptSegment[] = [];
  let seconds = 0;
  for (let position = 0; position < SEGMENTS_PER_MEETING; position++) {
    const topic = topics[Math.floor((position / SEGMENTS_PER_MEETING) * topics.length)]!;
    let text = "";
    while (text.length < SEGMENT_CHARS) {
      const line =
        sentences.length > 0 && random() < 0.5 ? pick(sentences, random) : syntheticLine(random, topic, speakers);
      text += (text ? " " : "") + line;
    }
    const duration = 20 + Math.floor(random() * 40);
    segments.push({
      position,
      startSeconds: seconds,
      endSeconds: seconds + duration,
      speaker: pick(speakers, random),
      text,
    });
    seconds += duration;
  }
  return {
    cityIndex,
    videoId: `bench-${String(index).padStart(6, "0")}`,
    title: `${kind} – ${dateText}`,
    description: `Agenda: ${topics.map((topic) => topic.replace(/^the /, "")).join("; ")}.`,
    publishedAt,
    segments,
  };
}
