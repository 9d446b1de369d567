import { describe, expect, it } from "vitest";
import { parseSettings } from "~/lib/env/settings.server";
import { extractAudio, FfmpegMissingError, parseSilences } from "~/lib/transcription/audio.server";
import { planChunks } from "~/lib/transcription/chunks";
import type { SpokenSegment } from "~/lib/transcription/client.server";
import { readTranscriptionConfig } from "~/lib/transcription/client.server";
import { checkSegmentTimes, dropHallucinations, isHallucinatedLine } from "~/lib/transcription/filters";

/** Speech-to-text's pure rules (docs/decisions/0071-speech-to-text.md): chunk plans, time checks, hallucinations. */

const say = (start: number, end: number, text: string, speaker: string | null = null): SpokenSegment => ({
  start,
  end,
  text,
  speaker,
});

describe("chunks of a recording", () => {
  const lengths = { minSeconds: 600, maxSeconds: 900 };

  it("cuts in the middle of the longest silence between 10 and 15 minutes, each chunk with its offset", () => {
    const silences = [
      { start: 300, end: 310 }, // before the window: not a cut
      { start: 650, end: 652 },
      { start: 800, end: 806 }, // the longest in the window
      { start: 1500, end: 1501 },
    ];
    expect(planChunks(2000, silences, lengths)).toEqual([
      { index: 0, start: 0, end: 803 },
      { index: 1, start: 803, end: 1500.5 },
      { index: 2, start: 1500.5, end: 2000 },
    ]);
  });

  it("cuts at 15 minutes where there is no silence, and a short recording is one chunk", () => {
    expect(planChunks(2000, [], lengths).map((chunk) => [chunk.start, chunk.end])).toEqual([
      [0, 900],
      [900, 1800],
      [1800, 2000],
    ]);
    expect(planChunks(120, [{ start: 50, end: 60 }], lengths)).toEqual([{ index: 0, start: 0, end: 120 }]);
  });

  it("names Debian's ffmpeg package when ffmpeg is not installed", async () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const error = await extractAudio("/nonexistent/meeting.mp4", "/nonexistent/audio.wav").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FfmpegMissingError);
      expect((error as Error).message).toBe(
        "ffmpeg is not installed: speech-to-text needs it. Install Debian's ffmpeg package (apt-get install ffmpeg), which provides ffmpeg and ffprobe.",
      );
    } finally {
      process.env.PATH = path;
    }
  });

  it("reads ffmpeg's silencedetect log, a silence running to the end included", () => {
    const log = [
      "[silencedetect @ 0x55] silence_start: 4.2",
      "[silencedetect @ 0x55] silence_end: 6.31 | silence_duration: 2.11",
      "size=N/A time=00:01:00.00 bitrate=N/A speed= 600x",
      "[silencedetect @ 0x55] silence_start: 58.5",
    ].join("\n");
    expect(parseSilences(log, 60)).toEqual([
      { start: 4.2, end: 6.31 },
      { start: 58.5, end: 60 },
    ]);
  });
});

describe("times a server gives", () => {
  it("accepts segments inside the chunk and cuts an end a rounding past it", () => {
    expect(checkSegmentTimes([say(0, 4, "Good evening."), say(590, 600.3, "Thank you.")], 600)).toEqual([
      say(0, 4, "Good evening."),
      say(590, 600, "Thank you."),
    ]);
  });

  it("refuses a segment that ends after its chunk, runs backwards or starts before the chunk", () => {
    expect(() => checkSegmentTimes([say(595, 612, "And so")], 600)).toThrow(
      'segment 1 ("And so") ends at 612.0 s, after the end of its 600.0 s chunk.',
    );
    expect(() => checkSegmentTimes([say(1, 2, "Fine."), say(30, 12, "Backwards")], 600)).toThrow(
      'segment 2 ("Backwards") runs backwards: it ends at 12.0 s before it starts at 30.0 s.',
    );
    expect(() => checkSegmentTimes([say(-3, 2, "Early")], 600)).toThrow(
      'segment 1 ("Early") starts before the chunk, at -3.0 s.',
    );
  });
});

describe("hallucinations", () => {
  it("knows the lines models write on silence and music, and leaves council speech alone", () => {
    for (const line of [
      "Thank you for watching.",
      "Thanks for watching!",
      "Thank you so much for watching",
      "Subtitles by the Amara.org community",
      "Subtitled by ESO",
      "Transcription by CastingWords",
      "Please subscribe to my channel.",
      "© BBC 2021",
      "[Music]",
      "",
    ])
      expect(isHallucinatedLine(line), line).toBe(true);
    for (const line of [
      "Thank you for watching the budget hearing so closely, Council Member.",
      "Thank you.",
      "The captions on the city's channel are provided by staff.",
      "Aye.",
    ])
      expect(isHallucinatedLine(line), line).toBe(false);
  });

  it("drops lines heard in long silence, keeps short answers said in a row, and keeps one line of a loop", () => {
    const silences = [
      { start: 10, end: 20 },
      { start: 30, end: 30.4 }, // a pause between words: not where lines are invented
    ];
    const { kept, dropped } = dropHallucinations(
      [
        say(1, 4, "Good evening."),
        say(12, 14, "Thank you."), // in the silence
        say(21, 22, "Aye."),
        say(22.5, 23, "Aye."),
        say(23.5, 24, "Aye."),
        say(29.8, 31, "We will now take a recess."),
        say(31, 32, "We will now take a recess."),
        say(32, 33, "We will now take a recess."),
        say(33, 34, "We will now take a recess."),
        say(35, 38, "I'm so sorry. I'm so sorry. I'm so sorry."),
        say(39, 40, "Thank you for watching."),
      ],
      silences,
    );
    expect(kept.map((segment) => [segment.start, segment.text])).toEqual([
      [1, "Good evening."],
      [21, "Aye."],
      [22.5, "Aye."],
      [23.5, "Aye."],
      [29.8, "We will now take a recess."],
      [35, "I'm so sorry."],
    ]);
    expect(dropped).toBe(5);
  });

  it("keeps a line said twice in a row", () => {
    const twice = [say(1, 2, "Can everyone hear me?"), say(3, 4, "Can everyone hear me?")];
    expect(dropHallucinations(twice, []).kept).toHaveLength(2);
  });
});

describe("transcription settings", () => {
  it("is off without TRANSCRIPTION_BASE_URL and takes the address with or without /v1", () => {
    expect(readTranscriptionConfig(parseSettings({}))).toBeNull();
    for (const base of ["http://127.0.0.1:8000", "http://127.0.0.1:8000/", "http://127.0.0.1:8000/v1/"])
      expect(readTranscriptionConfig(parseSettings({ TRANSCRIPTION_BASE_URL: base }))).toMatchObject({
        baseUrl: "http://127.0.0.1:8000",
        model: "whisper-1",
        retries: 2,
        apiKey: null,
      });
  });

  it("refuses an address that is not http(s) and chunk lengths the wrong way round", () => {
    expect(() =>
      parseSettings({
        TRANSCRIPTION_BASE_URL: "ftp://example.org",
        TRANSCRIPTION_API_KEY: "sk-secret",
        TRANSCRIPTION_RETRIES: "-1",
      }),
    ).toThrow(
      /TRANSCRIPTION_BASE_URL="ftp:\/\/example.org": must be an http:\/\/ or https:\/\/ address\n {2}TRANSCRIPTION_RETRIES="-1": must be a whole number of at least 0$/,
    );
    expect(() =>
      parseSettings({ TRANSCRIPTION_CHUNK_MIN_SECONDS: "900", TRANSCRIPTION_CHUNK_MAX_SECONDS: "600" }),
    ).toThrow('TRANSCRIPTION_CHUNK_MIN_SECONDS="900": must be less than TRANSCRIPTION_CHUNK_MAX_SECONDS');
  });
});
