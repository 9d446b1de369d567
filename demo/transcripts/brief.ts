/**
 * Short transcripts: the fragments a real channel is full of. A special
 * meeting that goes straight into closed session, a meeting without a
 * quorum, captions that cut out after a few minutes, a canceled meeting,
 * a proclamation, and the under-100-character scraps that are no use for
 * analysis at all.
 */
import { seedCity } from "../cities";
import { createRng } from "../prng";
import { seedSource } from "../sources";
import { clockTime, renderTranscript, timeLines } from "./compose";
import { rosterFor } from "./rosters";
import { addDays, meetingDate, type Line, type Person } from "./types";

export type BriefKind =
  "closed-session" | "no-quorum" | "caption-fragment" | "cancelled" | "proclamation" | "veto-override";
export type TinyKind = "audio-check" | "recess" | "music" | "stand-by";

export function composeBrief(key: string, sourceKey: string, iso: string, kind: BriefKind): string {
  const rng = createRng(`brief:${key}`);
  const roster = rosterFor(sourceKey);
  const source = seedSource(sourceKey);
  const city = seedCity(source.cityKey);
  const date = meetingDate(iso);
  const { chair, clerk, counsel, exec, members } = roster;
  const start = clockTime(roster.startMinutes + rng.int(0, 3));
  const lines: Line[] = [];
  const say = (speaker: Line["speaker"], text: string, pauseBefore?: number) =>
    lines.push(pauseBefore ? { speaker, text, pauseBefore } : { speaker, text });
  switch (kind) {
    case "closed-session":
      say(
        chair,
        `I'm calling this special meeting of the ${source.bodyName} to order at ${start} Let the record show all members are present.`,
      );
      say(
        chair,
        `The only item is a closed session. Is there any public comment on the closed session item? Seeing none.`,
      );
      say(
        counsel,
        `The ${roster.noun} will meet in closed session for a conference with labor negotiators regarding the police officers' association, and for one matter of anticipated litigation.`,
      );
      say(chair, `Thank you. We'll now adjourn to closed session and report out any action when we return.`);
      break;
    case "no-quorum":
      say(
        clerk,
        `${chair.address}, counting you we have two members present. Three members have let us know they are ill or traveling, so we do not have a quorum.`,
      );
      say(
        chair,
        `Thank you. Without a quorum we can't conduct business, so tonight's meeting is canceled. All items will be carried over to the next regular meeting. I apologize to everyone who came out.`,
      );
      break;
    case "caption-fragment":
      say(
        chair,
        `Good evening and welcome to the ${date.long} study session. Tonight is a workshop only, no action will be taken.`,
      );
      say(
        exec,
        `Thank you. We're going to walk through the draft capital improvement program, starting with streets and then facilities.`,
      );
      say(
        roster.staff.publicWorks,
        `So this first slide shows the pavement condition by neighborhood, and you can see ${city.places.neighborhood}`,
      );
      say("SPEAKER 1", `[captions unavailable]`, 40);
      break;
    case "cancelled":
      say(
        clerk,
        `This is ${clerk.full}, ${clerk.title}. The ${date.long} meeting of the ${source.bodyName} has been canceled. The items on the agenda will be heard at the next regular meeting.`,
      );
      break;
    case "proclamation":
      say(
        chair,
        `Before we begin the business portion of the meeting, we have a proclamation. ${members[1]!.ref} will read it.`,
      );
      say(
        members[1]!,
        `Whereas the volunteers of the ${city.places.library} Friends group have raised funds for children's books, literacy programs and the summer reading program for over thirty years; now, therefore, the ${source.bodyName} proclaims this week as Library Friends Week in ${city.name}.`,
      );
      say(chair, `Congratulations, and thank you. Please come up for a photo.`);
      say("SPEAKER 2", `[applause]`, 20);
      break;
    case "veto-override":
      vetoOverride(say, {
        chair,
        clerk,
        exec,
        members,
        bodyName: source.bodyName,
        start,
        noun: roster.noun,
        next: meetingDate(addDays(iso, 14)),
      });
      break;
  }
  return renderTranscript(timeLines(lines, rng, rng.int(2, 20)).timed);
}

type Say = (speaker: Line["speaker"], text: string, pauseBefore?: number) => void;
type VetoCast = Pick<ReturnType<typeof rosterFor>, "chair" | "clerk" | "exec" | "members" | "noun"> & {
  bodyName: string;
  start: string;
  /** The next regular meeting, two weeks on. */
  next: ReturnType<typeof meetingDate>;
};

/**
 * A special meeting that decides two things (issue 27, demo/decisions.ts):
 * a veto override that fails on a roll call, so the veto is sustained, and a
 * motion to deny an appeal that carries on a voice vote.
 */
function vetoOverride(say: Say, { chair, clerk, exec, members, bodyName, start, noun, next }: VetoCast) {
  const [vice, second, third, fourth] = members as [Person, Person, Person, Person];
  say(
    chair,
    `I'm calling this special meeting of the ${bodyName} to order at ${start} Let the record show all members are present.`,
  );
  say(
    chair,
    `Item one is my veto of the short-term rental ordinance the ${noun} adopted last month. Because the veto is mine, I'll hand the gavel to the ${vice.title} for this item, and I will not vote on it.`,
  );
  say(vice, `Thank you. Overriding a veto takes four votes of the ${noun}. Is there a motion?`);
  say(second, `I move that the council override the mayor's veto of the short-term rental ordinance.`);
  say(fourth, `Second.`);
  say(vice, `It has been moved and seconded. ${clerk.address}, please call the roll.`);
  for (const [member, vote] of [
    [vice, "Aye."],
    [second, "Aye."],
    [third, "No."],
    [fourth, "No."],
  ] as const) {
    say(clerk, `${member.ref}?`);
    say(member, vote);
  }
  say(clerk, `Two ayes, two nays.`);
  say(
    vice,
    `With two ayes and two nays, that motion fails and the mayor's veto is sustained. The ordinance does not take effect. I return the gavel to the chair.`,
  );
  say(chair, `Thank you. Item two is the appeal of the sign permit for the car wash on the frontage road.`);
  say(
    exec,
    `Staff recommends that the ${noun} deny the appeal. The sign meets the size limits in the code, and the neighbors' concern about glare is answered by the permit's dimming condition after ten at night.`,
  );
  say(third, `I move that we deny the appeal and uphold the permit as issued.`);
  say(vice, `Second.`);
  say(chair, `All those in favor of denying the appeal? Opposed?`);
  say(second, `No.`);
  say(chair, `The motion to deny the appeal carries, four to one.`);
  say(exec, `Staff will send the appellant written notice of the decision this week.`);
  say(
    chair,
    `That concludes our business. Our next regular meeting is ${next.weekday}, ${next.long}. This special meeting is adjourned.`,
  );
}

/** Under 100 characters: not enough to analyze. */
export function composeTiny(sourceKey: string, kind: TinyKind): string {
  const { chair, clerk } = rosterFor(sourceKey);
  switch (kind) {
    case "audio-check":
      return `[00:00:04] ${clerk.label}: Testing, testing. Can the room hear me?`;
    case "recess":
      return `[00:00:02] ${chair.label}: We are in recess until seven o'clock.`;
    case "music":
      return `[00:00:00] SPEAKER 1: [music]\n[00:01:30] SPEAKER 1: [silence]`;
    case "stand-by":
      return `[00:00:03] ${clerk.label}: Please stand by.`;
  }
}
