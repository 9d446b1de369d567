/**
 * The body that met, for headlines: "Budget Committee", "Planning Commission",
 * "School board". Named by the meeting's title when it says, else by the kind
 * of source the video came from (city_urls.source_type), else "City officials".
 */
import type { MeetingSource } from "../provider";

const BODY_NOUN =
  "(?:Committee of the Whole|City Council|Town Council|County Council|Council|(?:[A-Z][\\w&'’.-]*,?\\s+(?:(?:and|of|&|the|for|on)\\s+)?){0,6}(?:Committee|Commission|Board|Council|Authority|Subcommittee))";
// "Regular Meeting of the Business, Housing and Zoning Committee", "Budget Committee Regular Meeting"
const BODY_IN_TITLE = new RegExp(
  `(?:Meeting of (?:the )?|^)(?:(?:Regular|Special|Joint|Adjourned|Work|Study)\\s+(?:Session\\s+|Meeting\\s+)?(?:of (?:the )?)?)?(Board of (?:Education|Trustees|Supervisors|Commissioners|Directors|Zoning Appeals)|School Board|${BODY_NOUN})\\b`,
);
const SCHOOL_TITLE = /\b(?:school|education|trustees|superintendent)\b/i;
const MEETING_WORDS = /^(?:(?:Regular|Special|Joint)\s+)+/;

const SOURCE_BODIES: Record<string, string> = {
  city: "City Council",
  county: "County board",
  school_district: "School board",
  school: "School board",
  state: "Legislature",
};

function bodyFromTitle(title: string): string | null {
  const match = BODY_IN_TITLE.exec(title.trim());
  if (!match) return SCHOOL_TITLE.test(title) ? "School board" : null;
  const body = match[1]!.replace(MEETING_WORDS, "").replace(/,\s*$/, "").trim();
  if (/^(?:Council)$/i.test(body)) return "City Council";
  return body;
}

/** The body that met, as a headline's subject. */
export function meetingBody(title: string | null, source: MeetingSource | null = null): string {
  const fromTitle = title ? bodyFromTitle(title) : null;
  if (fromTitle) return fromTitle;
  const fromSourceTitle = source?.sourceTitle ? bodyFromTitle(source.sourceTitle) : null;
  if (fromSourceTitle) return fromSourceTitle;
  return SOURCE_BODIES[source?.sourceType ?? ""] ?? "City officials";
}
