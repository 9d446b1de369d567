/**
 * A person's verified quotes: the quotes kept by the verification of the
 * city's meeting analyses (their words found in the transcript, their speaker
 * the transcript's label), where that label names the person
 * (./speakers.ts). Each comes with its meeting and second.
 */
import { sql } from "drizzle-orm";
import { isPlainText, parseStoredAnalysis } from "~/lib/ai/stored";
import { queryRows } from "~/lib/db/rows.server";
import { highlightMoment } from "~/lib/meetings/view";
import { speakerConfidence, type RecordPerson, type SpeakerConfidence } from "./speakers";

/** Quotes shown on a person's page (the newest meetings first). */
export const QUOTE_LIMIT = 20;

export type PersonQuote = {
  meetingId: string;
  meetingTitle: string | null;
  publishedAt: string | null;
  text: string;
  speaker: string;
  seconds: number | null;
  confidence: SpeakerConfidence;
};

/** The people of the city's record, with their surnames (Legistar's own field, else the name's last word). */
async function recordPeople(cityId: string): Promise<RecordPerson[]> {
  const rows = await queryRows<{ id: number; full_name: string; last_name: string | null }>(sql`
    select legistar_id as id, full_name, raw->>'PersonLastName' as last_name
    from legistar_persons where city_id = ${cityId}`);
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    lastName: row.last_name?.trim() || row.full_name.trim().split(/\s+/).at(-1) || "",
  }));
}

export async function personQuotes(cityId: string, personId: number): Promise<PersonQuote[]> {
  const everyone = await recordPeople(cityId);
  const person = everyone.find((candidate) => candidate.id === personId);
  if (!person || !person.lastName) return [];
  // Only analyses that mention the surname somewhere are read.
  const meetings = await queryRows<{
    id: string;
    title: string | null;
    published_at: string | null;
    analysis_results: unknown;
    timed: boolean | string;
  }>(sql`
    select v.id, v.title, to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as published_at,
      v.analysis_results,
      (exists (select 1 from transcript_segments ts where ts.city_video_id = v.id and ts.start_seconds is not null)
        or not exists (select 1 from transcript_segments ts where ts.city_video_id = v.id)) as timed
    from city_videos v
    where v.city_id = ${cityId} and v.analysis_results is not null
      and strpos(lower(v.analysis_results::text), lower(${person.lastName})) > 0
    order by v.published_at desc nulls last, v.id`);
  const quotes: PersonQuote[] = [];
  for (const meeting of meetings) {
    const analysis = parseStoredAnalysis(meeting.analysis_results);
    if (!analysis || isPlainText(analysis)) continue;
    const timed = meeting.timed === true || String(meeting.timed) === "true";
    for (const highlight of analysis.highlights) {
      for (const quote of highlight.quotes) {
        const confidence = speakerConfidence(quote.speaker, person, everyone);
        if (!confidence || !quote.text.trim()) continue;
        quotes.push({
          meetingId: meeting.id,
          meetingTitle: meeting.title,
          publishedAt: meeting.published_at,
          text: quote.text,
          speaker: quote.speaker,
          seconds: highlightMoment(highlight.timestamp, timed).seconds,
          confidence,
        });
        if (quotes.length >= QUOTE_LIMIT) return quotes;
      }
    }
  }
  return quotes;
}
