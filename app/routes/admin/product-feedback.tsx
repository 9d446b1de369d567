/**
 * /admin/product-feedback: what users sent, ranked (spec:
 * admin-and-prototypes.md sections 2 to 9). A table by rank ascending,
 * unranked last, then newest; filters by status and type in the URL; 50 a
 * page. With JavaScript, status and severity save as soon as they change
 * and the rank on each valid number typed; without it, each row has its own
 * form and Save button (docs/decisions/0035-product-feedback.md).
 */
import { ScrollRegion } from "~/components/ui/scroll-region";
import { useEffect, useRef } from "react";
import { Form, href, Link, useFetcher, useLoaderData, useSubmit, type MetaFunction } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { Button, SelectField } from "~/components/forms/fields";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Pagination } from "~/components/ui/pagination";
import { useShowToast } from "~/components/ui/toaster";
import { requireAdmin } from "~/lib/auth/session.server";
import { FEEDBACK_SEVERITIES, FEEDBACK_STATUSES, FEEDBACK_TYPES, PRODUCT_NAME } from "~/lib/constants";
import {
  FEEDBACK_UPDATE_FAILED,
  FEEDBACK_UPDATED,
  feedbackAdminHref,
  feedbackReturnTo,
  NO_FEEDBACK,
  parseFeedbackQuery,
  parseFeedbackUpdate,
  RANK_IGNORED,
  SEVERITY_LABELS,
  type FeedbackQuery,
} from "~/lib/feedback/feedback";
import { listFeedbackForAdmin, updateFeedback } from "~/lib/feedback/feedback.server";
import { formatDate } from "~/lib/format/date";
import type { Toast, ToastInput } from "~/lib/toast/toast";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/product-feedback";

export const meta: MetaFunction = () => [{ title: `Product Feedback | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "Product Feedback" };

/** Saves made by the page's script carry this field: they are answered with data, not a redirect. */
const SCRIPT_FIELD = "js";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseFeedbackQuery(new URL(request.url).searchParams);
  const result = await listFeedbackForAdmin(query);
  return {
    query: { ...query, page: result.page },
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    rows: result.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const fromScript = formData.get(SCRIPT_FIELD) === "1";
  const returnTo = feedbackReturnTo(formData.get("returnTo"));
  const refuse = (description: string, status: number) =>
    dataWithToast({ saved: false }, { type: "error", title: FEEDBACK_UPDATE_FAILED, description }, { status });
  const update = parseFeedbackUpdate(formData);
  if (!update.ok) return refuse(update.message, 400);
  if (update.rankIgnored && Object.keys(update.patch).length === 0) return refuse(RANK_IGNORED, 400);
  try {
    if (!(await updateFeedback(update.id, update.patch))) return refuse("Feedback not found", 404);
  } catch (error) {
    console.error(`Product feedback: updating ${update.id} failed:`, error);
    return refuse(error instanceof Error ? error.message : "The database refused the change.", 500);
  }
  const saved: ToastInput = {
    type: "success",
    title: FEEDBACK_UPDATED,
    ...(update.rankIgnored ? { description: RANK_IGNORED } : {}),
  };
  return fromScript ? dataWithToast({ saved: true }, saved) : redirectWithToast(returnTo, saved);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function ProductFeedbackAdmin() {
  const { query, rows, total, page, pageCount } = useLoaderData<typeof loader>();
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
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                {["Type", "Feedback", "User", "Page", "Severity", "Rank", "Status", "Created"].map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {column}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Save</span>
                </th>
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
  const showToast = useShowToast();
  const toast = fetcher.data?.toast;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast, showToast]);
  const rankTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(rankTimer.current), []);
  const formId = `feedback-row-${row.id}`;
  const save = (fields: Record<string, string>) =>
    void fetcher.submit({ id: row.id, [SCRIPT_FIELD]: "1", ...fields }, { method: "post" });
  const created = formatDate(row.createdAt);
  return (
    <tr className="align-top" data-feedback-id={row.id}>
      <td className="whitespace-nowrap px-3 py-3 font-medium text-slate-900">{row.feedbackType}</td>
      <td className="min-w-64 max-w-md px-3 py-3 whitespace-pre-line text-slate-800">{row.feedbackText}</td>
      <td className="px-3 py-3 text-slate-700">{row.userEmail ?? "Anonymous"}</td>
      <td className="max-w-64 min-w-48 px-3 py-3 [overflow-wrap:anywhere]">
        {row.pageUrl ? (
          <Link to={row.pageUrl} className="text-brand-700 hover:underline">
            {row.pageUrl}
          </Link>
        ) : (
          <span className="text-slate-500">N/A</span>
        )}
      </td>
      <td className="px-3 py-3">
        <div className="flex flex-col items-start gap-1">
          <SeverityBadge severity={row.severity} />
          <select
            form={formId}
            name="severity"
            aria-label="Severity"
            defaultValue={row.severity === null ? "" : String(row.severity)}
            className={CONTROL}
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
      <td className="px-3 py-3">
        <input
          form={formId}
          type="number"
          name="rank"
          step="0.1"
          inputMode="decimal"
          aria-label="Rank"
          defaultValue={row.rank === null ? "" : String(row.rank)}
          className={`${CONTROL} w-24`}
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
      <td className="px-3 py-3">
        <select
          form={formId}
          name="status"
          aria-label="Status"
          defaultValue={row.status}
          className={CONTROL}
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
      <td className="whitespace-nowrap px-3 py-3 text-slate-700">
        {created ? <time dateTime={row.createdAt}>{created}</time> : null}
      </td>
      <td className="px-3 py-3">
        <Form method="post" id={formId} noValidate>
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {hydrated ? (
            <span className="sr-only" role="status">
              {fetcher.state === "idle" ? "" : "Saving…"}
            </span>
          ) : (
            <Button variant="secondary" className="px-3 py-1">
              Save
            </Button>
          )}
        </Form>
      </td>
    </tr>
  );
}
