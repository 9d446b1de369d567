import { describe, expect, it } from "vitest";
import { mergeCues } from "~/lib/transcripts/cues";
import {
  detectTranscriptFormat,
  formatTranscriptText,
  parseTimestampedTranscript,
  parseTranscript,
  toSeconds,
} from "~/lib/transcripts/parse";
import { youtubeIdOfVideo, youtubeVideoId } from "~/lib/youtube/video-id";

const VTT = `WEBVTT
Kind: captions
Language: en

NOTE recorded by the city clerk's office

1
00:00:03.200 --> 00:00:07.300 align:start position:0%
<v Mayor Lopez>Good evening, I call this meeting
of the Riverton City Council to order.</v>

00:00:07.300 --> 00:00:10.800
<v Mayor Lopez>Item four is the <i>Oak Street</i> resurfacing contract.

01:15.000 --> 01:20.000
<v City Manager Okafor>Thank you, Mayor. The contract is $2.4 million &amp; funded by Measure B.
`;

const SRT = `1
00:00:03,200 --> 00:00:07,300
MAYOR LOPEZ: Good evening, I call this meeting
of the Riverton City Council to order.

2
00:00:07,300 --> 00:00:10,800
Item four is the <i>Oak Street</i> resurfacing contract.

3
00:01:15,000 --> 00:01:20,000
CITY MANAGER OKAFOR: Thank you, Mayor. The contract is $2.4 million.

4
00:02:04,500 --> 00:02:07,500
>> I move that we approve the contract.
`;

const TIMESTAMPED = `[00:00:05] MAYOR LOPEZ: Good evening. I call this meeting to order.
[00:01:30] CITY MANAGER OKAFOR: The contract is $2.4 million
and is funded by the Measure B transportation fund.
[1:02:03] COUNCILMEMBER PARK: Second.`;

const PLAIN = `MAYOR LOPEZ: Good evening. I call this meeting to order.
Item four is the Oak Street resurfacing contract.

CITY MANAGER OKAFOR: Thank you, Mayor. The contract is $2.4 million.
COUNCILMEMBER PARK: Second.

The motion carried five to nothing and the meeting was adjourned.`;

describe("detectTranscriptFormat", () => {
  it("tells WebVTT, SRT, timestamped lines and plain text apart", () => {
    expect(detectTranscriptFormat(VTT)).toBe("webvtt");
    expect(detectTranscriptFormat(`\uFEFF${VTT}`)).toBe("webvtt");
    expect(detectTranscriptFormat(SRT)).toBe("srt");
    expect(detectTranscriptFormat(TIMESTAMPED)).toBe("timestamped");
    expect(detectTranscriptFormat(PLAIN)).toBe("plain");
    // Cues without the WEBVTT header and with dots are read as WebVTT.
    expect(detectTranscriptFormat("00:00:01.000 --> 00:00:02.000\nHello there.")).toBe("webvtt");
    // One stray timestamp in a long plain text does not make it timestamped.
    expect(detectTranscriptFormat("a\nb\nc\nd\n[00:00:01] e")).toBe("plain");
  });
});

describe("WebVTT", () => {
  it("reads cues, voices, markup and entities into timed segments", () => {
    const { format, segments } = parseTranscript(VTT);
    expect(format).toBe("webvtt");
    expect(segments).toEqual([
      {
        position: 0,
        startSeconds: 3.2,
        endSeconds: 10.8,
        speaker: "Mayor Lopez",
        text: "Good evening, I call this meeting of the Riverton City Council to order. Item four is the Oak Street resurfacing contract.",
      },
      {
        position: 1,
        startSeconds: 75,
        endSeconds: 80,
        speaker: "City Manager Okafor",
        text: "Thank you, Mayor. The contract is $2.4 million & funded by Measure B.",
      },
    ]);
  });

  it("drops the lines rolling captions repeat", () => {
    const rolling = `WEBVTT

00:00:01.000 --> 00:00:03.000
we are going to start

00:00:03.000 --> 00:00:03.010
we are going to start

00:00:03.010 --> 00:00:05.000
we are going to start
with the consent calendar`;
    expect(parseTranscript(rolling).segments.map((s) => s.text)).toEqual([
      "we are going to start with the consent calendar",
    ]);
  });
});

describe("SRT", () => {
  it("reads numbered cues; labels and >> start new speaker turns", () => {
    const { format, segments } = parseTranscript(SRT);
    expect(format).toBe("srt");
    expect(segments.map((s) => [s.startSeconds, s.speaker, s.text])).toEqual([
      [
        3.2,
        "MAYOR LOPEZ",
        "Good evening, I call this meeting of the Riverton City Council to order. Item four is the Oak Street resurfacing contract.",
      ],
      [75, "CITY MANAGER OKAFOR", "Thank you, Mayor. The contract is $2.4 million."],
      [124.5, null, "I move that we approve the contract."],
    ]);
  });
});

describe("timestamped lines", () => {
  it("keeps the existing parser's behavior", () => {
    const { format, segments } = parseTranscript(TIMESTAMPED);
    expect(format).toBe("timestamped");
    expect(segments).toEqual(parseTimestampedTranscript(TIMESTAMPED));
    expect(segments.map((s) => [s.startSeconds, s.endSeconds, s.speaker])).toEqual([
      [5, 90, "MAYOR LOPEZ"],
      [90, 3723, "CITY MANAGER OKAFOR"],
      [3723, null, "COUNCILMEMBER PARK"],
    ]);
    expect(segments[1]!.text).toBe("The contract is $2.4 million and is funded by the Measure B transportation fund.");
    // The existing exports still work.
    expect(toSeconds(1, 2, 3)).toBe(3723);
  });
});

describe("plain text", () => {
  it("splits paragraphs and speaker turns into untimed segments", () => {
    const { format, segments } = parseTranscript(PLAIN);
    expect(format).toBe("plain");
    expect(segments.map((s) => [s.position, s.startSeconds, s.speaker, s.text])).toEqual([
      [
        0,
        null,
        "MAYOR LOPEZ",
        "Good evening. I call this meeting to order. Item four is the Oak Street resurfacing contract.",
      ],
      [1, null, "CITY MANAGER OKAFOR", "Thank you, Mayor. The contract is $2.4 million."],
      [2, null, "COUNCILMEMBER PARK", "Second."],
      [3, null, null, "The motion carried five to nothing and the meeting was adjourned."],
    ]);
  });

  it("cuts a very long paragraph at sentence ends", () => {
    const sentence = "The council discussed the budget for the parks department at length. ";
    const { segments } = parseTranscript(sentence.repeat(60));
    expect(segments.length).toBeGreaterThan(2);
    for (const segment of segments) {
      expect(segment.text.length).toBeLessThanOrEqual(1200);
      expect(segment.text.endsWith(".")).toBe(true);
    }
  });

  it("gives nothing for blank text", () => {
    expect(parseTranscript(" \n\n ").segments).toEqual([]);
  });
});

describe("the stored form", () => {
  it("writes [hh:mm:ss] SPEAKER: text lines that parse back to the same segments", () => {
    const { segments } = parseTranscript(SRT);
    const text = formatTranscriptText(segments);
    expect(text.split("\n")[0]).toBe(
      "[00:00:03] MAYOR LOPEZ: Good evening, I call this meeting of the Riverton City Council to order. Item four is the Oak Street resurfacing contract.",
    );
    expect(text.split("\n")[2]).toBe("[00:02:04] I move that we approve the contract.");
    const reread = parseTimestampedTranscript(text);
    expect(reread.map((s) => [s.startSeconds, s.speaker, s.text])).toEqual(
      segments.map((s) => [Math.floor(s.startSeconds!), s.speaker, s.text]),
    );
  });

  it("writes untimed segments as paragraphs", () => {
    const { segments } = parseTranscript(PLAIN);
    expect(formatTranscriptText(segments).split("\n\n")).toHaveLength(4);
  });
});

describe("merging caption cues", () => {
  it("closes a segment at a sentence end after a while, and at 30 seconds in any case", () => {
    const cues = Array.from({ length: 20 }, (_, i) => ({
      startSeconds: i * 4,
      endSeconds: i * 4 + 4,
      text: i % 3 === 2 ? "and so on." : "words words",
    }));
    const segments = mergeCues(cues);
    expect(segments.length).toBeGreaterThan(2);
    for (const segment of segments) expect(segment.endSeconds! - segment.startSeconds!).toBeLessThanOrEqual(34);
  });
});

describe("YouTube video ids", () => {
  it("come from an id, a watch URL, a short link or an embed URL", () => {
    expect(youtubeVideoId("dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://youtu.be/dQw4w9WgXcQ?si=abc")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://www.youtube.com/live/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://vimeo.com/12345678901")).toBeNull();
    expect(youtubeVideoId("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(youtubeVideoId("")).toBeNull();
    expect(youtubeIdOfVideo({ videoId: "council-2025-01", videoUrl: "https://youtu.be/dQw4w9WgXcQ" })).toBe(
      "dQw4w9WgXcQ",
    );
  });
});
