/**
 * A meeting's decisions on the desk: each on one line as the meeting page
 * words it, the result's verbatim words with a link to their moment, and
 * "Add to draft" (or "In your draft"). All text is rendered as text.
 */
import { Link } from "react-router";
import { AddDecisionToDraft } from "~/components/desk/add-to-draft";
import type { DeskDecision, MeetingDecisions } from "~/lib/desk/decisions.server";
import { meetingHref } from "~/lib/meetings/links";
import type { CitedCity, CitedMeeting } from "./quote-card";

export function DecisionList({
  meeting,
  city,
  decisions,
  returnTo,
  label = "Decisions",
}: {
  meeting: CitedMeeting;
  city: CitedCity;
  decisions: DeskDecision[];
  /** The desk page to come back to after "Add to draft". */
  returnTo: string;
  label?: string;
}) {
  if (decisions.length === 0) return null;
  return (
    <div className="mt-3" data-desk-decisions>
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <ul className="mt-1 divide-y divide-slate-100" aria-label={`${label}: ${meeting.title}`}>
        {decisions.map((decision) => (
          <li key={decision.id} className="py-2" data-desk-decision>
            <p className="text-sm font-semibold text-slate-900">{decision.line}</p>
            <blockquote className="mt-1 text-sm text-slate-700 italic">“{decision.words}”</blockquote>
            {/* A div, not a p: "Add to draft" is a form, which the HTML parser does not nest in a paragraph. */}
            <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
              <Link
                to={meetingHref(meeting.id, { cityKey: city.locationKey, seconds: decision.seconds })}
                className="font-semibold text-brand-700 hover:underline"
                data-decision-moment="result"
              >
                {decision.moment ? `Result at ${decision.moment}` : "The meeting"}
                <span className="sr-only">: {meeting.title}</span>
              </Link>
              {decision.inDraft ? (
                <span className="text-xs font-semibold text-emerald-800">In your draft</span>
              ) : (
                <AddDecisionToDraft meetingId={meeting.id} decisionId={decision.id} returnTo={returnTo} />
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The Draft tab's "Decisions of these meetings": each meeting the draft cites that decided something. */
export function DraftDecisions({ meetings, returnTo }: { meetings: MeetingDecisions[]; returnTo: string }) {
  if (meetings.length === 0) return null;
  return (
    <section aria-labelledby="draft-decisions" className="mt-8">
      <h2 id="draft-decisions" className="text-lg font-semibold">
        Decisions of these meetings
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        What each meeting decided, checked against its transcript. Added to the draft, a decision carries the words its
        result was stated in and their moment.
      </p>
      <ol className="mt-3 space-y-4">
        {meetings.map(({ meeting, city, decisions }) => (
          <li key={meeting.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="font-semibold">
              <Link
                to={meetingHref(meeting.id, { cityKey: city.locationKey })}
                className="text-brand-700 hover:underline"
              >
                {meeting.title}
              </Link>
              <span className="font-normal text-slate-600">
                , {city.name}, {city.state}
              </span>
            </p>
            <DecisionList meeting={meeting} city={city} decisions={decisions} returnTo={returnTo} />
          </li>
        ))}
      </ol>
    </section>
  );
}
