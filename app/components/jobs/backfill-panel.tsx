/**
 * "Analyze every eligible meeting" on the jobs page
 * (docs/decisions/0050-backfill-through-the-queue.md): a form per city or
 * for all, and the newest runs with their progress. Without JavaScript the
 * admin reloads the page to see it move; with JavaScript it refreshes
 * itself while a run is under way.
 */
import { Form, href, Link } from "react-router";
import { Button, SelectField } from "~/components/forms/fields";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { countOf } from "~/lib/format/count";
import { useRevalidateWhile } from "~/components/hooks/use-revalidate-while";
import { formatDateTime } from "~/lib/format/date";
import type { BackfillRun } from "~/lib/pipeline/backfill.server";

export const BACKFILL_BUTTON = "Analyze every eligible meeting";

function RunState({ run }: { run: BackfillRun }) {
  const { waiting, running, failed } = run.progress;
  if (!run.finished) {
    const label = running > 0 ? "Running" : "Waiting";
    return <span className="rounded bg-sky-100 px-1.5 py-0.5 text-xs font-semibold text-sky-900">{label}</span>;
  }
  return failed > 0 ? (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      Done, {failed} failed
    </span>
  ) : (
    <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">
      {waiting === 0 ? "Done" : "Waiting"}
    </span>
  );
}

function RunsTable({ runs }: { runs: BackfillRun[] }) {
  const failedJobs = `${href("/admin/jobs")}?queue=backfill&state=failed`;
  return (
    <ScrollRegion label="Progress of the latest runs" className="mt-4 rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Progress of the latest runs</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-3 py-2">Requested</th>
            <th className="px-3 py-2">Cities</th>
            <th className="px-3 py-2">Meetings</th>
            <th className="px-3 py-2">Waiting</th>
            <th className="px-3 py-2">Running</th>
            <th className="px-3 py-2">Done</th>
            <th className="px-3 py-2">Failed</th>
            <th className="px-3 py-2">State</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2">
                <span className="whitespace-nowrap">{formatDateTime(run.createdAt) ?? "—"}</span>
                <span className="block text-xs text-slate-500">
                  {run.origin === "command" ? "npm run analyze" : "this page"}
                  {run.force ? ", redoing done ones" : ""}
                </span>
              </td>
              <td className="px-3 py-2">{run.cityName ?? "All cities"}</td>
              <td className="px-3 py-2">
                {run.queued}
                {run.skipped > 0 ? (
                  <span className="block text-xs text-slate-500">{countOf(run.skipped, "other")} already done</span>
                ) : null}
              </td>
              <td className="px-3 py-2">{run.progress.waiting}</td>
              <td className="px-3 py-2">{run.progress.running}</td>
              <td className="px-3 py-2">{run.progress.done}</td>
              <td className="px-3 py-2">
                {run.progress.failed > 0 ? (
                  <Link to={failedJobs} className="font-semibold text-red-800 hover:underline">
                    {run.progress.failed}
                    <span className="sr-only"> failed: see the failed jobs</span>
                  </Link>
                ) : (
                  0
                )}
              </td>
              <td className="px-3 py-2">
                <RunState run={run} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function BackfillPanel({
  cities,
  runs,
}: {
  cities: ReadonlyArray<{ locationKey: string; name: string; state: string }>;
  runs: BackfillRun[];
}) {
  const active = runs.some((run) => !run.finished);
  const hydrated = useHydrated();
  useRevalidateWhile(active);
  return (
    <section
      aria-labelledby="backfill-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="backfill-heading" className="text-xl font-semibold">
        {BACKFILL_BUTTON}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Queues an analysis, then a story, for every meeting whose transcript is long enough and that lacks one. Meetings
        already analyzed keep what they have. The worker takes them one after the other, beside its other jobs.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="backfill" />
        <SelectField
          label="City"
          name="city"
          placeholder="All cities"
          defaultValue=""
          options={cities.map((city) => ({
            value: city.locationKey,
            label: city.state ? `${city.name}, ${city.state}` : city.name,
          }))}
        />
        <Button>{BACKFILL_BUTTON}</Button>
      </Form>
      {runs.length > 0 ? (
        <>
          <RunsTable runs={runs} />
          {active ? (
            <p className="mt-2 text-xs text-slate-600">
              {hydrated
                ? "This page updates by itself while a run is under way."
                : "Reload the page to see the progress."}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
