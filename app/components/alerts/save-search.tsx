import { href, Link, useFetcher, useLocation } from "react-router";
import { Button, SelectField } from "~/components/forms/fields";
import { useOptionalUser } from "~/components/hooks/use-user";
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, BODIES, BODY_LABELS } from "~/lib/constants";

export type SaveSearchCity = { locationKey: string; name: string; state: string };

/**
 * "Save this search" under search results: members get an alert by e-mail
 * when a newly analyzed meeting matches; visitors get a sign-in link. A
 * plain form post to /alerts without JavaScript, a fetcher with it.
 */
export function SaveSearchPanel({
  q,
  cities,
  defaultCityKey,
}: {
  q: string;
  /** The cities to choose from; a single one is fixed (a city's own search). */
  cities: readonly SaveSearchCity[];
  defaultCityKey: string | null;
}) {
  const user = useOptionalUser();
  const location = useLocation();
  const fetcher = useFetcher();
  if (!q) return null;
  const here = `${location.pathname}${location.search}`;
  if (!user) {
    return (
      <p className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
        Get an e-mail when new meetings mention “{q}”:{" "}
        <Link
          to={`${href("/auth")}?redirectTo=${encodeURIComponent(here)}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          sign in to save this search
        </Link>
        .
      </p>
    );
  }
  const saving = fetcher.state !== "idle";
  return (
    <details className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" id="save-search">
      <summary className="cursor-pointer font-semibold text-brand-700">Save this search and get alerts</summary>
      <fetcher.Form method="post" action={href("/alerts")} preventScrollReset className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="save-search" />
        <input type="hidden" name="q" value={q} />
        <input type="hidden" name="redirectTo" value={here} />
        <p className="text-sm text-slate-700">
          We will e-mail you when a newly analyzed meeting mentions <strong>“{q}”</strong>, with the sentence, the
          speaker and a link to the second it was said.
        </p>
        {cities.length === 1 ? (
          <input type="hidden" name="city" value={cities[0]!.locationKey} />
        ) : (
          <SelectField
            label="Cities"
            name="city"
            multiple
            size={Math.min(6, cities.length + 1)}
            defaultValue={defaultCityKey ? [defaultCityKey] : [""]}
            hint="None chosen, or “All cities”: every city we cover."
            options={[
              { value: "", label: "All cities" },
              ...cities.map((c) => ({ value: c.locationKey, label: `${c.name}, ${c.state}` })),
            ]}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <SelectField
            label="Public body"
            name="body"
            defaultValue=""
            options={[{ value: "", label: "Any" }, ...BODIES.map((b) => ({ value: b, label: BODY_LABELS[b] }))]}
          />
          <SelectField
            label="E-mail me"
            name="frequency"
            defaultValue="immediate"
            options={ALERT_FREQUENCIES.map((f) => ({ value: f, label: ALERT_FREQUENCY_LABELS[f] }))}
          />
        </div>
        <Button disabled={saving}>{saving ? "Saving…" : "Save this search"}</Button>
      </fetcher.Form>
    </details>
  );
}
