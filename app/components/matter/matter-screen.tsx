import type { ReactNode } from "react";
import { Form, href, Link } from "react-router";
import { Button } from "~/components/forms/fields";
import { Main } from "~/components/layout/main";
import { Section } from "~/components/meeting/section";
import { formatDate } from "~/lib/format/date";
import { outcomeLabel } from "~/lib/legistar/matters";
import type { MatterAction, MatterView } from "~/lib/legistar/matters.server";
import { VOTE_LABELS } from "~/lib/legistar/people";
import { meetingHref } from "~/lib/meetings/links";

type City = { name: string; locationKey: string };

const LINK = "font-semibold text-brand-700 underline hover:text-brand-800";

function personLink(city: City, personId: number) {
  return href("/city/:locationKey/people/:personId", {
    locationKey: encodeURIComponent(city.locationKey),
    personId: String(personId),
  });
}

function outcomeTone(passed: string | null): string {
  const label = outcomeLabel(passed);
  if (label === "Passed") return "bg-emerald-50 text-emerald-800";
  if (label === "Failed") return "bg-rose-50 text-rose-800";
  return "bg-slate-100 text-slate-700";
}

/** Where the action was taken: the video at the item's moment, the meeting's video, or the event's page. */
function ActionMeeting({ city, action }: { city: City; action: MatterAction }) {
  if (action.meetingId) {
    const to = meetingHref(action.meetingId, { cityKey: city.locationKey, seconds: action.seconds });
    return (
      <Link to={to} className={LINK} data-action-meeting="video">
        {action.momentLabel ? `Watch from ${action.momentLabel}` : "Watch the meeting"}
      </Link>
    );
  }
  if (action.eventId === null) return null;
  return (
    <Link
      to={href("/city/:locationKey/events/:eventId", {
        locationKey: encodeURIComponent(city.locationKey),
        eventId: String(action.eventId),
      })}
      className={LINK}
      data-action-meeting="event"
    >
      The meeting&apos;s agenda
    </Link>
  );
}

function Votes({ city, action }: { city: City; action: MatterAction }) {
  if (action.votes.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Votes" data-testid="action-votes">
      {action.votes.map((vote) => (
        <li key={vote.personId}>
          {vote.known ? (
            <Link to={personLink(city, vote.personId)} className="text-brand-700 underline hover:text-brand-800">
              {vote.name}
            </Link>
          ) : (
            vote.name
          )}
          :{" "}
          <span className="font-semibold">
            {vote.value ? VOTE_LABELS[vote.value] : (vote.valueName ?? "not recorded")}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ActionList({ city, actions }: { city: City; actions: MatterAction[] }) {
  if (actions.length === 0) return <p className="text-sm text-slate-600">The record lists no action on it yet.</p>;
  return (
    <ol className="divide-y divide-slate-100" data-testid="matter-actions">
      {actions.map((action) => {
        const outcome = outcomeLabel(action.passed);
        return (
          <li key={action.id} className="py-3 first:pt-0 last:pb-0" data-testid="matter-action">
            <p className="text-sm text-slate-600">
              {[formatDate(action.date), action.bodyName].filter(Boolean).join(" · ")}
            </p>
            <p className="mt-1 break-words text-slate-900">
              {outcome ? (
                <span className={`mr-2 rounded px-1.5 py-0.5 text-sm font-semibold ${outcomeTone(action.passed)}`}>
                  {outcome}
                </span>
              ) : null}
              {action.action ?? "Action not named"}
              {action.tally ? <span className="text-slate-600"> · {action.tally}</span> : null}
            </p>
            {action.mover || action.seconder ? (
              <p className="mt-1 text-sm text-slate-600">
                {[
                  action.mover ? `Moved by ${action.mover}` : null,
                  action.seconder ? `seconded by ${action.seconder}` : null,
                ]
                  .filter(Boolean)
                  .join(", ")}
              </p>
            ) : null}
            <Votes city={city} action={action} />
            <p className="mt-2 text-sm">
              <ActionMeeting city={city} action={action} />
            </p>
          </li>
        );
      })}
    </ol>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/**
 * One matter of the official record (docs/product.md#routes-public,
 * docs/decisions/0076-bills-and-calendars.md). Text only: everything from
 * Legistar is rendered as text, and only web addresses become links.
 */
/** "Follow this bill": a plain form posted to the page (a visitor is sent to sign in and back). */
function FollowForm({ path, following }: { path: string; following: boolean }) {
  return (
    <Form method="post" action={path} data-testid="follow-form">
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <Button variant={following ? "secondary" : "primary"} className="min-h-11">
        {following ? "Stop following this bill" : "Follow this bill"}
      </Button>
    </Form>
  );
}

export function MatterScreen({
  city,
  matter,
  path,
  feedPath,
  following,
}: {
  city: City;
  matter: MatterView;
  path: string;
  feedPath: string;
  following: boolean;
}) {
  return (
    <Main className="mx-auto w-full max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link
          to={href("/city/:locationKey", { locationKey: encodeURIComponent(city.locationKey) })}
          className="font-semibold text-brand-700 hover:underline"
        >
          ← Meetings of {city.name}
        </Link>
      </p>
      <p className="mt-3 text-sm font-semibold uppercase tracking-wide text-brand-700">
        {matter.type ?? "Matter"} {matter.file}
      </p>
      <h1 className="mt-1 break-words text-3xl font-bold">{matter.title ?? matter.file}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800" data-testid="matter-facts">
        <Fact term="File">{matter.file}</Fact>
        {matter.type ? <Fact term="Type">{matter.type}</Fact> : null}
        {matter.status ? <Fact term="Status">{matter.status}</Fact> : null}
        {matter.bodyName ? <Fact term="In">{matter.bodyName}</Fact> : null}
        {matter.introduced ? <Fact term="Introduced">{formatDate(matter.introduced)}</Fact> : null}
        {matter.passed ? <Fact term="Passed">{formatDate(matter.passed)}</Fact> : null}
      </dl>
      {following ? (
        <p className="mt-4 text-sm text-slate-700" data-testid="following">
          You follow this bill: each new action on the record comes to you by e-mail.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-4 text-sm">
        <FollowForm path={path} following={following} />
        <a href={feedPath} className={LINK} data-testid="matter-feed">
          Atom feed of its actions
        </a>
      </div>

      <div className="mt-6 space-y-6">
        <Section title="Sponsors" id="matter-sponsors">
          {matter.sponsors.length > 0 ? (
            <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="matter-sponsors">
              {matter.sponsors.map((sponsor, index) => (
                <li key={`${sponsor.personId ?? "x"}-${index}`}>
                  {sponsor.known && sponsor.personId !== null ? (
                    <Link to={personLink(city, sponsor.personId)} className={LINK}>
                      {sponsor.name}
                    </Link>
                  ) : (
                    sponsor.name
                  )}
                  {sponsor.primary ? <span className="text-sm text-slate-600"> (primary sponsor)</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">The record names no sponsor.</p>
          )}
        </Section>

        <Section title="Text and attachments" id="matter-attachments">
          {matter.attachments.length > 0 ? (
            <ul className="space-y-1" data-testid="matter-attachments">
              {matter.attachments.map((attachment, index) => (
                <li key={`${attachment.url}-${index}`}>
                  <a href={attachment.url} target="_blank" rel="noopener noreferrer" className={LINK}>
                    {attachment.name}
                    <span className="sr-only"> (on the city&apos;s site, opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">The record has no text or attachment for it.</p>
          )}
        </Section>

        <Section title="Actions" id="matter-history">
          <ActionList city={city} actions={matter.actions} />
        </Section>
      </div>
    </Main>
  );
}
