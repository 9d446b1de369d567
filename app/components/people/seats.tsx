import { formatDate } from "~/lib/format/date";
import type { Seat } from "~/lib/legistar/people.server";

/** "Chair" beside a title that does not say it already ("Councilmember", "Member"…). */
function roleOf(seat: Seat): string {
  const title = seat.title?.trim() || seat.role?.trim() || "Member";
  const role = seat.role?.trim();
  return role && !title.toLowerCase().includes(role.toLowerCase()) ? `${title} (${role.toLowerCase()})` : title;
}

function datesOf(seat: Seat): string | null {
  const since = formatDate(seat.since);
  const until = formatDate(seat.until);
  if (since && until) return `${since} – ${until}`;
  if (since) return `since ${since}`;
  if (until) return `until ${until}`;
  return null;
}

/** A person's seats: body, role and, with `dates`, since and until. */
export function SeatList({ seats, dates = false }: { seats: Seat[]; dates?: boolean }) {
  return (
    <ul className="space-y-1 text-slate-700">
      {seats.map((seat, index) => (
        <li key={`${seat.bodyId}-${index}`}>
          <span className="font-medium">{seat.bodyName}</span>: {roleOf(seat)}
          {dates && datesOf(seat) ? <span className="text-slate-500"> · {datesOf(seat)}</span> : null}
          {dates && !seat.current ? <span className="text-slate-500"> (former)</span> : null}
        </li>
      ))}
    </ul>
  );
}
