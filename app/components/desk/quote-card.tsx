/**
 * A quote as the desk shows it: the words, who said them where and when,
 * and the card's actions. The desk's Quotes and Draft tabs use it, and the
 * prototype showcase renders its sample quotes with it (without links: a
 * sample has no meeting page).
 */
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { CopyMomentLink } from "~/components/meeting/copy-moment-link";
import { formatDate } from "~/lib/format/date";
import { formatDuration } from "~/lib/format/duration";
import { meetingHref } from "~/lib/meetings/links";

export type CitedMeeting = { id: string; title: string; publishedAt: string | null };
export type CitedCity = { name: string; state: string; locationKey: string };

export function Citation({
  speaker,
  meeting,
  city,
  seconds,
  linkMeetings = true,
}: {
  speaker: string | null;
  meeting: CitedMeeting;
  /** Absent for a sample quote that names no city. */
  city: CitedCity | null;
  seconds: number | null;
  /** False for a sample quote (the prototype showcase): no meeting page to link to. */
  linkMeetings?: boolean;
}) {
  const date = formatDate(meeting.publishedAt);
  return (
    <p className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-600">
      <span>
        {speaker ? `— ${speaker}, ` : ""}
        {linkMeetings ? (
          <Link
            to={meetingHref(meeting.id, { cityKey: city?.locationKey ?? null, seconds })}
            className="font-semibold text-brand-700 hover:underline"
          >
            {meeting.title}
          </Link>
        ) : (
          <span className="font-semibold text-slate-800">{meeting.title}</span>
        )}
        {city ? `, ${city.name}, ${city.state}` : null}
        {date ? (
          <>
            {", "}
            <time dateTime={meeting.publishedAt ?? undefined}>{date}</time>
          </>
        ) : null}
        {seconds !== null ? ` · at ${formatDuration(seconds, "m:ss")}` : null}
      </span>
      {linkMeetings ? (
        <CopyMomentLink meetingId={meeting.id} cityKey={city?.locationKey ?? null} seconds={seconds} />
      ) : null}
    </p>
  );
}

/** Whether the words were checked against the transcript; nothing when the card does not say. */
export type QuoteVerification = "verified" | "pending";

export function QuoteCard({
  text,
  citation,
  verification,
  context,
  children,
  ...item
}: {
  text: string;
  citation: ComponentProps<typeof Citation>;
  verification?: QuoteVerification;
  context?: string | null;
  /** The card's actions. */
  children?: ReactNode;
} & Omit<ComponentProps<"li">, "children" | "className">) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" {...item}>
      <blockquote className="text-slate-800 italic">“{text}”</blockquote>
      <Citation {...citation} />
      {verification === "verified" ? (
        <p className="mt-1 text-xs font-semibold text-emerald-800">Verified word for word in the transcript</p>
      ) : verification === "pending" ? (
        <p className="mt-1 text-xs font-semibold text-slate-600">Not yet checked against the transcript</p>
      ) : null}
      {context ? <p className="mt-1 text-sm text-slate-500">Context: {context}</p> : null}
      {children ? <div className="mt-2 flex flex-wrap gap-2">{children}</div> : null}
    </li>
  );
}
