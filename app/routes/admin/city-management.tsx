/**
 * /admin/city-management: pick or create a city, edit its details, its
 * source URLs and the videos of a source (docs/product.md, admin back
 * office). The selection and the modes live in the query (?city=…&url=…,
 * &edit=city|url:<id>|video:<id>, &add=1, &create=1), so every state can be
 * bookmarked and works without JavaScript; with JavaScript the forms post
 * through fetchers and the page updates in place.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, href, Link, useActionData, useFetcher, useLoaderData, type MetaFunction } from "react-router";
import type { z } from "zod";
import { Button, Field, SelectField, TextareaField } from "~/components/forms/fields";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useSchemaForm,
  type LastResult,
} from "~/components/forms/use-schema-form";
import { useShowToast } from "~/components/ui/toaster";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { HeaderColorContrast, PrimaryColorContrast } from "~/components/admin/city-color-contrast";
import { SourceRefreshStatusNotice } from "~/components/admin/source-refresh-status";
import { CaptionStatus } from "~/components/captions/caption-status";
import { requireAdmin } from "~/lib/auth/session.server";
import { readCaptionStates } from "~/lib/captions/state.server";
import {
  createCityByAdmin,
  getCityForAdmin,
  listCitiesForAdmin,
  LocationKeyTakenError,
  updateCityByAdmin,
  type AdminCity,
} from "~/lib/cities/admin.server";
import {
  CITY_STATUSES,
  CityManagementSchema,
  CONTENT_TYPES,
  contentTypeForUrl,
  type CreateCitySchema,
  type CreateUrlSchema,
  ENTITY_TYPES,
  SOURCE_TYPES,
  type UpdateCitySchema,
  type UpdateUrlSchema,
  type UpdateVideoSchema,
  type CityManagementIntent,
} from "~/lib/cities/city-management-forms";
import { BODIES, BODY_LABELS, PRODUCT_NAME } from "~/lib/constants";
import { formatDate } from "~/lib/format/date";
import { getSourceRefreshStatus, requestSourceRefresh } from "~/lib/sources/requests.server";
import {
  createCityUrl,
  deleteCityUrl,
  isCityUrl,
  listCityUrls,
  updateCityUrl,
  type CityUrl,
} from "~/lib/sources/urls.server";
import {
  deleteVideoByAdmin,
  listVideosOfSource,
  updateVideoByAdmin,
  type AdminVideo,
} from "~/lib/sources/videos.server";
import type { Toast } from "~/lib/toast/toast";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/city-management";

export const meta: MetaFunction = () => [{ title: `City Management | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "City Management" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOrNull = (value: string | null) => (value && UUID.test(value) ? value : null);

type PageState = { city?: string | null; url?: string | null; edit?: string | null; add?: boolean; create?: boolean };

/** This page with the given selection and mode. */
function pageHref({ city, url, edit, add, create }: PageState = {}): string {
  const query = new URLSearchParams();
  if (city) query.set("city", city);
  if (city && url) query.set("url", url);
  if (edit) query.set("edit", edit);
  if (add) query.set("add", "1");
  if (create) query.set("create", "1");
  const search = query.toString();
  return `${href("/admin/city-management")}${search ? `?${search}` : ""}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = new URL(request.url).searchParams;
  const cityId = idOrNull(query.get("city"));
  const [cities, city] = await Promise.all([listCitiesForAdmin(), cityId ? getCityForAdmin(cityId) : null]);
  const urls = city ? await listCityUrls(city.id) : [];
  const selectedUrl = urls.find((url) => url.id === query.get("url")) ?? null;
  const [videos, refresh] =
    city && selectedUrl
      ? await Promise.all([listVideosOfSource(city.id, selectedUrl.id), getSourceRefreshStatus(selectedUrl.id)])
      : [[], null];
  return {
    cities,
    cityRequested: Boolean(query.get("city")),
    city,
    urls,
    selectedUrl,
    videos,
    captions: await readCaptionStates(videos.map((video) => video.id)),
    refresh,
    edit: query.get("edit") ?? "",
    adding: query.get("add") === "1" && !query.get("edit"),
    creating: query.get("create") === "1",
  };
}

type Outcome = { ok: string; failed: string };
const OUTCOME: Record<CityManagementIntent["intent"], Outcome> = {
  "create-city": { ok: "City created successfully", failed: "Error creating city" },
  "update-city": { ok: "City updated successfully", failed: "Error updating city" },
  "create-url": { ok: "URL created successfully", failed: "Error creating URL" },
  "update-url": { ok: "URL updated successfully", failed: "Error updating URL" },
  "delete-url": { ok: "URL deleted successfully", failed: "Error deleting URL" },
  "refresh-videos": { ok: "Videos refreshed successfully", failed: "Error refreshing videos" },
  "update-video": { ok: "Video updated successfully", failed: "Error updating video" },
  "delete-video": { ok: "Video deleted successfully", failed: "Error deleting video" },
};

/** Refused input: the first field message, or the spec's own words for the create-city form. */
function refusal(
  intent: string,
  fieldErrors: Record<string, string[] | null> | undefined,
): Toast | { title: string; description?: string } {
  if (intent === "create-city")
    return { title: "Please fill in required fields", description: "Name and county are required" };
  const first = Object.values(fieldErrors ?? {})
    .flat()
    .find(Boolean);
  if (intent === "refresh-videos" && first === "URL is required to refresh videos") return { title: first };
  const outcome = OUTCOME[intent as CityManagementIntent["intent"]];
  return { title: outcome?.failed ?? "That request could not be understood.", description: first ?? undefined };
}

class NotFound extends Error {}

/** Names the form a post came from, so that without JavaScript its errors go back to it. */
const FORM_KEY = "form";

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const formData = await request.formData();
  const form = String(formData.get(FORM_KEY) ?? "");
  const submission = parseWithZod(formData, { schema: CityManagementSchema });
  if (submission.status !== "success") {
    const reply = submission.reply();
    const toast = refusal(String(formData.get("intent") ?? ""), reply.error ?? undefined);
    return dataWithToast({ form, result: reply }, { type: "error", ...toast }, { status: 400 });
  }
  const posted = submission.value;
  const { ok, failed } = OUTCOME[posted.intent];
  try {
    const next = await perform(posted, user.id);
    return redirectWithToast(next, { type: "success", title: ok });
  } catch (error) {
    if (error instanceof LocationKeyTakenError) {
      const result = submission.reply({ fieldErrors: { locationKey: [error.message] } });
      return dataWithToast(
        { form, result },
        { type: "error", title: failed, description: error.message },
        { status: 409 },
      );
    }
    const notFound = error instanceof NotFound;
    if (!notFound) console.error(`City management: ${posted.intent} failed:`, error);
    const description = error instanceof Error ? error.message : "Please try again.";
    return dataWithToast(
      { result: null },
      { type: "error", title: failed, description },
      { status: notFound ? 404 : 500 },
    );
  }
}

/** Carries out one intent; answers where the page goes next. */
async function perform(posted: CityManagementIntent, userId: string): Promise<string> {
  switch (posted.intent) {
    case "create-city": {
      const city = await createCityByAdmin(posted);
      return pageHref({ city: city.id });
    }
    case "update-city": {
      const { intent: _intent, cityId, ...fields } = posted;
      if (!(await updateCityByAdmin(cityId, fields))) throw new NotFound("City not found");
      return pageHref({ city: cityId });
    }
    case "create-url": {
      const { intent: _intent, cityId, ...fields } = posted;
      if (!(await getCityForAdmin(cityId))) throw new NotFound("City not found");
      const url = await createCityUrl(cityId, fields);
      return pageHref({ city: cityId, url: url.id });
    }
    case "update-url": {
      const { intent: _intent, cityId, urlId, ...fields } = posted;
      if (!(await updateCityUrl(cityId, urlId, fields))) throw new NotFound("No URLs found for this city");
      return pageHref({ city: cityId, url: urlId });
    }
    case "delete-url":
      if (!(await deleteCityUrl(posted.cityId, posted.urlId))) throw new NotFound("No URLs found for this city");
      return pageHref({ city: posted.cityId });
    case "refresh-videos":
      if (!(await isCityUrl(posted.cityId, posted.urlId))) throw new NotFound("No URLs found for this city");
      await requestSourceRefresh(posted.urlId, userId);
      return pageHref({ city: posted.cityId, url: posted.urlId });
    case "update-video": {
      const { title, description, transcript } = posted;
      if (!(await updateVideoByAdmin(posted.meetingId, { title, description, transcript })))
        throw new NotFound("No video details found");
      return pageHref({ city: posted.cityId, url: posted.urlId });
    }
    case "delete-video":
      if (!(await deleteVideoByAdmin(posted.meetingId))) throw new NotFound("No video details found");
      return pageHref({ city: posted.cityId, url: posted.urlId });
  }
}

// ---------------------------------------------------------------- page

type ActionData = { form?: string; result?: LastResult; toast?: Toast };

/**
 * A fetcher for this page's action, the form's last result (from the
 * fetcher with JavaScript, from the page's action data without), and its
 * `<fetcher.Form>` marker. Error toasts of a fetcher reach the toast outlet
 * here; a success redirects with its toast.
 */
function usePageFetcher(key: string) {
  const fetcher = useFetcher<ActionData>({ key });
  const actionData = useActionData<ActionData>();
  const showToast = useShowToast();
  const toast = fetcher.data?.toast;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast, showToast]);
  const lastResult = fetcher.data?.result ?? (actionData?.form === key ? actionData.result : undefined);
  const marker = <input type="hidden" name={FORM_KEY} value={key} />;
  return { fetcher, lastResult, marker };
}

const LINK = "font-semibold text-brand-700 hover:underline";

export default function CityManagement() {
  const { cities, city, cityRequested, creating } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-bold">City Management</h1>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <CityPicker cities={cities} selected={city?.id ?? ""} />
        {creating ? null : (
          <Link className={LINK} to={pageHref({ city: city?.id, create: true })}>
            Create New City
          </Link>
        )}
      </div>
      {creating ? <CreateCityForm cancelTo={pageHref({ city: city?.id })} /> : null}
      {city ? (
        <CityWorkspace />
      ) : (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
          {cityRequested
            ? "City not found"
            : "Please select a city to manage its details and URLs, or create a new city"}
        </p>
      )}
    </>
  );
}

function CityPicker({ cities, selected }: { cities: { id: string; name: string; state: string }[]; selected: string }) {
  return (
    <Form method="get" className="flex items-end gap-2">
      <SelectField
        label="City"
        name="city"
        defaultValue={selected}
        key={selected}
        placeholder="Select a city"
        options={cities.map((c) => ({ value: c.id, label: `${c.name}, ${c.state}` }))}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      />
      <Button variant="secondary">Open</Button>
    </Form>
  );
}

function CreateCityForm({ cancelTo }: { cancelTo: string }) {
  const { fetcher, lastResult, marker } = usePageFetcher("create-city");
  const [form, fields] = useSchemaForm<z.input<typeof CreateCitySchema>>({
    id: "create-city",
    lastResult,
  });
  return (
    <section aria-labelledby="create-city-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="create-city-heading" className="text-xl font-semibold">
        Create New City
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        {marker}
        <input type="hidden" name="intent" value="create-city" />
        <Field label="Name" {...getInputProps(fields.name, { type: "text" })} required errors={fields.name.errors} />
        <Field
          label="County"
          {...getInputProps(fields.county, { type: "text" })}
          required
          errors={fields.county.errors}
        />
        <div className="flex gap-3 sm:col-span-2">
          <Button disabled={fetcher.state !== "idle"}>Create City</Button>
          <Link className={LINK} to={cancelTo}>
            Cancel
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}

function CityWorkspace() {
  const { city, edit, selectedUrl } = useLoaderData<typeof loader>();
  if (!city) return null;
  return (
    <div className="mt-8 space-y-8">
      {edit === "city" ? <CityDetailsForm city={city} /> : <CityDetails city={city} />}
      <UrlTable />
      {selectedUrl ? <VideoTable /> : null}
    </div>
  );
}

const CITY_FIELDS: { key: keyof AdminCity; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "state", label: "State" },
  { key: "county", label: "County" },
  { key: "locationKey", label: "Location key" },
  { key: "status", label: "Status" },
  { key: "description", label: "Description" },
  { key: "tagLine", label: "Tag line" },
  { key: "domain", label: "Domain" },
  { key: "imageUrl", label: "Image URL" },
  { key: "icon", label: "Icon" },
  { key: "primaryColor", label: "Primary color" },
  { key: "secondaryColor", label: "Secondary color" },
];

function CityDetails({ city }: { city: AdminCity }) {
  return (
    <section aria-labelledby="city-details-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex items-center justify-between">
        <h2 id="city-details-heading" className="text-xl font-semibold">
          City Details
        </h2>
        <Link className={LINK} to={pageHref({ city: city.id, edit: "city" })}>
          Edit
        </Link>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {CITY_FIELDS.map(({ key, label }) => (
          <div key={key}>
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="break-words">{String(city[key] ?? "—")}</dd>
          </div>
        ))}
      </dl>
      {city.primaryColor && city.secondaryColor ? (
        <div className="mt-4 space-y-1 text-sm text-slate-700">
          <p>
            <PrimaryColorContrast primary={city.primaryColor} secondary={city.secondaryColor} />
          </p>
          <p>
            <HeaderColorContrast primary={city.primaryColor} secondary={city.secondaryColor} />
          </p>
        </div>
      ) : null}
    </section>
  );
}

function CityDetailsForm({ city }: { city: AdminCity }) {
  const { fetcher, lastResult, marker } = usePageFetcher("update-city");
  const [form, fields] = useSchemaForm<z.input<typeof UpdateCitySchema>>({
    id: "update-city",
    lastResult,
  });
  const initial = (name: keyof typeof fields & keyof AdminCity) =>
    typeof fields[name].initialValue === "string" ? fields[name].initialValue : String(city[name] ?? "");
  const text = (
    name: keyof typeof fields & keyof AdminCity,
    label: string,
    required = false,
    extra?: Pick<React.ComponentProps<typeof Field>, "hint" | "onChange">,
  ) => (
    <Field
      label={label}
      {...getInputProps(fields[name], { type: "text" })}
      defaultValue={initial(name)}
      required={required}
      errors={fields[name].errors}
      {...extra}
    />
  );
  // The contrast hints follow what is typed (the saved or re-posted values without JavaScript).
  const [primary, setPrimary] = useState(initial("primaryColor"));
  const [secondary, setSecondary] = useState(initial("secondaryColor"));
  return (
    <section aria-labelledby="city-details-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="city-details-heading" className="text-xl font-semibold">
        City Details
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        {marker}
        <input type="hidden" name="intent" value="update-city" />
        <input type="hidden" name="cityId" value={city.id} />
        {text("name", "Name", true)}
        {text("state", "State", true)}
        {text("county", "County")}
        {text("locationKey", "Location key", true)}
        <SelectField
          label="Status"
          {...getSelectProps(fields.status)}
          defaultValue={city.status}
          options={CITY_STATUSES.map((status) => ({ value: status, label: status }))}
          errors={fields.status.errors}
        />
        {text("tagLine", "Tag line")}
        <TextareaField
          label="Description"
          {...getTextareaProps(fields.description)}
          defaultValue={city.description ?? ""}
          errors={fields.description.errors}
          className="sm:col-span-2"
        />
        {text("domain", "Domain")}
        {text("imageUrl", "Image URL")}
        {text("icon", "Icon")}
        {text("primaryColor", "Primary color", true, {
          hint: <PrimaryColorContrast primary={primary} secondary={secondary} />,
          onChange: (event) => setPrimary(event.currentTarget.value),
        })}
        {text("secondaryColor", "Secondary color", true, {
          hint: <HeaderColorContrast primary={primary} secondary={secondary} />,
          onChange: (event) => setSecondary(event.currentTarget.value),
        })}
        <div className="flex gap-3 sm:col-span-2">
          <Button disabled={fetcher.state !== "idle"}>Save</Button>
          <Link className={LINK} to={pageHref({ city: city.id })}>
            Cancel
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}

function UrlTable() {
  const { city, urls, selectedUrl, edit, adding } = useLoaderData<typeof loader>();
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
            <UrlRow key={url.id} cityId={city.id} url={url} selected={url.id === selectedUrl?.id} />
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

function UrlRow({ cityId, url, selected }: { cityId: string; url: CityUrl; selected: boolean }) {
  const { fetcher, marker } = usePageFetcher(`delete-url:${url.id}`);
  return (
    <li
      className={`flex flex-wrap items-center gap-3 rounded-lg border p-3 ${selected ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}
    >
      <Link
        className="min-w-0 flex-1"
        to={pageHref({ city: cityId, url: selected ? null : url.id })}
        aria-current={selected ? "true" : undefined}
        aria-label={`${selected ? "Deselect" : "Select"} ${url.title ?? url.url}`}
      >
        <span className="block font-medium">{url.title ?? "Untitled"}</span>
        <span className="block truncate text-sm text-slate-600">{url.url}</span>
        <span className="block text-xs text-slate-500">
          {url.contentType} · {url.sourceType} · {url.entityType}
          {url.body ? ` · ${BODY_LABELS[url.body as keyof typeof BODY_LABELS] ?? url.body}` : null}
        </span>
      </Link>
      <Link className={LINK} to={pageHref({ city: cityId, url: selected ? url.id : null, edit: `url:${url.id}` })}>
        Edit <span className="sr-only">{url.title ?? url.url}</span>
      </Link>
      <fetcher.Form method="post">
        {marker}
        <input type="hidden" name="intent" value="delete-url" />
        <input type="hidden" name="cityId" value={cityId} />
        <input type="hidden" name="urlId" value={url.id} />
        <Button variant="ghost" disabled={fetcher.state !== "idle"} aria-label={`Delete ${url.title ?? url.url}`}>
          Delete
        </Button>
      </fetcher.Form>
    </li>
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

function VideoTable() {
  const { city, selectedUrl, videos, refresh: refreshStatus, edit, adding, creating } = useLoaderData<typeof loader>();
  const { fetcher: refresh, marker: refreshMarker } = usePageFetcher("refresh-videos");
  if (!city || !selectedUrl) return null;
  return (
    <section aria-labelledby="videos-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="videos-heading" className="text-xl font-semibold">
          Videos of {selectedUrl.title ?? selectedUrl.url}
        </h2>
        <refresh.Form method="post">
          {refreshMarker}
          <input type="hidden" name="intent" value="refresh-videos" />
          <input type="hidden" name="cityId" value={city.id} />
          <input type="hidden" name="urlId" value={selectedUrl.id} />
          <Button variant="secondary" disabled={refresh.state !== "idle"}>
            Refresh Videos
          </Button>
        </refresh.Form>
      </div>
      {refreshStatus ? (
        <SourceRefreshStatusNotice status={refreshStatus} autoRefresh={!edit && !adding && !creating} />
      ) : null}
      {videos.length === 0 ? <p className="mt-4 text-slate-600">No videos found for this URL</p> : null}
      <ul className="mt-4 space-y-3">
        {videos.map((video) =>
          edit === `video:${video.id}` ? (
            <li key={video.id}>
              <VideoForm cityId={city.id} urlId={selectedUrl.id} video={video} />
            </li>
          ) : (
            <VideoRow key={video.id} cityId={city.id} urlId={selectedUrl.id} video={video} />
          ),
        )}
      </ul>
    </section>
  );
}

function VideoRow({ cityId, urlId, video }: { cityId: string; urlId: string; video: AdminVideo }) {
  const { fetcher, marker } = usePageFetcher(`delete-video:${video.id}`);
  const { captions } = useLoaderData<typeof loader>();
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium">{video.title ?? "Untitled"}</p>
          <p className="text-sm text-slate-500">
            {video.publishedAt ? formatDate(video.publishedAt) : "No date"} · {video.videoId}
          </p>
          {video.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-700">{video.description}</p> : null}
          <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-slate-600">
            {video.transcript || "No transcript available"}
          </p>
          <CaptionStatus
            meetingId={video.id}
            state={captions[video.id] ?? null}
            returnTo={pageHref({ city: cityId, url: urlId })}
            title={video.title ?? video.videoId}
          />
        </div>
        <Link className={LINK} to={pageHref({ city: cityId, url: urlId, edit: `video:${video.id}` })}>
          Edit <span className="sr-only">{video.title ?? video.videoId}</span>
        </Link>
        <fetcher.Form method="post">
          {marker}
          <input type="hidden" name="intent" value="delete-video" />
          <input type="hidden" name="cityId" value={cityId} />
          <input type="hidden" name="urlId" value={urlId} />
          <input type="hidden" name="meetingId" value={video.id} />
          <Button
            variant="ghost"
            disabled={fetcher.state !== "idle"}
            aria-label={`Delete ${video.title ?? video.videoId}`}
          >
            Delete
          </Button>
        </fetcher.Form>
      </div>
    </li>
  );
}

function VideoForm({ cityId, urlId, video }: { cityId: string; urlId: string; video: AdminVideo }) {
  const { fetcher, lastResult, marker } = usePageFetcher(`update-video:${video.id}`);
  const [form, fields] = useSchemaForm<z.input<typeof UpdateVideoSchema>>({
    id: `video-${video.id}`,
    lastResult,
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-label="Edit video"
      className="grid gap-3 rounded-lg border border-brand-600 p-3"
    >
      {marker}
      <input type="hidden" name="intent" value="update-video" />
      <input type="hidden" name="cityId" value={cityId} />
      <input type="hidden" name="urlId" value={urlId} />
      <input type="hidden" name="meetingId" value={video.id} />
      <Field label="Title" name={fields.title!.name} defaultValue={video.title ?? ""} />
      <TextareaField
        label="Description"
        name={fields.description!.name}
        defaultValue={video.description ?? ""}
        rows={3}
      />
      <TextareaField
        label="Transcript"
        name={fields.transcript!.name}
        defaultValue={video.transcript ?? ""}
        rows={10}
      />
      <div className="flex gap-3">
        <Button disabled={fetcher.state !== "idle"}>Save</Button>
        <Link className={LINK} to={pageHref({ city: cityId, url: urlId })}>
          Cancel
        </Link>
      </div>
    </fetcher.Form>
  );
}
