/**
 * A real recording for the speech-to-text tests, made on this machine:
 * espeak-ng speaks a short council meeting in several voices (a call to
 * order, a motion, a vote, a recess), with silences between the lines, two
 * of them long; ffmpeg joins the pieces and wraps the sound in an MP4 video,
 * as a city would publish it. Where each line starts and ends is measured
 * from the samples themselves, not from a clock.
 *
 * scripts/ensure-system-deps.sh installs ffmpeg and espeak-ng; without them
 * `missingAudioTools()` names what is missing and the tests skip.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type SpokenLine = {
  text: string;
  voice: string;
  /** Silence after the line, in seconds. */
  pauseAfter: number;
};

/** A line where it was put in the recording: seconds from its start. */
export type PlacedLine = SpokenLine & { index: number; start: number; end: number };

/** Voices of espeak-ng 1.51 (Debian 12): four people. */
export const VOICES = { chair: "en-us", clerk: "en-gb", osman: "en-gb-scotland", reyes: "en-us+f3" } as const;

export const MEETING_LINES: readonly SpokenLine[] = [
  {
    voice: VOICES.chair,
    text: "Good evening. I call this meeting of the Riverton City Council to order.",
    pauseAfter: 2,
  },
  { voice: VOICES.clerk, text: "Council Member Osman.", pauseAfter: 1.5 },
  { voice: VOICES.osman, text: "Present.", pauseAfter: 1.5 },
  { voice: VOICES.clerk, text: "Council Member Reyes.", pauseAfter: 1.5 },
  { voice: VOICES.reyes, text: "Here.", pauseAfter: 3 },
  {
    voice: VOICES.chair,
    text: "The first item is the budget for the new library on Maple Street, four point two million dollars.",
    pauseAfter: 2,
  },
  { voice: VOICES.osman, text: "I move that we approve the library budget as presented.", pauseAfter: 1.5 },
  { voice: VOICES.reyes, text: "Second.", pauseAfter: 2 },
  { voice: VOICES.chair, text: "All those in favor, say aye.", pauseAfter: 1.5 },
  { voice: VOICES.osman, text: "Aye.", pauseAfter: 1.5 },
  { voice: VOICES.reyes, text: "Aye.", pauseAfter: 2 },
  { voice: VOICES.chair, text: "The motion carries two to zero. We will now take a short recess.", pauseAfter: 12 },
  {
    voice: VOICES.chair,
    text: "We are back. The next item is the parking study for the downtown district.",
    pauseAfter: 2,
  },
  {
    voice: VOICES.clerk,
    text: "The study counted nine hundred spaces and found most of them empty after six in the evening.",
    pauseAfter: 2.5,
  },
  { voice: VOICES.reyes, text: "Thank you. I have a question about the evening counts.", pauseAfter: 10 },
  { voice: VOICES.chair, text: "Seeing no further business, this meeting is adjourned.", pauseAfter: 3 },
];

/** What the tests need that is not installed, or null when both are there. */
export function missingAudioTools(): string | null {
  const missing = ["ffmpeg", "ffprobe", "espeak-ng"].filter(
    (program) => spawnSync(program, [program === "espeak-ng" ? "--version" : "-version"]).error !== undefined,
  );
  return missing.length === 0
    ? null
    : `${missing.join(", ")} not installed (scripts/ensure-system-deps.sh installs Debian's ffmpeg and espeak-ng)`;
}

const RATE = 22_050; // espeak-ng's own rate

/** The 16-bit mono samples of a WAV file espeak-ng wrote (its `data` chunk). */
function samplesOf(file: string): Buffer {
  const wav = readFileSync(file);
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString("ascii", at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === "fmt ") {
      const channels = wav.readUInt16LE(at + 10);
      const rate = wav.readUInt32LE(at + 12);
      if (channels !== 1 || rate !== RATE) throw new Error(`espeak-ng wrote ${channels} channel(s) at ${rate} Hz`);
    }
    // espeak-ng writes the data chunk's size as it grows; a size past the end means "the rest".
    if (id === "data") return wav.subarray(at + 8, Math.min(wav.length, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

function wavFile(samples: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

export type SpokenMeeting = {
  directory: string;
  /** The recording as a city publishes it: an MP4 video with the meeting's sound. */
  video: string;
  /** The same sound as a WAV file (mono, 22.05 kHz). */
  wav: string;
  lines: PlacedLine[];
  duration: number;
};

/**
 * Speaks the lines (each followed by its silence), joins the samples and
 * makes the video. Times come from the samples' counts.
 */
export function makeSpokenMeeting(lines: readonly SpokenLine[] = MEETING_LINES): SpokenMeeting {
  const directory = mkdtempSync(path.join(os.tmpdir(), "gavel-spoken-meeting-"));
  const pieces: Buffer[] = [];
  const placed: PlacedLine[] = [];
  let samples = 0;
  for (const [index, line] of lines.entries()) {
    const speech = path.join(directory, `line-${index}.wav`);
    execFileSync("espeak-ng", ["-v", line.voice, "-s", "165", "-w", speech, line.text]);
    const spoken = samplesOf(speech);
    const silence = Buffer.alloc(Math.round(line.pauseAfter * RATE) * 2);
    placed.push({ ...line, index, start: samples / RATE, end: (samples + spoken.length / 2) / RATE });
    samples += (spoken.length + silence.length) / 2;
    pieces.push(spoken, silence);
  }
  const wav = path.join(directory, "meeting.wav");
  writeFileSync(wav, wavFile(Buffer.concat(pieces)));
  const video = path.join(directory, "meeting.mp4");
  execFileSync("ffmpeg", [
    ...["-nostdin", "-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "color=c=black:s=64x48:r=2", "-i", wav],
    ...["-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "64k", video],
  ]);
  return { directory, video, wav, lines: placed, duration: samples / RATE };
}
