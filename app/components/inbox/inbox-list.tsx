/**
 * The admin inbox's list (/admin/inbox): the two boxes as tabs, the status
 * as filter links, the rows newest first, and the pages. Links only, so
 * every state is a URL and works without JavaScript.
 */
import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { INBOX_STATUSES } from "~/lib/constants";
import { formatDate } from "~/lib/format/date";
import {
  INBOX_BOX_LABELS,
  INBOX_BOXES,
  INBOX_EMPTY,
  inboxHref,
  inboxItemHref,
  type InboxBox,
  type InboxQuery,
} from "~/lib/inbox/inbox";
import { InboxStatusBadge } from "./status-badge";

type Dated = { id: string; status: string; createdAt: string; email: string | null; replies: number };
export type MessageListRow = Dated & { topic: string; excerpt: string };
export type RequestListRow = Dated & {
  cityName: string;
  state: string;
  city: { name: string; state: string; status: string } | null;
  liveNotifiedAt: string | null;
};

export type InboxListData = {
  query: InboxQuery;
  newCounts: Record<InboxBox, number>;
  total: number;
  page: number;
  pageCount: number;
} & ({ box: "messages"; rows: MessageListRow[] } | { box: "requests"; rows: RequestListRow[] });

const PILL = "inline-flex items-center rounded-md px-3 py-2 text-sm font-semibold";

function Tabs({ query, newCounts }: Pick<InboxListData, "query" | "newCounts">) {
  return (
    <nav aria-label="Inbox" className="mt-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-1">
        {INBOX_BOXES.map((box) => {
          const current = query.box === box;
          return (
            <li key={box}>
              <Link
                to={inboxHref({ box })}
                aria-current={current ? "page" : undefined}
                className={`-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-semibold ${current ? "border-brand-600 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900"}`}
              >
                {INBOX_BOX_LABELS[box]}
                <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-800">{newCounts[box]} new</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function StatusFilter({ query }: { query: InboxQuery }) {
  return (
    <nav aria-label="Status" className="mt-4">
      <ul className="flex flex-wrap gap-1">
        {[null, ...INBOX_STATUSES].map((status) => {
          const current = query.status === status;
          return (
            <li key={status ?? "all"}>
              <Link
                to={inboxHref({ box: query.box, status })}
                aria-current={current ? "true" : undefined}
                className={`${PILL} ${current ? "bg-brand-600 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
              >
                {status ?? "All"}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Row({
  to,
  status,
  title,
  lines,
  date,
}: {
  to: string;
  status: string;
  title: string;
  lines: React.ReactNode[];
  date: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 focus-visible:border-brand-600"
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <InboxStatusBadge status={status} />
            <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{title}</span>
          </span>
          <time dateTime={date} className="text-sm whitespace-nowrap text-slate-600">
            {formatDate(date)}
          </time>
        </span>
        {lines.map((line, index) => (
          <span key={index} className="mt-1 block text-sm [overflow-wrap:anywhere] text-slate-700">
            {line}
          </span>
        ))}
      </Link>
    </li>
  );
}

const repliesText = (n: number) => (n === 0 ? null : n === 1 ? "1 reply" : `${n} replies`);

function coverageText(row: RequestListRow): string {
  if (row.liveNotifiedAt) return `City Live; its sender was told on ${formatDate(row.liveNotifiedAt)}`;
  if (!row.city) return "No such city yet";
  return row.city.status === "Live" ? "City Live" : `City ${row.city.status}, not Live yet`;
}

export function InboxList(data: InboxListData) {
  const { query, total, page, pageCount } = data;
  const here = inboxHref(query);
  const noun = data.box === "messages" ? "message" : "request";
  return (
    <>
      <h1 className="text-3xl font-bold">Inbox</h1>
      <p className="mt-2 text-slate-600">
        What visitors send from the contact page and the request for a city&rsquo;s coverage, newest first. Open one to
        answer it by e-mail.
      </p>
      <Tabs query={query} newCounts={data.newCounts} />
      <StatusFilter query={query} />
      <p className="mt-4 text-slate-600" role="status">
        {total === 1 ? `1 ${noun}` : `${total} ${noun}s`}
        {query.status ? ` ${query.status}` : ""}
      </p>
      {data.rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{INBOX_EMPTY[data.box]}</p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label={INBOX_BOX_LABELS[data.box]}>
          {data.box === "messages"
            ? data.rows.map((row) => (
                <Row
                  key={row.id}
                  to={inboxItemHref("messages", row.id, here)}
                  status={row.status}
                  title={`${row.topic}: ${row.email ?? "no e-mail address"}`}
                  date={row.createdAt}
                  lines={[row.excerpt, repliesText(row.replies)].filter(Boolean)}
                />
              ))
            : data.rows.map((row) => (
                <Row
                  key={row.id}
                  to={inboxItemHref("requests", row.id, here)}
                  status={row.status}
                  title={`${row.cityName}, ${row.state}`}
                  date={row.createdAt}
                  lines={[row.email ?? "no e-mail address", coverageText(row), repliesText(row.replies)].filter(
                    Boolean,
                  )}
                />
              ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefOf={(number) => inboxHref({ ...query, page: number })} />
    </>
  );
}
