/**
 * The screen of /desk (app/routes/desk/desk.tsx holds its loader and
 * action): the Alerts, Quotes and Draft tabs.
 */
import { Form, href, Link } from "react-router";
import { AddToDraft } from "~/components/desk/add-to-draft";
import { DecisionList, DraftDecisions } from "~/components/desk/decision-list";
import { Citation, QuoteCard } from "~/components/desk/quote-card";
import { Button, Field, SelectField } from "~/components/forms/fields";
import { PageShell } from "~/components/layout/page-shell";
import { LinkTabs } from "~/components/ui/link-tabs";
import type { AlertEntry } from "~/lib/desk/alerts.server";
import type { MeetingDecisions } from "~/lib/desk/decisions.server";
import type { DraftEntry } from "~/lib/desk/draft.server";
import { MAX_DRAFT_QUOTES, type DeskTab } from "~/lib/desk/desk";
import type { QuoteHit } from "~/lib/desk/quotes.server";
import { formatDate } from "~/lib/format/date";
import type { Route } from "../../routes/desk/+types/desk";

const TABS: { tab: DeskTab; label: string }[] = [
  { tab: "alerts", label: "Alerts" },
  { tab: "quotes", label: "Quotes" },
  { tab: "draft", label: "Draft" },
];

/** The tabs: the prototype showcase's link tabs, each a plain link to `?tab=`. */
function Tabs({ current }: { current: DeskTab }) {
  return (
    <div className="mt-6">
      <LinkTabs
        label="Desk"
        options={TABS.map(({ tab, label }) => ({ key: tab, label, search: `?tab=${tab}`, current: tab === current }))}
      />
    </div>
  );
}

function Pager({ page, hasMore, hrefOf }: { page: number; hasMore: boolean; hrefOf: (page: number) => string }) {
  if (page <= 1 && !hasMore) return null;
  const item = "rounded-md bg-slate-100 px-3 py-2 text-sm font-semibold hover:bg-slate-200";
  return (
    <nav aria-label="Pagination" className="mt-6 flex justify-between">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className={item}>
          Previous<span className="sr-only"> page</span>
        </Link>
      ) : (
        <span />
      )}
      {hasMore ? (
        <Link to={hrefOf(page + 1)} rel="next" className={item}>
          Next<span className="sr-only"> page</span>
        </Link>
      ) : null}
    </nav>
  );
}

function AlertsTab({ items, page, hasMore }: { items: AlertEntry[]; page: number; hasMore: boolean }) {
  if (items.length === 0 && page === 1)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center" data-desk-empty>
        <p className="text-lg font-semibold">No alerts yet</p>
        <p className="mt-1 text-sm text-slate-600">
          Save a search and the meetings that match it will show here.{" "}
          <Link to={href("/search")} className="font-semibold text-brand-700 hover:underline">
            Search meetings
          </Link>
        </p>
      </div>
    );
  return (
    <>
      <ol className="space-y-4">
        {items.map((alert) => (
          <li key={alert.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-alert>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Matched “{alert.query}” · {formatDate(alert.matchedAt)}
            </p>
            <blockquote className="mt-2 text-slate-800">{alert.passage}</blockquote>
            <Citation speaker={alert.speaker} meeting={alert.meeting} city={alert.city} seconds={alert.seconds} />
            <DecisionList
              meeting={alert.meeting}
              city={alert.city}
              decisions={alert.decisions}
              returnTo={`${href("/desk")}?tab=alerts&page=${page}`}
              label="What the meeting decided"
            />
          </li>
        ))}
      </ol>
      <Pager page={page} hasMore={hasMore} hrefOf={(p) => `${href("/desk")}?tab=alerts&page=${p}`} />
    </>
  );
}

function QuotesTab({
  search,
  cities,
  hits,
  hasMore,
}: {
  search: { q: string; speaker: string; city: string; page: number };
  cities: { value: string; label: string }[];
  hits: QuoteHit[];
  hasMore: boolean;
}) {
  const pageHref = (page: number) => {
    const params = new URLSearchParams({ tab: "quotes", q: search.q, speaker: search.speaker, city: search.city });
    params.set("page", String(page));
    return `${href("/desk")}?${params.toString()}`;
  };
  const returnTo = pageHref(search.page);
  return (
    <>
      <Form
        method="get"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4"
        role="search"
        aria-label="Search quotes"
      >
        <input type="hidden" name="tab" value="quotes" />
        <Field label="Words" name="q" type="search" defaultValue={search.q} maxLength={200} />
        <Field label="Speaker" name="speaker" type="search" defaultValue={search.speaker} maxLength={100} />
        <SelectField label="City" name="city" defaultValue={search.city} options={cities} placeholder="All cities" />
        <div className="flex items-end">
          <Button className="w-full">Search quotes</Button>
        </div>
      </Form>
      <p className="mt-3 text-sm text-slate-600">Only quotes checked word for word against the transcript.</p>
      {hits.length === 0 ? (
        <p className="mt-6 text-slate-600" data-desk-empty>
          No verified quotes match.
        </p>
      ) : (
        <ol className="mt-4 space-y-4" aria-label="Verified quotes">
          {hits.map((hit) => (
            <QuoteCard
              key={`${hit.meetingId}-${hit.highlight}-${hit.quote}`}
              data-quote-hit
              text={hit.text}
              citation={{ speaker: hit.speaker, meeting: hitMeeting(hit), city: hit.city, seconds: hit.seconds }}
              verification="verified"
              context={hit.context}
            >
              <AddToDraft
                meetingId={hit.meetingId}
                highlight={hit.highlight}
                quote={hit.quote}
                text={hit.text}
                returnTo={returnTo}
              />
            </QuoteCard>
          ))}
        </ol>
      )}
      <Pager page={search.page} hasMore={hasMore} hrefOf={pageHref} />
    </>
  );
}

function hitMeeting(hit: QuoteHit) {
  return { id: hit.meetingId, title: hit.title, publishedAt: hit.publishedAt };
}

function MoveButton({ id, intent, label, disabled }: { id: string; intent: string; label: string; disabled: boolean }) {
  return (
    <Form method="post" preventScrollReset className="inline">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={disabled}
        className="rounded border border-slate-300 px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-40"
      >
        {label}
      </button>
    </Form>
  );
}

function DraftTab({
  entries,
  decisions,
  confirmClear,
}: {
  entries: DraftEntry[];
  decisions: MeetingDecisions[];
  confirmClear: boolean;
}) {
  if (entries.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center" data-desk-empty>
        <p className="text-lg font-semibold">Your draft is empty</p>
        <p className="mt-1 text-sm text-slate-600">
          Add quotes with “Add to draft” on a meeting or story page, or from the{" "}
          <Link to={`${href("/desk")}?tab=quotes`} className="font-semibold text-brand-700 hover:underline">
            Quotes
          </Link>{" "}
          tab.
        </p>
      </div>
    );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {entries.length} of {MAX_DRAFT_QUOTES} quotes
        </p>
        <div className="flex flex-wrap gap-2">
          <a
            href={`${href("/desk/export")}?format=markdown`}
            download
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            Export as Markdown
          </a>
          <a
            href={`${href("/desk/export")}?format=text`}
            download
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            Export as plain text
          </a>
          <Link
            to={`${href("/desk")}?tab=draft&confirm=clear`}
            preventScrollReset
            className="rounded-md px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            Clear draft
          </Link>
        </div>
      </div>
      {confirmClear ? (
        <div
          role="alertdialog"
          aria-labelledby="clear-title"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4"
        >
          <p id="clear-title" className="font-semibold text-red-900">
            Remove all {entries.length} quotes from your draft? This cannot be undone.
          </p>
          <div className="mt-3 flex gap-2">
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="clear"
                className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
              >
                Yes, clear the draft
              </button>
            </Form>
            <Link
              to={`${href("/desk")}?tab=draft`}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold"
            >
              Cancel
            </Link>
          </div>
        </div>
      ) : null}
      <ol className="mt-4 space-y-4" aria-label="Draft quotes">
        {entries.map((entry, index) => (
          <QuoteCard
            key={entry.id}
            data-draft-quote
            data-draft-decision={entry.decision ? "" : undefined}
            text={entry.quote}
            citation={{ speaker: entry.speaker, meeting: entry.meeting, city: entry.city, seconds: entry.seconds }}
          >
            <MoveButton id={entry.id} intent="move-up" label="Move up" disabled={index === 0} />
            <MoveButton id={entry.id} intent="move-down" label="Move down" disabled={index === entries.length - 1} />
            <MoveButton id={entry.id} intent="remove" label="Remove" disabled={false} />
          </QuoteCard>
        ))}
      </ol>
      <DraftDecisions meetings={decisions} returnTo={`${href("/desk")}?tab=draft`} />
    </>
  );
}

export function DeskScreen({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <PageShell>
      <h1 className="text-3xl font-bold">Journalist&apos;s desk</h1>
      <p className="mt-1 text-slate-600">
        Your alerts, verified quotes from every meeting, and a draft of quotes to cite, kept with your account.
      </p>
      <Tabs current={loaderData.tab} />
      <section className="mt-6" aria-label={TABS.find((t) => t.tab === loaderData.tab)?.label}>
        {"alerts" in loaderData && loaderData.alerts ? (
          <AlertsTab {...loaderData.alerts} />
        ) : "quotes" in loaderData && loaderData.quotes ? (
          <QuotesTab {...loaderData.quotes} />
        ) : "draft" in loaderData && loaderData.draft ? (
          <DraftTab {...loaderData.draft} />
        ) : null}
      </section>
    </PageShell>
  );
}
