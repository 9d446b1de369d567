/**
 * City Management's "Legislative system" card (issue 29;
 * docs/decisions/0067-legistar-record.md): the city's Legistar client id,
 * an optional token (never shown back: only that one is saved) and its time
 * zone; Test lists the saved client's bodies or says why not; Sync now
 * queues the sync; the last sync's time and error. Plain form posts to the
 * page's action, each through a fetcher of its own with JavaScript.
 */
import { useState } from "react";
import type { z } from "zod";
import { Button, Field } from "~/components/forms/fields";
import { getFormProps, getInputProps, useSchemaForm } from "~/components/forms/use-schema-form";
import { formatDateTime } from "~/lib/format/date";
import type { LegislativeCard } from "~/lib/legistar/admin.server";
import type { SaveLegislativeSourceSchema } from "~/lib/legistar/source-form";
import { usePageFetcher } from "./page-fetcher";

export function LegislativeSourceCard({ cityId, source }: { cityId: string; source: LegislativeCard | null }) {
  return (
    <section aria-labelledby="legislative-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="legislative-heading" className="text-xl font-semibold">
        Legislative system
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The official record (agendas, votes, people and bills) read from the city&apos;s Legistar site.
      </p>
      {source ? <SyncStatus cityId={cityId} source={source} /> : null}
      {/* Drawn afresh when what is saved changes, so that its fields show what was saved (a pasted address as its client id). */}
      <SourceForm
        key={`${source?.clientId ?? ""} ${source?.timeZone ?? ""} ${String(source?.tokenSaved ?? false)}`}
        cityId={cityId}
        source={source}
      />
    </section>
  );
}

function SyncStatus({ cityId, source }: { cityId: string; source: LegislativeCard }) {
  const test = usePageFetcher("test-legislative-source");
  const sync = usePageFetcher("sync-legislative-record");
  const lastSync = formatDateTime(source.lastSyncedAt);
  return (
    <div className="mt-4 space-y-3">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-500">Last complete sync</dt>
          <dd>{lastSync ? `Began ${lastSync}` : "Never"}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Sync status</dt>
          <dd>
            {source.sync === "running"
              ? "A sync is running."
              : source.sync === "queued"
                ? "A sync is queued."
                : "Not queued"}
          </dd>
        </div>
      </dl>
      {source.lastError ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <span className="font-semibold">
            The last sync failed{source.lastErrorAt ? ` (${formatDateTime(source.lastErrorAt)})` : ""}:
          </span>{" "}
          {source.lastError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <test.fetcher.Form method="post">
          {test.marker}
          <input type="hidden" name="intent" value="test-legislative-source" />
          <input type="hidden" name="cityId" value={cityId} />
          <Button variant="secondary" disabled={test.fetcher.state !== "idle"}>
            Test
          </Button>
        </test.fetcher.Form>
        <sync.fetcher.Form method="post">
          {sync.marker}
          <input type="hidden" name="intent" value="sync-legislative-record" />
          <input type="hidden" name="cityId" value={cityId} />
          <Button variant="secondary" disabled={sync.fetcher.state !== "idle" || source.sync !== null}>
            Sync now
          </Button>
        </sync.fetcher.Form>
      </div>
    </div>
  );
}

function SourceForm({ cityId, source }: { cityId: string; source: LegislativeCard | null }) {
  const { fetcher, lastResult: posted, marker } = usePageFetcher("save-legislative-source");
  // Drawn afresh after a save (the card's key), the form would still get the fetcher's reply to a
  // refused post before it (a redirect leaves a fetcher's data as it was): that reply is not this form's.
  const [before] = useState(fetcher.data?.result);
  const lastResult = before !== undefined && posted === before ? undefined : posted;
  const [form, fields] = useSchemaForm<z.input<typeof SaveLegislativeSourceSchema>>({
    id: "save-legislative-source",
    lastResult,
  });
  const initial = (name: "clientId" | "timeZone") =>
    typeof fields[name].initialValue === "string" ? fields[name].initialValue : (source?.[name] ?? "");
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      {marker}
      <input type="hidden" name="intent" value="save-legislative-source" />
      <input type="hidden" name="cityId" value={cityId} />
      <Field
        label="Legistar client id"
        {...getInputProps(fields.clientId, { type: "text" })}
        defaultValue={initial("clientId")}
        required
        autoComplete="off"
        spellCheck={false}
        errors={fields.clientId.errors}
        hint="The name before .legistar.com (maplefalls for maplefalls.legistar.com); the site's address works too."
      />
      <Field
        label="Time zone"
        {...getInputProps(fields.timeZone, { type: "text" })}
        defaultValue={initial("timeZone")}
        required
        autoComplete="off"
        spellCheck={false}
        errors={fields.timeZone.errors}
        hint="An IANA name, e.g. America/Los_Angeles: the city's meeting dates are its local days."
      />
      <div>
        <Field
          label="Token"
          name={fields.token.name}
          id={fields.token.id}
          type="password"
          autoComplete="off"
          errors={fields.token.errors}
          hint={
            source?.tokenSaved
              ? "A token is saved (not shown). Leave this blank to keep it, or type a new one to replace it."
              : "Optional: only for a client whose clerk issued one."
          }
        />
        {source?.tokenSaved ? (
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="clearToken" value="on" className="h-4 w-4" />
            Remove the saved token
          </label>
        ) : null}
      </div>
      <div className="flex items-end sm:col-span-2">
        <Button disabled={fetcher.state !== "idle"}>Save</Button>
      </div>
    </fetcher.Form>
  );
}
