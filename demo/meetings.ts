/**
 * The demo meeting videos: which body met when, what kind of transcript the
 * video has (none, a scrap, a short fragment, or a whole composed meeting),
 * and which ones get an analysis and a story. Everything is derived from
 * fixed plans and seeded randomness, so every run gives the same rows.
 */
import { createRng, fakeYoutubeId } from "./prng";
import { seedCity } from "./cities";
import { seedSource } from "./sources";
import { composeBrief, composeTiny, type BriefKind, type TinyKind } from "./transcripts/brief";
import { composeMeeting, type ComposedMeeting, type Extra } from "./transcripts/compose";
import { meetingDate } from "./transcripts/types";

type TranscriptSpec =
  | { type: "none" }
  | { type: "tiny"; kind: TinyKind }
  | { type: "brief"; kind: BriefKind }
  | {
      type: "meeting";
      items: number;
      include?: readonly string[];
      publicComments?: number;
      reports?: boolean;
      extras?: readonly Extra[];
    };

type VideoPlan = {
  key: string;
  sourceKey: string;
  date: string;
  kind?: "regular" | "special" | "study";
  transcript: TranscriptSpec;
  /** "auto": written from the agenda; "generic": a stock line; null: none. */
  description: "auto" | "generic" | null;
  analysis?: boolean;
  story?: "structured" | "legacy";
  /** The item the story leads with (defaults to the first lead-worthy item). */
  storyItem?: string;
};

export type SeedVideo = {
  key: string;
  cityKey: string;
  sourceKey: string;
  videoId: string;
  videoUrl: string;
  title: string;
  description: string | null;
  transcript: string | null;
  thumbnailUrl: null;
  publishedAt: Date;
  channelTitle: string;
  /** The composed meeting behind a full transcript, for the analyses. */
  meeting: ComposedMeeting | null;
  analysis: boolean;
  story: "structured" | "legacy" | null;
  storyItem: string | null;
};

const none: TranscriptSpec = { type: "none" };
const tiny = (kind: TinyKind): TranscriptSpec => ({ type: "tiny", kind });
const brief = (kind: BriefKind): TranscriptSpec => ({ type: "brief", kind });
const meeting = (
  items: number,
  more: Omit<Extract<TranscriptSpec, { type: "meeting" }>, "type" | "items"> = {},
): TranscriptSpec => ({
  type: "meeting",
  items,
  ...more,
});

/** Phrases said exactly once in all the demo data, for search tests. */
const MOMENT_TEXT = {
  willowBridge: {
    phrase: "pedestrian bridge over Willow Creek",
    text: `I'm here for the Fernhill neighborhood association. The pedestrian bridge over Willow Creek, the little one behind the middle school, has had a loose railing since the last storm. A child could slip right through it. We reported it three weeks ago and it's still taped off with caution tape.`,
  },
  seismicLibrary: {
    phrase: "seismic retrofit of the old library",
    text: `I toured the annex on Laurel Street with our engineers this week. The seismic retrofit of the old library is finally out to bid, and if the bids come in where we hope, the reading room could reopen next fall.`,
  },
  seaLions: {
    phrase: "sea lions on the fuel dock",
    text: `I manage the fuel dock at the marina. We have had sea lions on the fuel dock every morning since July, a dozen of them, and one of them bit through a hose last week. I know they're protected and I'm not asking anyone to hurt them. I'm asking who I call, because nobody seems to know.`,
  },
  javelina: {
    phrase: "javelina in the community garden",
    text: `I coordinate the plots on Mesa Drive. We have javelina in the community garden every single night now. They went through forty tomato plants and the whole squash bed. We'd like permission to put up a taller fence on the city's side of the lot.`,
  },
  iceShanty: {
    phrase: "ice shanty permit deadline",
    text: `I got a lot of calls this week about the ice shanty permit deadline. Shanties have to be off the lake by the first Sunday in March, and the sheriff's office says the ice on the north bay is already getting soft, so please don't wait.`,
  },
  heronRookery: {
    phrase: "blue heron rookery",
    text: `I'm a volunteer bird counter with the Audubon chapter. There is a blue heron rookery in the eucalyptus grove behind the vacant lot on Sequoia Avenue where the grocery store is proposed, nine active nests this spring. I'm not here to oppose the store. I'm asking that tree work and grading wait until the chicks fledge in July.`,
  },
} as const;

/** An emailed comment and a public comment that contain markup, for escaping tests. */
const HTML_COMMENTS: readonly Extra[] = [
  {
    section: "public",
    speaker: "clerk",
    text: `We received one written comment by email, from Teresa Vance. I'll read it as it came in, including the formatting tags that came through: <b>Please vote NO on the rate increase.</b> <i>Seniors on fixed incomes cannot absorb another increase.</i> End of comment.`,
  },
  {
    section: "public",
    text: `I'm a retired software engineer. When I typed <script>alert("x")</script> into the comment form on the city website last week, it popped up as an alert on the agenda page. That is a security problem, and somebody should fix it before someone less friendly than me finds it.`,
  },
];

const PLANS: readonly VideoPlan[] = [
  // ---------------------------------------------------------------- Alder Creek, city council
  {
    key: "ac-cc-2025-06-03",
    sourceKey: "alder-creek-council",
    date: "2025-06-03",
    transcript: meeting(3),
    description: "auto",
  },
  {
    key: "ac-cc-2025-07-15",
    sourceKey: "alder-creek-council",
    date: "2025-07-15",
    transcript: meeting(9, { include: ["water-rate-plan"], publicComments: 3 }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "water-rate-plan",
  },
  {
    key: "ac-cc-2025-08-05",
    sourceKey: "alder-creek-council",
    date: "2025-08-05",
    kind: "special",
    transcript: brief("closed-session"),
    description: "generic",
  },
  {
    key: "ac-cc-2025-09-02",
    sourceKey: "alder-creek-council",
    date: "2025-09-02",
    transcript: none,
    description: "generic",
  },
  {
    key: "ac-cc-2025-09-16",
    sourceKey: "alder-creek-council",
    date: "2025-09-16",
    transcript: meeting(12, {
      include: ["footbridge-replacement"],
      publicComments: 3,
      extras: [{ section: "public", text: MOMENT_TEXT.willowBridge.text }],
    }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "footbridge-replacement",
  },
  {
    key: "ac-cc-2025-10-07",
    sourceKey: "alder-creek-council",
    date: "2025-10-07",
    transcript: meeting(4),
    description: null,
    analysis: true,
  },
  {
    key: "ac-cc-2025-11-04",
    sourceKey: "alder-creek-council",
    date: "2025-11-04",
    transcript: tiny("audio-check"),
    description: "generic",
  },
  {
    key: "ac-cc-2025-12-02",
    sourceKey: "alder-creek-council",
    date: "2025-12-02",
    transcript: meeting(14, {
      include: ["affordable-housing-loan", "winter-warming-center"],
      publicComments: 4,
      extras: [{ section: "reports", member: 1, text: MOMENT_TEXT.seismicLibrary.text }],
    }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "affordable-housing-loan",
  },
  {
    key: "ac-cc-2026-01-06",
    sourceKey: "alder-creek-council",
    date: "2026-01-06",
    transcript: meeting(2, { include: ["mid-year-budget-review"] }),
    description: "auto",
    analysis: true,
  },
  {
    key: "ac-cc-2026-02-03",
    sourceKey: "alder-creek-council",
    date: "2026-02-03",
    transcript: meeting(3, { include: ["police-budget-amendment"] }),
    description: null,
    analysis: true,
    story: "legacy",
  },
  {
    key: "ac-cc-2026-03-03",
    sourceKey: "alder-creek-council",
    date: "2026-03-03",
    transcript: meeting(10, { include: ["protected-bike-lane"], publicComments: 3 }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "protected-bike-lane",
  },
  {
    key: "ac-cc-2026-04-07",
    sourceKey: "alder-creek-council",
    date: "2026-04-07",
    kind: "study",
    transcript: brief("caption-fragment"),
    description: "generic",
  },
  {
    key: "ac-cc-2026-05-05",
    sourceKey: "alder-creek-council",
    date: "2026-05-05",
    transcript: meeting(4, { include: ["library-sunday-hours"] }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "library-sunday-hours",
  },
  {
    key: "ac-cc-2026-06-02",
    sourceKey: "alder-creek-council",
    date: "2026-06-02",
    transcript: none,
    description: null,
  },
  {
    key: "ac-cc-2026-07-07",
    sourceKey: "alder-creek-council",
    date: "2026-07-07",
    transcript: meeting(1, { publicComments: 1, reports: false }),
    description: "auto",
  },
  {
    // A veto override that fails and a motion to deny that carries (issue 27): demo/decisions.ts.
    key: "ac-cc-2026-08-18",
    sourceKey: "alder-creek-council",
    date: "2026-08-18",
    kind: "special",
    transcript: brief("veto-override"),
    description: "generic",
    analysis: true,
    story: "structured",
  },
  {
    key: "ac-cc-2026-09-01",
    sourceKey: "alder-creek-council",
    date: "2026-09-01",
    transcript: meeting(11, { publicComments: 2 }),
    description: "auto",
  },
  {
    key: "ac-cc-2026-10-06",
    sourceKey: "alder-creek-council",
    date: "2026-10-06",
    transcript: meeting(3),
    description: null,
  },
  {
    key: "ac-cc-2026-11-03",
    sourceKey: "alder-creek-council",
    date: "2026-11-03",
    transcript: none,
    description: "generic",
  },
  // ---------------------------------------------------------------- Alder Creek, planning commission
  {
    key: "ac-pc-2025-07-10",
    sourceKey: "alder-creek-planning",
    date: "2025-07-10",
    transcript: meeting(2, { include: ["setback-variance"], reports: false }),
    description: "auto",
  },
  {
    key: "ac-pc-2025-10-09",
    sourceKey: "alder-creek-planning",
    date: "2025-10-09",
    transcript: none,
    description: "generic",
  },
  {
    key: "ac-pc-2026-02-12",
    sourceKey: "alder-creek-planning",
    date: "2026-02-12",
    transcript: meeting(3, {
      include: ["grocery-design-review"],
      publicComments: 1,
      extras: [{ section: "public", text: MOMENT_TEXT.heronRookery.text }],
    }),
    description: "auto",
    analysis: true,
  },
  {
    key: "ac-pc-2026-06-11",
    sourceKey: "alder-creek-planning",
    date: "2026-06-11",
    transcript: brief("no-quorum"),
    description: null,
  },
  // ---------------------------------------------------------------- Alder Creek, school board
  {
    key: "ac-sb-2025-08-14",
    sourceKey: "alder-creek-schools",
    date: "2025-08-14",
    transcript: none,
    description: "generic",
  },
  {
    key: "ac-sb-2026-01-22",
    sourceKey: "alder-creek-schools",
    date: "2026-01-22",
    transcript: meeting(2),
    description: "auto",
    analysis: true,
  },
  {
    key: "ac-sb-2026-04-23",
    sourceKey: "alder-creek-schools",
    date: "2026-04-23",
    transcript: tiny("stand-by"),
    description: null,
  },
  // ---------------------------------------------------------------- Port Halvern, city council
  {
    key: "ph-cc-2025-06-10",
    sourceKey: "port-halvern-council",
    date: "2025-06-10",
    transcript: meeting(2),
    description: "auto",
  },
  {
    key: "ph-cc-2025-08-12",
    sourceKey: "port-halvern-council",
    date: "2025-08-12",
    transcript: meeting(8, {
      include: ["wildfire-preparedness"],
      publicComments: 3,
      extras: [{ section: "public", text: MOMENT_TEXT.seaLions.text }],
    }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "wildfire-preparedness",
  },
  {
    key: "ph-cc-2025-10-14",
    sourceKey: "port-halvern-council",
    date: "2025-10-14",
    transcript: none,
    description: "generic",
  },
  {
    key: "ph-cc-2025-12-09",
    sourceKey: "port-halvern-council",
    date: "2025-12-09",
    transcript: meeting(3, { include: ["winter-warming-center"] }),
    description: "auto",
    analysis: true,
  },
  {
    key: "ph-cc-2026-02-10",
    sourceKey: "port-halvern-council",
    date: "2026-02-10",
    transcript: brief("no-quorum"),
    description: "generic",
  },
  {
    key: "ph-cc-2026-04-14",
    sourceKey: "port-halvern-council",
    date: "2026-04-14",
    transcript: meeting(9, { include: ["short-term-rental-ordinance"], publicComments: 2 }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "short-term-rental-ordinance",
  },
  {
    key: "ph-cc-2026-07-14",
    sourceKey: "port-halvern-council",
    date: "2026-07-14",
    transcript: meeting(2, { include: ["park-playground-renovation"] }),
    description: null,
    analysis: true,
  },
  {
    key: "ph-cc-2026-10-13",
    sourceKey: "port-halvern-council",
    date: "2026-10-13",
    transcript: tiny("recess"),
    description: "generic",
  },
  // ---------------------------------------------------------------- Port Halvern, Lusk County board
  {
    key: "ph-co-2025-09-03",
    sourceKey: "port-halvern-county",
    date: "2025-09-03",
    transcript: meeting(2, { include: ["wildfire-preparedness", "transfer-station-fees"] }),
    description: "auto",
    analysis: true,
  },
  {
    key: "ph-co-2026-03-04",
    sourceKey: "port-halvern-county",
    date: "2026-03-04",
    transcript: tiny("audio-check"),
    description: null,
  },
  {
    key: "ph-co-2026-08-05",
    sourceKey: "port-halvern-county",
    date: "2026-08-05",
    transcript: brief("cancelled"),
    description: "generic",
  },
  // ---------------------------------------------------------------- Cinder Bluff, city council
  {
    key: "cb-cc-2025-06-24",
    sourceKey: "cinder-bluff-council",
    date: "2025-06-24",
    transcript: meeting(3),
    description: "auto",
  },
  {
    key: "cb-cc-2025-09-23",
    sourceKey: "cinder-bluff-council",
    date: "2025-09-23",
    transcript: meeting(10, {
      include: ["police-budget-amendment"],
      publicComments: 3,
      extras: [{ section: "public", text: MOMENT_TEXT.javelina.text }],
    }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "police-budget-amendment",
  },
  {
    key: "cb-cc-2025-11-25",
    sourceKey: "cinder-bluff-council",
    date: "2025-11-25",
    transcript: none,
    description: "generic",
  },
  {
    key: "cb-cc-2026-01-27",
    sourceKey: "cinder-bluff-council",
    date: "2026-01-27",
    transcript: meeting(2, { include: ["water-rate-plan"], publicComments: 1, extras: HTML_COMMENTS }),
    description: "auto",
    analysis: true,
  },
  {
    key: "cb-cc-2026-03-24",
    sourceKey: "cinder-bluff-council",
    date: "2026-03-24",
    transcript: brief("proclamation"),
    description: null,
  },
  {
    key: "cb-cc-2026-05-26",
    sourceKey: "cinder-bluff-council",
    date: "2026-05-26",
    transcript: meeting(4, { include: ["park-playground-renovation"] }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "park-playground-renovation",
  },
  {
    key: "cb-cc-2026-08-25",
    sourceKey: "cinder-bluff-council",
    date: "2026-08-25",
    transcript: tiny("music"),
    description: "generic",
  },
  {
    key: "cb-cc-2026-10-27",
    sourceKey: "cinder-bluff-council",
    date: "2026-10-27",
    transcript: meeting(8, { publicComments: 2 }),
    description: null,
  },
  // ---------------------------------------------------------------- Lake Wendell, city council
  {
    key: "lw-cc-2025-07-21",
    sourceKey: "lake-wendell-council",
    date: "2025-07-21",
    transcript: meeting(2, { include: ["stormwater-flooding"] }),
    description: "auto",
    analysis: true,
  },
  {
    key: "lw-cc-2025-10-20",
    sourceKey: "lake-wendell-council",
    date: "2025-10-20",
    transcript: none,
    description: "generic",
  },
  {
    key: "lw-cc-2026-01-20",
    sourceKey: "lake-wendell-council",
    date: "2026-01-20",
    transcript: meeting(3, { extras: [{ section: "reports", member: 2, text: MOMENT_TEXT.iceShanty.text }] }),
    description: "auto",
  },
  {
    key: "lw-cc-2026-04-20",
    sourceKey: "lake-wendell-council",
    date: "2026-04-20",
    transcript: brief("proclamation"),
    description: "generic",
  },
  {
    key: "lw-cc-2026-09-21",
    sourceKey: "lake-wendell-council",
    date: "2026-09-21",
    transcript: meeting(4, { include: ["library-sunday-hours"] }),
    description: "auto",
    analysis: true,
    story: "structured",
    storyItem: "library-sunday-hours",
  },
  // ---------------------------------------------------------------- Old Millbrook (archived)
  {
    key: "om-bc-2025-06-09",
    sourceKey: "old-millbrook-council",
    date: "2025-06-09",
    transcript: meeting(2),
    description: "auto",
  },
  {
    key: "om-bc-2025-07-14",
    sourceKey: "old-millbrook-council",
    date: "2025-07-14",
    transcript: none,
    description: null,
  },
  // A New city: its source was listed once, captions not fetched yet.
  {
    key: "jf-tb-2026-11-03",
    sourceKey: "juniper-flats-council",
    date: "2026-11-03",
    transcript: none,
    description: "generic",
  },
];

const TITLE_PREFIX: Record<string, string> = {
  "alder-creek-council": "City Council",
  "alder-creek-planning": "Planning Commission",
  "alder-creek-schools": "Board of Trustees",
  "port-halvern-council": "Port Halvern City Council",
  "port-halvern-county": "Lusk County Board of Commissioners",
  "cinder-bluff-council": "City Council",
  "lake-wendell-council": "Lake Wendell City Council",
  "old-millbrook-council": "Borough Council",
  "juniper-flats-council": "Town Board",
};

function titleFor(plan: VideoPlan): string {
  const date = meetingDate(plan.date).long;
  const prefix = TITLE_PREFIX[plan.sourceKey] ?? "City Council";
  const kind = plan.kind ?? "regular";
  if (kind === "special") return `${prefix} Special Meeting – ${date}`;
  if (kind === "study") return `${prefix} Study Session – ${date}`;
  if (plan.sourceKey.endsWith("county")) return `${prefix} Business Session – ${date}`;
  if (plan.sourceKey.endsWith("planning")) return `${prefix} Meeting – ${date}`;
  if (plan.sourceKey.startsWith("port-halvern")) return `${prefix} – Regular Session – ${date}`;
  return `${prefix} Regular Meeting – ${date}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function describe(plan: VideoPlan, composed: ComposedMeeting | null): string | null {
  if (plan.description === null) return null;
  const source = seedSource(plan.sourceKey);
  const city = seedCity(source.cityKey);
  const date = meetingDate(plan.date).long;
  if (plan.description === "generic" || !composed) {
    const where = source.sourceType === "county" ? `on the ${city.county} website` : `at ${city.domain}`;
    return `Live stream of the ${date} meeting of the ${source.bodyName}. Agendas, staff reports and minutes are posted ${where}.`;
  }
  const agenda = composed.items.slice(0, 4).map((item) => `• ${capitalize(item.built.title)}`);
  return [
    `${source.bodyName}, ${date}.`,
    "",
    "Agenda highlights:",
    ...agenda,
    "",
    source.sourceType === "county"
      ? `Agendas and minutes are posted on the ${city.county} website.`
      : `Public comment may be submitted by email to the clerk before 5 p.m. on the day of the meeting. Full agenda packet: https://${city.domain}/agendas`,
  ].join("\n");
}

/** Per body, how often each agenda item has been used so far (plans are composed in order). */
const ITEM_USAGE = new Map<string, Map<string, number>>();

function transcriptFor(plan: VideoPlan): { transcript: string | null; composed: ComposedMeeting | null } {
  const spec = plan.transcript;
  switch (spec.type) {
    case "none":
      return { transcript: null, composed: null };
    case "tiny":
      return { transcript: composeTiny(plan.sourceKey, spec.kind), composed: null };
    case "brief":
      return { transcript: composeBrief(plan.key, plan.sourceKey, plan.date, spec.kind), composed: null };
    case "meeting": {
      const usage = ITEM_USAGE.get(plan.sourceKey) ?? new Map<string, number>();
      ITEM_USAGE.set(plan.sourceKey, usage);
      const composed = composeMeeting({
        key: plan.key,
        sourceKey: plan.sourceKey,
        date: plan.date,
        items: spec.items,
        include: spec.include,
        publicComments: spec.publicComments,
        reports: spec.reports,
        extras: spec.extras,
        usage,
      });
      for (const item of composed.items) usage.set(item.itemId, (usage.get(item.itemId) ?? 0) + 1);
      return { transcript: composed.transcript, composed };
    }
  }
}

function buildVideo(plan: VideoPlan): SeedVideo {
  const source = seedSource(plan.sourceKey);
  const { transcript, composed } = transcriptFor(plan);
  const videoId = fakeYoutubeId(plan.key);
  const rng = createRng(`published:${plan.key}`);
  const [y, m, d] = plan.date.split("-").map(Number) as [number, number, number];
  // Posted the next morning or the day after, Pacific time.
  const publishedAt = new Date(Date.UTC(y, m - 1, d + rng.int(1, 2), rng.int(15, 22), rng.int(0, 59)));
  return {
    key: plan.key,
    cityKey: source.cityKey,
    sourceKey: plan.sourceKey,
    videoId,
    videoUrl: `https://www.youtube.com/watch?v=${videoId}`,
    title: titleFor(plan),
    description: describe(plan, composed),
    transcript,
    thumbnailUrl: null,
    publishedAt,
    channelTitle: source.channelTitle,
    meeting: composed,
    analysis: plan.analysis ?? false,
    story: plan.story ?? null,
    storyItem: plan.storyItem ?? null,
  };
}

export const SEED_VIDEOS: readonly SeedVideo[] = PLANS.map(buildVideo);

export function seedVideo(key: string): SeedVideo {
  const video = SEED_VIDEOS.find((candidate) => candidate.key === key);
  if (!video) throw new Error(`Unknown seed video ${key}`);
  return video;
}

export type SearchableMoment = {
  cityKey: string;
  videoId: string;
  phrase: string;
  startSeconds: number;
  speaker: string;
};

const MOMENT_VIDEOS: readonly [keyof typeof MOMENT_TEXT, string][] = [
  ["willowBridge", "ac-cc-2025-09-16"],
  ["seismicLibrary", "ac-cc-2025-12-02"],
  ["seaLions", "ph-cc-2025-08-12"],
  ["javelina", "cb-cc-2025-09-23"],
  ["iceShanty", "lw-cc-2026-01-20"],
  ["heronRookery", "ac-pc-2026-02-12"],
];

/**
 * Distinctive phrases, each said exactly once in the whole demo data, with
 * the video, the start of the line that says it and who said it.
 */
export const SEARCHABLE_MOMENTS: readonly SearchableMoment[] = MOMENT_VIDEOS.map(([moment, key]) => {
  const video = seedVideo(key);
  const { phrase } = MOMENT_TEXT[moment];
  const line = video.meeting?.lines.find((candidate) => candidate.text.includes(phrase));
  if (!line) throw new Error(`Moment ${moment} not found in ${key}`);
  return { cityKey: video.cityKey, videoId: video.videoId, phrase, startSeconds: line.seconds, speaker: line.speaker };
});

/** A transcript (over 1,000 characters) containing `<b>` and `<script>` text, to test escaping. */
export const HTML_TEXT_VIDEO_ID: string = seedVideo("cb-cc-2026-01-27").videoId;
