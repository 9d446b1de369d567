import { href, useFetcher } from "react-router";
import { Button } from "~/components/forms/fields";
import type { SavedSearchView } from "~/lib/alerts/alerts.server";
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, BODY_LABELS } from "~/lib/constants";

/**
 * The profile's "Your alerts": each saved search with its frequency, on/off,
 * delete and private feed. Every control is a form post to /alerts (a
 * fetcher with JavaScript, a plain post without).
 */
export function AlertsSection({ alerts, appUrl }: { alerts: SavedSearchView[]; appUrl: string }) {
  return (
    <section aria-labelledby="alerts" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="alerts" className="text-lg font-semibold">
        Your alerts
      </h2>
      {alerts.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          No saved searches yet. Search meetings and choose “Save this search” to get an e-mail when a new meeting
          matches.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {alerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} appUrl={appUrl} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AlertRow({ alert, appUrl }: { alert: SavedSearchView; appUrl: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const where = alert.cities.length ? alert.cities.map((c) => c.name).join(", ") : "All cities";
  const feedUrl = `${appUrl}/alerts/feed/${alert.feedToken}.atom`;
  const searchHref = `${href("/search")}?${new URLSearchParams({ q: alert.query, ...(alert.cities.length === 1 ? { city: alert.cities[0]!.key } : {}) })}`;
  return (
    <li className="py-4" data-alert={alert.query}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <a href={searchHref} className="font-semibold text-brand-700 hover:underline">
            “{alert.query}”
          </a>{" "}
          <span className="text-sm text-slate-600">
            · {where}
            {alert.body ? ` · ${BODY_LABELS[alert.body]}` : ""} · {alert.matchCount}{" "}
            {alert.matchCount === 1 ? "meeting" : "meetings"} so far
          </span>
        </p>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${alert.active ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600"}`}
        >
          {alert.active ? "On" : "Off"}
        </span>
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <fetcher.Form method="post" action={href("/alerts")} preventScrollReset className="flex items-end gap-2">
          <input type="hidden" name="intent" value="set-frequency" />
          <input type="hidden" name="id" value={alert.id} />
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-800">E-mail me</span>
            <select
              name="frequency"
              defaultValue={alert.frequency}
              aria-label={`How often to e-mail “${alert.query}”`}
              className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
            >
              {ALERT_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {ALERT_FREQUENCY_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" disabled={busy}>
            Save<span className="sr-only"> “{alert.query}”</span>
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post" action={href("/alerts")} preventScrollReset>
          <input type="hidden" name="intent" value={alert.active ? "turn-off" : "turn-on"} />
          <input type="hidden" name="id" value={alert.id} />
          <Button variant="secondary" disabled={busy}>
            {alert.active ? "Turn off" : "Turn on"}
            <span className="sr-only"> “{alert.query}”</span>
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post" action={href("/alerts")} preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={alert.id} />
          <Button variant="ghost" disabled={busy} className="text-red-700">
            Delete<span className="sr-only"> “{alert.query}”</span>
          </Button>
        </fetcher.Form>
        <a href={feedUrl} className="text-sm font-semibold text-brand-700 hover:underline">
          Private Atom feed<span className="sr-only"> for “{alert.query}”</span>
        </a>
      </div>
    </li>
  );
}
