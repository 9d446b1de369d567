/**
 * Composes a whole meeting transcript from a plan: the opening, the consent
 * calendar, public comment, a deterministic selection of agenda items, an
 * optional recess, members' reports and the adjournment. Every line is
 * written as `[hh:mm:ss] SPEAKER LABEL: text` with realistic, increasing
 * times.
 */
import { seedCity, type SeedCity } from "../cities";
import { createRng, type Rng } from "../prng";
import { seedSource } from "../sources";
import { AGENDA_ITEMS, agendaItem } from "./items";
import { consentEntries, managerAnnouncement, MEMBER_REPORTS, PUBLIC_COMMENTS, residentNames } from "./meeting-parts";
import { rosterFor } from "./rosters";
import {
  addDays,
  meetingDate,
  type BuiltItem,
  type ItemContext,
  type Line,
  type MeetingDate,
  type Person,
  type Roster,
  type VoteOptions,
  type VoteResult,
} from "./types";

export type Extra =
  | { section: "public"; text: string; speaker?: "public" | "clerk" }
  | { section: "reports"; member: number | "exec"; text: string };

export type MeetingPlan = {
  /** Stable key: seeds the randomness and the video id. */
  key: string;
  sourceKey: string;
  /** Meeting date, yyyy-mm-dd. */
  date: string;
  /** Number of agenda items. */
  items: number;
  /** Item ids that must be on the agenda; the rest are drawn at random. */
  include?: readonly string[];
  /** Speakers in general public comment (default 2). */
  publicComments?: number;
  /** Members' reports and the manager's announcements (default true). */
  reports?: boolean;
  extras?: readonly Extra[];
  /**
   * How often each item was already used by this body: less-used items are
   * preferred, so a city's meetings don't keep hearing the same item.
   */
  usage?: ReadonlyMap<string, number>;
};

export type TimedLine = { seconds: number; speaker: string; text: string };

/** A vote taken on an item, as the composer wrote it: the ground truth for the analyzer's action items. */
export type ComposedVote = {
  motion: string;
  tally: string;
  passed: boolean;
  /** The speaker labels of those who voted no (the demo's official record votes person by person). */
  noes: string[];
};

export type ComposedItem = {
  itemId: string;
  /** Agenda number as said by the chair. */
  number: number;
  built: BuiltItem;
  votes: ComposedVote[];
  /** Index range of this item's lines in `lines`, end exclusive. */
  from: number;
  to: number;
};

export type ComposedMeeting = {
  plan: MeetingPlan;
  city: SeedCity;
  roster: Roster;
  bodyName: string;
  date: MeetingDate;
  nextMeeting: MeetingDate;
  lines: TimedLine[];
  transcript: string;
  items: ComposedItem[];
};

const label = (speaker: Person | string) => (typeof speaker === "string" ? speaker : speaker.label);

export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

export function renderTranscript(lines: readonly TimedLine[]): string {
  return lines.map((line) => `[${formatClock(line.seconds)}] ${line.speaker}: ${line.text}`).join("\n");
}

/** Assigns start times: roughly 13 characters a second of speech plus short pauses. */
export function timeLines(lines: readonly Line[], rng: Rng, startAt: number): { timed: TimedLine[]; end: number } {
  let t = startAt;
  const timed: TimedLine[] = [];
  for (const line of lines) {
    t += line.pauseBefore ?? 0;
    timed.push({ seconds: t, speaker: label(line.speaker), text: line.text });
    t += Math.max(2, Math.round(line.text.length / 13)) + rng.int(1, 3);
  }
  return { timed, end: t };
}

/** "7:42 p.m." for minutes after midnight. */
export function clockTime(minutesAfterMidnight: number): string {
  const total = Math.floor(minutesAfterMidnight) % (24 * 60);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const suffix = hours >= 12 ? "p.m." : "a.m.";
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

function makeVote(roster: Roster, rng: Rng) {
  const groupLabel = roster.membersNoun.toUpperCase();
  return (options: VoteOptions): VoteResult => {
    const { chair, clerk, members } = roster;
    const noes = new Set((options.noes ?? []).map((p) => p.label));
    const voters = [...members, chair];
    const ayes = voters.length - noes.size;
    const tally = `${ayes}-${noes.size}`;
    const passed = ayes > noes.size;
    const lines: Line[] = [];
    if (rng.chance(0.6))
      lines.push({
        speaker: chair,
        text: rng.pick([
          "Is there a motion?",
          "Do I have a motion?",
          "I'll entertain a motion.",
          "What's the pleasure of the " + roster.noun + "?",
        ]),
      });
    lines.push({ speaker: options.mover, text: options.motion });
    lines.push({
      speaker: options.seconder,
      text: rng.pick(["Second.", "I'll second.", "Second the motion.", "Seconded."]),
    });
    if (noes.size > 0 || options.roll) {
      lines.push({ speaker: chair, text: `We have a motion and a second. ${clerk.address}, please call the roll.` });
      for (const voter of voters) {
        lines.push({ speaker: clerk, text: `${voter.ref}?` });
        lines.push({ speaker: voter, text: noes.has(voter.label) ? "No." : rng.pick(["Aye.", "Aye.", "Yes."]) });
      }
      lines.push({ speaker: clerk, text: passed ? `The motion carries, ${tally}.` : `The motion fails, ${tally}.` });
    } else {
      lines.push({
        speaker: chair,
        text: rng.pick([
          "All those in favor, please say aye.",
          "All in favor?",
          "Any further discussion? Seeing none, all those in favor?",
        ]),
      });
      lines.push({ speaker: groupLabel, text: "Aye." });
      lines.push({ speaker: chair, text: `Any opposed? Hearing none, the motion carries ${tally}.` });
    }
    return { lines, tally, passed };
  };
}

const TRANSITIONS = [
  (n: number, title: string) => `That brings us to item ${n}, ${title}.`,
  (n: number, title: string) => `Moving on to item ${n}, ${title}.`,
  (n: number, title: string) => `Next is item ${n}, ${title}. I'll turn it over to staff.`,
  (n: number, title: string) => `Let's go to item ${n}, ${title}.`,
  (n: number, title: string) => `Item ${n} is ${title}.`,
];

const MEETING_WORD: Record<Roster["kind"], string> = {
  council: "regular meeting",
  planning: "regular meeting",
  school: "regular meeting",
  county: "business session",
};

const NEXT_MEETING_DAYS: Record<Roster["kind"], number> = { council: 14, planning: 14, school: 14, county: 7 };

export function composeMeeting(plan: MeetingPlan): ComposedMeeting {
  const source = seedSource(plan.sourceKey);
  const city = seedCity(source.cityKey);
  const roster = rosterFor(plan.sourceKey);
  const places = city.places;
  const rng = createRng(`meeting:${plan.key}`);
  const date = meetingDate(plan.date);
  const nextMeeting = meetingDate(addDays(plan.date, NEXT_MEETING_DAYS[roster.kind]));
  const previous = meetingDate(addDays(plan.date, -NEXT_MEETING_DAYS[roster.kind]));
  const { chair, clerk, exec, members } = roster;
  const names = residentNames(rng);
  let nameIndex = 0;
  const residentName = () => names[nameIndex++ % names.length]!;
  const vote = makeVote(roster, rng);
  const lines: Line[] = [];
  const say = (speaker: Person | string, text: string, pauseBefore?: number) =>
    lines.push(pauseBefore ? { speaker, text, pauseBefore } : { speaker, text });

  // ------------------------------------------------------------ opening
  const startDelay = rng.int(1, 4);
  say(
    chair,
    `Good evening, everyone. I'm calling the ${date.long} ${MEETING_WORD[roster.kind]} of the ${source.bodyName} to order. The time is ${clockTime(roster.startMinutes + startDelay)} ${clerk.address}, would you please call the roll?`.replace(
      "Good evening",
      roster.startMinutes < 12 * 60 ? "Good morning" : "Good evening",
    ),
  );
  for (const member of [...members, chair]) {
    say(clerk, `${member.ref}?`);
    say(member, rng.pick(["Here.", "Present.", "Here."]));
  }
  say(clerk, `${chair.address}, all members are present.`);
  const pledgeLeader = rng.pick(members);
  say(chair, `Thank you. Please rise and join ${pledgeLeader.ref} in the Pledge of Allegiance.`);
  say(chair, `Thank you. Please be seated. Are there any changes to the agenda?`, 24);
  say(
    exec,
    rng.pick([`No changes tonight, ${chair.address}.`, `No changes from staff.`, `None from staff, thank you.`]),
  );

  // ------------------------------------------------------------ consent calendar
  let itemNumber = 3;
  if (roster.kind === "planning") {
    say(
      chair,
      `Item ${itemNumber} is approval of the minutes of the ${previous.long} meeting. Are there any corrections?`,
    );
    const [m1, m2] = rng.shuffle(members);
    lines.push(...vote({ mover: m1!, seconder: m2!, motion: "Move to approve the minutes as presented." }).lines);
  } else {
    const entries = consentEntries(rng, places, previous);
    const letters = "ABCDEFG";
    const list = entries.map((entry, i) => `${itemNumber}${letters[i]}, ${entry}`).join("; ");
    say(chair, `Item ${itemNumber} is the consent calendar: ${list}. Would any member like to pull an item?`);
    const [m1, m2, m3] = rng.shuffle(members);
    if (rng.chance(0.5)) {
      say(m3!, `Not to pull anything, just to note item ${itemNumber}C. Thank you to staff for the work on that one.`);
    }
    lines.push(...vote({ mover: m1!, seconder: m2!, motion: "Move approval of the consent calendar." }).lines);
  }
  itemNumber++;

  // ------------------------------------------------------------ public comment
  const commentCount = plan.publicComments ?? 2;
  const publicExtras = (plan.extras ?? []).filter((extra) => extra.section === "public");
  type Comment = { text: string; speaker: "public" | "clerk" };
  const comments: Comment[] = rng
    .shuffle(PUBLIC_COMMENTS)
    .slice(0, commentCount)
    .map((make) => ({ text: make(places, rng), speaker: "public" as const }));
  for (const extra of publicExtras) {
    if (extra.section !== "public") continue;
    comments.splice(rng.int(0, comments.length), 0, { text: extra.text, speaker: extra.speaker ?? "public" });
  }
  const spoken = comments.filter((comment) => comment.speaker === "public");
  const written = comments.filter((comment) => comment.speaker === "clerk");
  if (spoken.length === 0) {
    say(chair, `Item ${itemNumber} is public comment on items not on the agenda. I have no speaker cards.`);
  } else {
    say(
      chair,
      `Item ${itemNumber} is public comment on items not on the agenda. Each speaker has three minutes. ${residentName()}, please come forward.`,
    );
    spoken.forEach((comment, i) => {
      say("PUBLIC COMMENTER", comment.text);
      if (i < spoken.length - 1)
        say(
          chair,
          rng.pick([
            `Thank you. ${residentName()}.`,
            `Thank you. Next is ${residentName()}.`,
            `Thank you for coming. ${residentName()}, you're next.`,
          ]),
        );
    });
  }
  if (written.length > 0) {
    say(chair, `${clerk.address}, did we receive any written comments?`);
    for (const comment of written) say(clerk, comment.text);
  }
  say(
    chair,
    `Thank you. That concludes general public comment. As a reminder, the ${roster.noun} can't discuss items that aren't on the agenda, but staff will follow up where appropriate.`,
  );
  itemNumber++;

  // ------------------------------------------------------------ agenda items
  const eligible = AGENDA_ITEMS.filter((item) => item.bodies.includes(roster.kind) && (!item.fits || item.fits(city)));
  const forced = (plan.include ?? []).map(agendaItem);
  const usage = plan.usage ?? new Map<string, number>();
  const rest = rng
    .shuffle(eligible.filter((item) => !forced.includes(item)))
    .map((item, order) => ({ item, order, used: usage.get(item.id) ?? 0 }))
    .sort((x, y) => x.used - y.used || x.order - y.order)
    .map(({ item }) => item);
  const chosen = [...forced, ...rest].slice(0, plan.items);
  if (chosen.length < plan.items) throw new Error(`${plan.key}: only ${chosen.length} items fit ${roster.kind}`);
  const composedItems: Omit<ComposedItem, "from" | "to">[] = [];
  const itemRanges: { from: number; to: number }[] = [];
  const recessAfter = plan.items >= 8 ? Math.floor(plan.items / 2) : -1;
  chosen.forEach((item, index) => {
    const itemRng = createRng(`item:${plan.key}:${item.id}`);
    const [a, b, c, d] = itemRng.shuffle(members) as [Person, Person, Person, Person];
    const votes: ComposedVote[] = [];
    const itemVote = makeVote(roster, itemRng);
    const ctx: ItemContext = {
      city,
      places,
      roster,
      date,
      rng: itemRng,
      chair,
      a,
      b,
      c,
      d,
      exec,
      clerk,
      counsel: roster.counsel,
      staff: (role) => roster.staff[role],
      publicLabel: "PUBLIC COMMENTER",
      residentName,
      vote: (options) => {
        const result = itemVote(options);
        votes.push({
          motion: options.motion,
          tally: result.tally,
          passed: result.passed,
          noes: (options.noes ?? []).map((person) => person.label),
        });
        return result;
      },
      noun: roster.noun,
      bodyName: source.bodyName,
    };
    const built = item.build(ctx);
    // When the chair opens the item, don't also hand it to staff.
    const opensWithChair = built.lines[0]?.speaker === chair;
    const transitions = opensWithChair ? TRANSITIONS.filter((_, i) => i !== 2) : TRANSITIONS;
    say(chair, rng.pick(transitions)(itemNumber, built.title), rng.int(4, 30));
    const from = lines.length;
    lines.push(...built.lines);
    itemRanges.push({ from, to: lines.length });
    composedItems.push({ itemId: item.id, number: itemNumber, built, votes });
    itemNumber++;
    if (index === recessAfter) {
      say(chair, `We've been at it for a while. Let's take a ten-minute recess.`);
      say(chair, `We're back in session. Let the record show all members are present.`, 600 + rng.int(0, 120));
    }
  });

  // ------------------------------------------------------------ reports
  if (plan.reports ?? true) {
    const reportExtras = (plan.extras ?? []).filter((extra) => extra.section === "reports");
    const reportPool = rng.shuffle(MEMBER_REPORTS);
    say(
      chair,
      `That brings us to ${roster.membersNoun.toLowerCase()}' reports. ${members[0]!.ref}, let's start with you.`,
    );
    members.forEach((member, i) => {
      const extra = reportExtras.find((e) => e.section === "reports" && e.member === i);
      say(member, extra ? extra.text : reportPool[i]!(places, rng));
    });
    say(chair, `Thank you. ${exec.ref}, anything from staff?`);
    const execExtra = reportExtras.find((e) => e.section === "reports" && e.member === "exec");
    say(exec, execExtra ? execExtra.text : managerAnnouncement(date, places, rng));
  }

  // ------------------------------------------------------------ adjournment
  const startAt = rng.int(3, 40);
  const { timed, end } = timeLines(lines, rng, startAt);
  const adjournAt = roster.startMinutes + startDelay + Math.ceil((end - startAt) / 60) + 1;
  timed.push({
    seconds: end + rng.int(2, 6),
    speaker: chair.label,
    text: `Seeing no further business, this meeting is adjourned at ${clockTime(adjournAt)} Our next regular meeting is ${nextMeeting.weekday}, ${nextMeeting.long}. Good night, everyone.`.replace(
      "Good night, everyone.",
      roster.startMinutes < 12 * 60 ? "Thank you, everyone." : "Good night, everyone.",
    ),
  });

  const items: ComposedItem[] = composedItems.map((item, i) => ({ ...item, ...itemRanges[i]! }));
  return {
    plan,
    city,
    roster,
    bodyName: source.bodyName,
    date,
    nextMeeting,
    lines: timed,
    transcript: renderTranscript(timed),
    items,
  };
}

/** Where a quote was said: the line that contains it, inside an item's lines. */
export function locateQuote(meeting: ComposedMeeting, item: ComposedItem, quote: string): TimedLine {
  for (let i = item.from; i < item.to; i++) {
    const line = meeting.lines[i]!;
    if (line.text.includes(quote)) return line;
  }
  throw new Error(`${meeting.plan.key}: quote not found in ${item.itemId}: ${quote}`);
}
