import { describe, expect, it } from "vitest";
import { mergeCues, type Cue } from "~/lib/transcripts/cues";
import { formatTranscriptText, parseTimestampedTranscript, parseTranscript } from "~/lib/transcripts/parse";
import { splitSpeaker } from "~/lib/transcripts/speakers";

/**
 * Captions as a city's channel really publishes them: ALL CAPS, `>>` where
 * the speaker changes, no names, lines broken mid-sentence, overlapping
 * cues. Short examples written here in that shape (docs/decisions/0026).
 */

/** `[start, duration, text]`, as the video site gives its cues. */
function cues(rows: [number, number, string][]): Cue[] {
  return rows.map(([start, duration, text]) => ({ startSeconds: start, endSeconds: start + duration, text }));
}

const OPENING = cues([
  [25.0, 2.7, ">> [GAVEL] "],
  [26.1, 4.6, ">> GOOD AFTERNOON."],
  [27.8, 3.5, "WELCOME TO THE REGULAR MEETING "],
  [30.8, 2.6, "OF THE ZONING COMMITTEE FOR SEPTEMBER "],
  [33.5, 3.8, "24, 2024."],
  [34.9, 4.1, "I AM JAMAL OSMAN, AND I AM THE "],
  [37.5, 2.9, "CHAIR OF THIS COMMITTEE."],
  [39.1, 3.0, "WE NEED TO ADJOURN NO LATER "],
  [42.0, 3.0, "THAN 4:00 P.M."],
  [45.0, 3.0, "I WILL ASK THE CLERK TO CALL THE ROLL."],
  [49.0, 3.0, ">> CASHMAN?"],
  [51.0, 2.0, ">> PRESENT."],
  [53.0, 3.0, ">> CASHMAN, PRESENT.>> JENKINS ."],
  [56.0, 3.0, ">>> CHAIR OSMAN, PRESENT."],
  [60.0, 4.0, ">> THE CUP FOR THE ADU ON MAIN COSTS $9."],
  [63.0, 4.0, "3 MILLION, WITH HUD FUNDS."],
  [67.0, 4.0, "COUNCIL MEMBER CASHMAN, YOU'RE RECOGNIZED."],
  [70.0, 5.0, ">> THANK YOU. I'M SUPPORTIVE, AND I'D NOTE THE FOLLOWING OBJECTIVES: "],
  [74.0, 5.0, "FOUR: HOUSING FOR ALL. THANK YOU, CHAIR."],
  [79.0, 4.0, ">> THANK YOU. COUNCIL MEMBER JENKINS."],
  [83.0, 4.0, ">> I HAVE A QUESTION ON ITEM 7."],
]);

describe("captions in capitals with >> turns", () => {
  const segments = mergeCues(OPENING);
  const texts = segments.map((segment) => segment.text);
  const speakerOf = (start: string) => segments.find((segment) => segment.text.startsWith(start))?.speaker;

  it("starts a new turn at every >>, also >>> and >> in the middle of a cue", () => {
    expect(texts).toContain("Cashman, present.");
    expect(texts).toContain("Jenkins .");
    expect(texts).toContain("Chair Osman, present.");
    expect(texts.some((text) => text.includes(">"))).toBe(false);
  });

  it("writes sentence case, with names the transcript shows, months, I and civic acronyms", () => {
    expect(texts).toContain(
      "Good afternoon. Welcome to the regular meeting of the zoning committee for September 24, 2024.",
    );
    expect(texts.join(" ")).toContain(
      "I am Jamal Osman, and I am the chair of this committee. We need to adjourn no later than 4:00 p.m.",
    );
    expect(texts.join(" ")).toContain("I'm supportive, and I'd note");
    expect(texts.join(" ")).toContain("Council Member Cashman, you're recognized.");
  });

  it("keeps a sum whole when a cue ends in the middle of it", () => {
    expect(texts).toContain(
      "The CUP for the ADU on main costs $9.3 million, with HUD funds. Council Member Cashman, you're recognized.",
    );
  });

  it("names a turn only from the transcript, and never from a sentence fragment", () => {
    expect(speakerOf("Good afternoon")).toBe("Chair Osman");
    expect(speakerOf("Present.")).toBe("Cashman");
    expect(speakerOf("Thank you. I'm supportive")).toBe("Council Member Cashman");
    expect(speakerOf("Thank you. Council Member Jenkins.")).toBe("Chair Osman");
    expect(speakerOf("I have a question")).toBe("Council Member Jenkins");
    expect(speakerOf("The CUP")).toBeNull();
    expect(speakerOf("Cashman, present.")).toBeNull();
    const labels = new Set(segments.map((segment) => segment.speaker));
    expect([...labels]).toEqual([null, "Chair Osman", "Cashman", "Council Member Cashman", "Council Member Jenkins"]);
  });

  it("keeps the stored text readable and parses it back to the same segments", () => {
    const stored = formatTranscriptText(segments);
    expect(stored).toContain("[00:00:26] Chair Osman: Good afternoon.");
    expect(parseTimestampedTranscript(stored).map((segment) => [segment.speaker, segment.text])).toEqual(
      segments.map((segment) => [segment.speaker, segment.text]),
    );
  });

  it("keeps sums whole however the cue boundary cuts them, and leaves dates alone", () => {
    const sums = mergeCues(
      cues([
        [1.0, 3.0, ">> THE PARKS DIVISION SECURED $16"],
        [3.0, 3.0, ".9 MILLION, AND TRANSIT IS 9."],
        [5.0, 3.0, "3 PERCENT OF THE $2. 5 MILLION PLAN, SINCE MAY 24, 2024."],
        [8.0, 3.0, "3 ITEMS REMAIN."],
      ]),
    );
    expect(sums.map((segment) => segment.text).join(" ")).toBe(
      "The parks division secured $16.9 million, and transit is 9.3 percent of the $2.5 million plan, since May 24, 2024. 3 items remain.",
    );
  });

  it("sorts overlapping cues and never gives a segment a negative duration", () => {
    const overlapping = mergeCues(
      cues([
        [10.0, 5.0, ">> SECOND CUE ARRIVES FIRST IN THE FILE, AND IT IS LONG ENOUGH."],
        [2.0, -1.0, ">> FIRST CUE, WITH A NEGATIVE DURATION IN THE FILE."],
      ]),
    );
    expect(overlapping.map((segment) => segment.startSeconds)).toEqual([2, 10]);
    for (const segment of overlapping) expect(segment.endSeconds!).toBeGreaterThanOrEqual(segment.startSeconds!);
  });
});

describe("speaker labels in capitals", () => {
  it("takes titles and names, not sentence fragments", () => {
    expect(splitSpeaker("MAYOR LOPEZ: GOOD EVENING.").speaker).toBe("MAYOR LOPEZ");
    expect(splitSpeaker("CLERK: COUNCIL MEMBER PAYNE?").speaker).toBe("CLERK");
    expect(splitSpeaker("THE FOLLOWING OBJECTIVES: HOUSING.").speaker).toBeNull();
    expect(splitSpeaker("FOUR: HOUSING FOR ALL.").speaker).toBeNull();
    expect(splitSpeaker("POINT IS THIS: WE NEED IT.").speaker).toBeNull();
  });

  it("still reads capitals labels before mixed-case text as before", () => {
    expect(splitSpeaker("COUNCILMEMBERS: Aye.").speaker).toBe("COUNCILMEMBERS");
  });
});

describe("transcripts already stored in capitals", () => {
  const STORED = [
    "[00:00:05] MAYOR LOPEZ: GOOD EVENING. THE TNC ORDINANCE IS BEFORE US.",
    "[00:00:20] THE FOLLOWING OBJECTIVES: FIRST, COUNCIL MEMBER REYES WILL PRESENT.",
    "[00:00:40] THANK YOU, MAYOR. I MOVE THE ITEM.",
  ].join("\n");

  it("come out in true case, with labels as names are written and no fragment labels", () => {
    const { segments } = parseTranscript(STORED);
    expect(segments.map((segment) => [segment.speaker, segment.text])).toEqual([
      ["Mayor Lopez", "Good evening. The TNC ordinance is before us."],
      [null, "The following objectives: first, Council Member Reyes will present."],
      [null, "Thank you, Mayor. I move the item."],
    ]);
  });

  it("leave mixed-case transcripts as they are", () => {
    const text = "[00:00:05] MAYOR LOPEZ: Good evening. The TNC ordinance is before US Bank Stadium.";
    expect(parseTranscript(text).segments[0]).toMatchObject({ speaker: "MAYOR LOPEZ", text: text.slice(24) });
  });
});

describe("the city's name in captions in capitals", () => {
  const WELCOME = cues([
    [1.0, 3.0, ">> WELCOME TO THE MINNEAPOLIS CITY COUNCIL."],
    [4.0, 3.0, "THE BEACH IN MINNEAPOLIS IS CLOSED."],
  ]);

  it("is written as the city writes it when given as a proper noun", () => {
    const [segment] = mergeCues(WELCOME, { properNouns: ["Minneapolis"] });
    expect(segment!.text).toBe("Welcome to the Minneapolis city council. The beach in Minneapolis is closed.");
  });

  it("stays an ordinary word without it, and a name of several words teaches nothing", () => {
    expect(mergeCues(WELCOME)[0]!.text).toContain("the minneapolis city council");
    expect(mergeCues(WELCOME, { properNouns: ["Long Beach"] })[0]!.text).toContain("The beach in minneapolis");
  });
});

describe("a sum at the end of a long segment", () => {
  it("keeps its scale when the segment would close between them", () => {
    const segments = mergeCues(
      cues([
        [0, 5, ">> THE DEBT SERVICE TABLE SHOWS PRINCIPAL "],
        [10, 5, "AND INTEREST FOR EVERY YEAR OF THE PLAN "],
        [20, 5, "AND IN TOTAL WE ARE SPENDING $130"],
        [31, 3, "MILLION A YEAR."],
      ]),
    );
    expect(segments.map((segment) => segment.text).join(" | ")).toContain("$130 million a year.");
    expect(segments.some((segment) => /^million/i.test(segment.text))).toBe(false);
  });
});
