/**
 * City Management's City URLs: the city's sources, one edit or add at a
 * time, a row selected to show its videos, and a confirmation before one is
 * deleted.
 */
import { useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { Button, Field, SelectField } from "~/components/forms/fields";
import { getFormProps, getInputProps, useSchemaForm } from "~/components/forms/use-schema-form";
import type { CityManagementData } from "~/lib/cities/city-management.server";
import { cityManagementPageHref as pageHref } from "~/lib/cities/city-management-links";
import type { CreateUrlSchema, UpdateUrlSchema } from "~/lib/cities/city-management-forms";
import { CONTENT_TYPES, contentTypeForUrl, ENTITY_TYPES, SOURCE_TYPES } from "~/lib/cities/city-choices";
import { BODIES, BODY_LABELS } from "~/lib/constants";
import type { CityUrl } from "~/lib/sources/urls.server";
import { ConfirmPanel } from "./confirm";
import { LINK, usePageFetcher } from "./page-fetcher";

const titleOf = (url: CityUrl) => url.title ?? url.url;

export function UrlTable({ data }: { data: CityManagementData }) {
  const { city, urls, selectedUrl, edit, adding, confirm } = data;
  if (!city) return null;
  const busyEditing = edit.startsWith("url:") || adding;
  return (
    <section aria-labelledby="city-urls-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex items-center justify-between">
        <h2 id="city-urls-heading" className="text-xl font-semibold">
          City URLs
        </h2>
        {busyEditing ? (
          <span aria-disabled className="cursor-not-allowed font-semibold text-slate-500">
            Add URL
          </span>
        ) : (
          <Link className={LINK} to={pageHref({ city: city.id, url: selectedUrl?.id, add: true })}>
            Add URL
          </Link>
        )}
      </div>
      {urls.length === 0 && !adding ? <p className="mt-4 text-slate-600">No URLs found for this city</p> : null}
      <ul className="mt-4 space-y-2">
        {urls.map((url) =>
          edit === `url:${url.id}` ? (
            <li key={url.id}>
              <UrlForm cityId={city.id} url={url} selectedUrlId={selectedUrl?.id ?? null} />
            </li>
          ) : (
            <UrlRow
              key={url.id}
              cityId={city.id}
              url={url}
              selected={url.id === selectedUrl?.id}
              confirming={confirm?.kind === "url" && confirm.id === url.id}
            />
          ),
        )}
        {adding ? (
          <li>
            <UrlForm cityId={city.id} url={null} selectedUrlId={selectedUrl?.id ?? null} />
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function UrlRow({
  cityId,
  url,
  selected,
  confirming,
}: {
  cityId: string;
  url: CityUrl;
  selected: boolean;
  confirming: boolean;
}) {
  const here = { city: cityId, url: selected ? url.id : null };
  return (
    <li className={`rounded-lg border p-3 ${selected ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}>
      <div className="flex flex-wrap items-center gap-3">
        <Link
          className="min-w-0 flex-1"
          to={pageHref({ city: cityId, url: selected ? null : url.id })}
          aria-current={selected ? "true" : undefined}
          aria-label={`${selected ? "Deselect" : "Select"} ${titleOf(url)}`}
        >
          <span className="block font-medium">{url.title ?? "Untitled"}</span>
          <span className="block truncate text-sm text-slate-600">{url.url}</span>
          <span className="block text-xs text-slate-500">
            {url.contentType} · {url.sourceType} · {url.entityType}
            {url.body ? ` · ${BODY_LABELS[url.body as keyof typeof BODY_LABELS] ?? url.body}` : null}
          </span>
        </Link>
        <Link className={LINK} to={pageHref({ ...here, edit: `url:${url.id}` })}>
          Edit <span className="sr-only">{titleOf(url)}</span>
        </Link>
        <Link
          className="font-semibold text-red-700 hover:underline"
          to={pageHref({ ...here, confirm: `delete-url:${url.id}` })}
          preventScrollReset
        >
          Delete <span className="sr-only">{titleOf(url)}</span>
        </Link>
      </div>
      {confirming ? <DeleteUrlConfirm cityId={cityId} url={url} cancelTo={pageHref(here)} /> : null}
    </li>
  );
}

function DeleteUrlConfirm({ cityId, url, cancelTo }: { cityId: string; url: CityUrl; cancelTo: string }) {
  const { fetcher, marker } = usePageFetcher(`delete-url:${url.id}`);
  return (
    <div className="mt-3">
      <ConfirmPanel
        title={`Delete ${titleOf(url)}?`}
        cancelTo={cancelTo}
        action={
          <fetcher.Form method="post">
            {marker}
            <input type="hidden" name="intent" value="delete-url" />
            <input type="hidden" name="cityId" value={cityId} />
            <input type="hidden" name="urlId" value={url.id} />
            <Button className="bg-red-700 hover:bg-red-800" disabled={fetcher.state !== "idle"}>
              Delete URL
            </Button>
          </fetcher.Form>
        }
      >
        <p>
          The city stops following {url.url}. Its videos stay in the city; refreshes of this URL no longer bring new
          ones.
        </p>
      </ConfirmPanel>
    </div>
  );
}

function UrlForm({
  cityId,
  url,
  selectedUrlId,
}: {
  cityId: string;
  url: CityUrl | null;
  selectedUrlId: string | null;
}) {
  const { fetcher, lastResult, marker } = usePageFetcher(url ? `update-url:${url.id}` : "create-url");
  const [form, fields] = useSchemaForm<z.input<typeof CreateUrlSchema> | z.input<typeof UpdateUrlSchema>>({
    id: url ? `url-${url.id}` : "new-url",
    lastResult,
  });
  const [contentType, setContentType] = useState(url?.contentType ?? "");
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-3 rounded-lg border border-brand-600 p-3 sm:grid-cols-2"
      aria-label={url ? "Edit URL" : "New URL"}
    >
      {marker}
      <input type="hidden" name="intent" value={url ? "update-url" : "create-url"} />
      <input type="hidden" name="cityId" value={cityId} />
      {url ? <input type="hidden" name="urlId" value={url.id} /> : null}
      <Field label="Title" {...getInputProps(fields.title, { type: "text" })} defaultValue={url?.title ?? ""} />
      <Field
        label="URL"
        {...getInputProps(fields.url, { type: "text" })}
        defaultValue={url?.url ?? ""}
        required
        errors={fields.url.errors}
        onChange={(event) => setContentType(contentTypeForUrl(event.currentTarget.value))}
      />
      <SelectField
        label="Content type"
        name={fields.contentType.name}
        value={contentType}
        onChange={(event) => setContentType(event.currentTarget.value)}
        placeholder="From the URL"
        options={CONTENT_TYPES.map((value) => ({ value, label: value }))}
      />
      <SelectField
        label="Source type"
        name={fields.sourceType.name}
        defaultValue={url?.sourceType ?? "website"}
        options={SOURCE_TYPES.map((value) => ({ value, label: value }))}
      />
      <SelectField
        label="Entity type"
        name={fields.entityType.name}
        defaultValue={url?.entityType ?? "Unknown"}
        options={ENTITY_TYPES.map((value) => ({ value, label: value }))}
      />
      <SelectField
        label="Body"
        name={fields.body.name}
        defaultValue={url?.body ?? ""}
        placeholder="Unknown"
        options={BODIES.map((value) => ({ value, label: BODY_LABELS[value] }))}
      />
      <div className="flex items-end gap-3">
        <Button disabled={fetcher.state !== "idle"}>Save</Button>
        <Link className={LINK} to={pageHref({ city: cityId, url: selectedUrlId })}>
          Cancel
        </Link>
      </div>
    </fetcher.Form>
  );
}
