/**
 * Building blocks of the invented meeting transcripts: who speaks (a body's
 * roster), what an agenda item produces, and the context an item is written
 * against. Items are written once with abstract roles (the chair, members a
 * to d, staff) and rendered for each city with that city's names, places and
 * figures.
 */
import type { CityPlaces, SeedCity } from "../cities";
import type { Rng } from "../prng";
import type { BodyKind } from "../sources";

export type Person = {
  first: string;
  last: string;
  /** Title as written before a name: "Councilmember", "Police Chief". */
  title: string;
  /** Speaker label in the transcript: "COUNCILMEMBER REYES". */
  label: string;
  /** How others refer to them: "Councilmember Reyes". */
  ref: string;
  /** How the chair or clerk is addressed directly: "Mayor", "Madam Clerk". */
  address: string;
  /** "Ana Reyes". */
  full: string;
};

export type StaffRole =
  "police" | "fire" | "publicWorks" | "finance" | "planning" | "parks" | "library" | "utilities" | "engineer";

export type Roster = {
  kind: BodyKind;
  /** "council", "commission", "board". */
  noun: string;
  /** What members are called as a group: "Councilmembers", "Commissioners". */
  membersNoun: string;
  chair: Person;
  /** The other voting members, in the order the clerk calls them. */
  members: readonly Person[];
  exec: Person;
  clerk: Person;
  counsel: Person;
  staff: Readonly<Record<StaffRole, Person>>;
  /** Clock time the meeting starts, minutes after midnight (18:00 = 1080). */
  startMinutes: number;
};

export type Line = {
  speaker: Person | string;
  text: string;
  /** Extra silence before the line, in seconds (slides, a recess). */
  pauseBefore?: number;
};

export type MeetingDate = {
  year: number;
  month: number;
  day: number;
  /** "March 4, 2026". */
  long: string;
  /** "Tuesday". */
  weekday: string;
  /** "2026-03-04". */
  iso: string;
};

export type ActionItem =
  | { description: string; responsible_party: string; due_date: string | null }
  | { description: string; responsible_party: string; deadline: string | null };

export type Entity = { name: string; type: string; context: string };

export type ItemStory = {
  headline: string;
  /** First paragraph: what happened. */
  lead: string;
  /** Further paragraphs, after the quote paragraph. */
  paragraphs: readonly string[];
  quickFacts: readonly string[];
  background: string;
  primaryFocus: string;
  followUpNeeded: boolean;
  uncertainty?: readonly string[];
};

export type BuiltItem = {
  /** Agenda title, as the chair reads it: "a five-year water and sewer rate plan". */
  title: string;
  lines: Line[];
  /** Past-tense clause for a round-up: "approved a $184,000 crossing guard contract". */
  brief: string;
  /** A sentence or two for the analysis summary. */
  summary: string;
  /** Each quote must be a verbatim substring of exactly one line of `lines`. */
  highlights: readonly { quote: string; point: string }[];
  actions: readonly ActionItem[];
  entities: readonly Entity[];
  story: ItemStory;
};

export type VoteOptions = {
  mover: Person;
  seconder: Person;
  /** What the mover says. */
  motion: string;
  noes?: readonly Person[];
  /** Force a roll call even when unanimous. */
  roll?: boolean;
};

export type VoteResult = { lines: Line[]; tally: string; passed: boolean };

export type ItemContext = {
  city: SeedCity;
  places: CityPlaces;
  roster: Roster;
  date: MeetingDate;
  rng: Rng;
  chair: Person;
  /** The other members in an order shuffled for this item. */
  a: Person;
  b: Person;
  c: Person;
  d: Person;
  exec: Person;
  clerk: Person;
  counsel: Person;
  staff(role: StaffRole): Person;
  /** The label public commenters get. */
  publicLabel: string;
  /** A resident's name the chair calls to the podium (unique within the meeting). */
  residentName(): string;
  vote(options: VoteOptions): VoteResult;
  /** "council", "commission", "board". */
  noun: string;
  /** "Alder Creek City Council". */
  bodyName: string;
};

export type AgendaItem = {
  id: string;
  bodies: readonly BodyKind[];
  fits?: (city: SeedCity) => boolean;
  build(ctx: ItemContext): BuiltItem;
};

// ---------------------------------------------------------------- helpers

function withCommas(value: number): string {
  const [whole, fraction] = String(value).split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** "$184,000", "$2.4 million". */
export function usd(value: number): string {
  if (value >= 1_000_000) {
    const millions = Math.round(value / 100_000) / 10;
    return `$${millions} million`;
  }
  return `$${withCommas(Math.round(value))}`;
}

/** 12,500 with commas. */
export function num(value: number): string {
  return withCommas(value);
}

/** A round amount between min and max in steps of `step`. */
export function amount(rng: Rng, min: number, max: number, step: number): number {
  return Math.round((min + rng.next() * (max - min)) / step) * step;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function meetingDate(iso: string): MeetingDate {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return {
    year: y,
    month: m,
    day: d,
    long: `${MONTHS[m - 1]} ${d}, ${y}`,
    weekday: WEEKDAYS[date.getUTCDay()]!,
    iso,
  };
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function monthName(month: number): string {
  return MONTHS[(month - 1 + 12) % 12]!;
}

/** Fiscal year label for a July-to-June year starting in `year`: "2026-27". */
export function fiscalYear(year: number): string {
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}

/** The fiscal year that starts next July (or this July, before July). */
export function upcomingFiscalYear(date: MeetingDate): string {
  return fiscalYear(date.month >= 7 ? date.year + 1 : date.year);
}
