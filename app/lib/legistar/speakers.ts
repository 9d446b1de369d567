/**
 * Ties a transcript's speaker label to a person of the city's official
 * record, only where the label names them (docs/decisions/0070-people-pages.md):
 * their full name ("Renee Baptiste": said by themselves), or a civic title
 * and their surname ("Council Member Baptiste": named by the chair) when no
 * one else of the record has that surname. Anything else ("Speaker 2",
 * "Baptiste", "Ms. Baptiste") is no match: never a guess.
 */

export type SpeakerConfidence = "said-by-themselves" | "named-by-the-chair";

export const CONFIDENCE_LABELS: Record<SpeakerConfidence, string> = {
  "said-by-themselves": "Said by themselves",
  "named-by-the-chair": "Named by the chair",
};

/** Titles of the people who sit on a council or committee (not staff, not Mr./Ms.). */
const CIVIC_TITLES = [
  "VICE MAYOR",
  "DEPUTY MAYOR",
  "MAYOR",
  "COUNCIL MEMBER",
  "COUNCILMEMBER",
  "COUNCILWOMAN",
  "COUNCILMAN",
  "COUNCILOR",
  "COUNCILLOR",
  "COUNCIL PRESIDENT",
  "VICE PRESIDENT",
  "PRESIDENT",
  "ALDERMAN",
  "ALDERWOMAN",
  "ALDERPERSON",
  "COMMISSIONER",
  "SUPERVISOR",
  "TRUSTEE",
  "VICE CHAIR",
  "CHAIRPERSON",
  "CHAIRWOMAN",
  "CHAIRMAN",
  "CHAIR",
];

/** Upper case, periods and commas out, one space between words. */
export function normalizeLabel(value: string): string {
  return value.normalize("NFKC").toUpperCase().replace(/[.,]/g, "").replace(/\s+/g, " ").trim();
}

export type RecordPerson = { id: number; fullName: string; lastName: string };

/**
 * How `label` names `person` among `everyone` of the record, or null when it
 * does not (or names someone else as well).
 */
export function speakerConfidence(
  label: string | null | undefined,
  person: RecordPerson,
  everyone: readonly RecordPerson[],
): SpeakerConfidence | null {
  if (!label) return null;
  const said = normalizeLabel(label);
  const fullName = normalizeLabel(person.fullName);
  if (!fullName) return null;
  if (said === fullName) {
    const namesakes = everyone.filter((other) => normalizeLabel(other.fullName) === fullName);
    return namesakes.length <= 1 ? "said-by-themselves" : null;
  }
  const surname = normalizeLabel(person.lastName);
  if (!surname) return null;
  const title = CIVIC_TITLES.find((candidate) => said.startsWith(`${candidate} `));
  if (!title || said.slice(title.length + 1) !== surname) return null;
  const sharing = everyone.filter((other) => normalizeLabel(other.lastName) === surname);
  return sharing.length === 1 && sharing[0]!.id === person.id ? "named-by-the-chair" : null;
}
