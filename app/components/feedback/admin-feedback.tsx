/**
 * The screen of /admin/product-feedback (docs/decisions/0035-product-feedback.md):
 * the filters, the table by rank and the pages. The table fits a 1280 px
 * window with every column (Type to Created, and Save) in view: a fixed
 * layout with a width per column, long text wrapping in its cell; narrower
 * than that, it scrolls inside its region (issue 26).
 */
import type { FeedbackRow } from "~/lib/feedback/feedback.server";
import { useEffect, useRef } from "react";
import { Form, href, Link, useFetcher, useSubmit } from "react-router";
import { Button, SelectField } from "~/components/forms/fields";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Pagination } from "~/components/ui/pagination";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { FEEDBACK_SEVERITIES, FEEDBACK_STATUSES, FEEDBACK_TYPES } from "~/lib/constants";
import { feedbackAdminHref, NO_FEEDBACK, SEVERITY_LABELS, type FeedbackQuery } from "~/lib/feedback/feedback";
import { formatDate } from "~/lib/format/date";
import type { Toast } from "~/lib/toast/toast";
import { useFetcherToast } from "~/components/hooks/use-fetcher-toast";

/** Saves made by the page's script carry this field: they are answered with data, not a redirect. */
export const SCRIPT_FIELD = "js";

/** A feedback row as the page gets it (dates as ISO text). */
export type FeedbackTableRow = Omit<FeedbackRow, "createdAt"> & { createdAt: string };

export type FeedbackAdminData = {
  query: FeedbackQuery;
  rows: FeedbackTableRow[];
  total: number;
  page: number;
  pageCount: number;
};

/** The columns and their share of the table's width (a fixed layout: the table never outgrows them). */
const COLUMNS: { label: string; width: string; hidden?: boolean }[] = [
  { label: "Type", width: "7%" },
  { label: "Feedback", width: "21%" },
  { label: "User", width: "13%" },
  { label: "Page", width: "12%" },
  { label: "Severity", width: "14%" },
  { label: "Rank", width: "7%" },
  { label: "Status", width: "9%" },
  { label: "Created", width: "9%" },
  { label: "Save", width: "8%", hidden: true },
];

type Row = FeedbackTableRow;

export function FeedbackAdmin({ query, rows, total, page, pageCount }: FeedbackAdminData) {
  const here = feedbackAdminHref(query);
  return (
    <>
      <h1 className="text-3xl font-bold">Product Feedback</h1>
      <Filters query={query} />
      <p className="mt-6 text-slate-600" role="status">
        {total === 1 ? "1 feedback" : `${total} feedback`}, by rank
      </p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{NO_FEEDBACK}</p>
      ) : (
        <ScrollRegion label="Product feedback" className="mt-4 rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[66rem] table-fixed divide-y divide-slate-200 text-sm">
            <colgroup>
              {COLUMNS.map((column) => (
                <col key={column.label} style={{ width: column.width }} />
              ))}
            </colgroup>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column.label} scope="col" className="px-2 py-2">
                    {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <FeedbackRow key={row.id} row={row} returnTo={here} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefOf={(number) => feedbackAdminHref({ ...query, page: number })}
      />
    </>
  );
}

/** Status and type, as a GET form (the URL holds them); with JavaScript a change applies at once. */
function Filters({ query }: { query: FeedbackQuery }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const apply = (form: HTMLFormElement | null) => {
    if (form) void submit(form, { replace: true, preventScrollReset: true });
  };
  return (
    <Form
      method="get"
      action={href("/admin/product-feedback")}
      aria-label="Filter feedback"
      className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <SelectField
        label="Status"
        name="status"
        key={`status-${query.status ?? ""}`}
        defaultValue={query.status ?? ""}
        placeholder="All statuses"
        options={FEEDBACK_STATUSES.map((status) => ({ value: status, label: status }))}
        onChange={(event) => apply(event.currentTarget.form)}
      />
      <SelectField
        label="Type"
        name="type"
        key={`type-${query.type ?? ""}`}
        defaultValue={query.type ?? ""}
        placeholder="All types"
        options={FEEDBACK_TYPES.map((type) => ({ value: type, label: type }))}
        onChange={(event) => apply(event.currentTarget.form)}
      />
      {hydrated ? null : <Button variant="secondary">Filter</Button>}
      {query.status || query.type ? (
        <Link
          to={href("/admin/product-feedback")}
          className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}

/** Green to red, each with its words (never color alone). */
const SEVERITY_TONE: Record<number, string> = {
  1: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  2: "bg-lime-100 text-lime-900 ring-lime-300",
  3: "bg-amber-100 text-amber-900 ring-amber-300",
  4: "bg-orange-100 text-orange-900 ring-orange-300",
  5: "bg-red-100 text-red-900 ring-red-300",
};

function SeverityBadge({ severity }: { severity: number | null }) {
  if (severity === null || !SEVERITY_LABELS[severity]) return <span className="text-slate-500">Not set</span>;
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${SEVERITY_TONE[severity]}`}
      data-severity={severity}
    >
      {SEVERITY_LABELS[severity]}
    </span>
  );
}

const CONTROL =
  "rounded-md border border-slate-500 bg-white px-2 py-1 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600";

/** How long the rank waits after the last keystroke before it saves. */
const RANK_DELAY_MS = 600;

/**
 * One feedback. Its controls belong to the row's own form (the `form`
 * attribute: a form cannot wrap a table row), posted by Save without
 * JavaScript; with it, each control saves itself through the row's fetcher.
 */
function FeedbackRow({ row, returnTo }: { row: Row; returnTo: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ saved: boolean; toast?: Toast }>({ key: `feedback-${row.id}` });
  const toast = fetcher.data?.toast;
  useFetcherToast(toast);
  const rankTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(rankTimer.current), []);
  const formId = `feedback-row-${row.id}`;
  const save = (fields: Record<string, string>) =>
    void fetcher.submit({ id: row.id, [SCRIPT_FIELD]: "1", ...fields }, { method: "post" });
  const created = formatDate(row.createdAt);
  return (
    <tr className="align-top" data-feedback-id={row.id}>
      <td className="px-2 py-3 font-medium [overflow-wrap:anywhere] text-slate-900">{row.feedbackType}</td>
      <td className="px-2 py-3 whitespace-pre-line [overflow-wrap:anywhere] text-slate-800">{row.feedbackText}</td>
      <td className="px-2 py-3 [overflow-wrap:anywhere] text-slate-700">{row.userEmail ?? "Anonymous"}</td>
      <td className="px-2 py-3 [overflow-wrap:anywhere]">
        {row.pageUrl ? (
          <Link to={row.pageUrl} className="text-brand-700 hover:underline">
            {row.pageUrl}
          </Link>
        ) : (
          <span className="text-slate-500">N/A</span>
        )}
      </td>
      <td className="px-2 py-3">
        <div className="flex flex-col items-start gap-1">
          <SeverityBadge severity={row.severity} />
          <select
            form={formId}
            name="severity"
            aria-label="Severity"
            defaultValue={row.severity === null ? "" : String(row.severity)}
            className={`${CONTROL} w-full`}
            onChange={(event) => {
              if (hydrated) save({ severity: event.currentTarget.value });
            }}
          >
            <option value="">Not set</option>
            {FEEDBACK_SEVERITIES.map((severity) => (
              <option key={severity.value} value={severity.value}>
                {severity.label}
              </option>
            ))}
          </select>
        </div>
      </td>
      <td className="px-2 py-3">
        <input
          form={formId}
          type="number"
          name="rank"
          step="0.1"
          inputMode="decimal"
          aria-label="Rank"
          defaultValue={row.rank === null ? "" : String(row.rank)}
          className={`${CONTROL} w-full`}
          onChange={(event) => {
            if (!hydrated) return;
            const input = event.currentTarget;
            clearTimeout(rankTimer.current);
            // Only a number on the field's step is saved; anything else is ignored (spec section 5).
            if (!input.validity.valid) return;
            const value = input.value;
            rankTimer.current = setTimeout(() => save({ rank: value }), RANK_DELAY_MS);
          }}
        />
      </td>
      <td className="px-2 py-3">
        <select
          form={formId}
          name="status"
          aria-label="Status"
          defaultValue={row.status}
          className={`${CONTROL} w-full`}
          onChange={(event) => {
            if (hydrated) save({ status: event.currentTarget.value });
          }}
        >
          {FEEDBACK_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </td>
      <td className="px-2 py-3 text-slate-700">{created ? <time dateTime={row.createdAt}>{created}</time> : null}</td>
      <td className="px-2 py-3">
        <Form method="post" id={formId} noValidate>
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {hydrated ? (
            <span className="sr-only" role="status">
              {fetcher.state === "idle" ? "" : "Saving…"}
            </span>
          ) : (
            <Button variant="secondary" className="py-1">
              Save
            </Button>
          )}
        </Form>
      </td>
    </tr>
  );
}
