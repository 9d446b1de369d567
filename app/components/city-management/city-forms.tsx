/**
 * City Management's city parts: the picker, the create form, the details
 * card with its edit form, and deleting a city made by mistake.
 */
import { useState } from "react";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { HeaderColorContrast, PrimaryColorContrast } from "~/components/admin/city-color-contrast";
import { Button, Field, SelectField, TextareaField } from "~/components/forms/fields";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useSchemaForm,
} from "~/components/forms/use-schema-form";
import type { AdminCity, CityDeletionImpact } from "~/lib/cities/admin.server";
import { cityManagementPageHref as pageHref } from "~/lib/cities/city-management-links";
import type { CreateCitySchema, UpdateCitySchema } from "~/lib/cities/city-management-forms";
import { CITY_STATUSES } from "~/lib/cities/city-choices";
import { countOf } from "~/lib/format/count";
import { US_STATES } from "~/lib/us-states";
import { ConfirmPanel } from "./confirm";
import { LINK, usePageFetcher } from "./page-fetcher";

export function CityPicker({
  cities,
  selected,
}: {
  cities: { id: string; name: string; state: string }[];
  selected: string;
}) {
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

export function CreateCityForm({ cancelTo }: { cancelTo: string }) {
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

export function CityDetails({ city, deletion }: { city: AdminCity; deletion: CityDeletionImpact | null }) {
  return (
    <section aria-labelledby="city-details-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="city-details-heading" className="text-xl font-semibold">
          City Details
        </h2>
        <div className="flex gap-4">
          <Link className={LINK} to={pageHref({ city: city.id, edit: "city" })}>
            Edit
          </Link>
          <Link
            className="font-semibold text-red-700 hover:underline"
            to={pageHref({ city: city.id, confirm: "delete-city" })}
            preventScrollReset
          >
            Delete city
          </Link>
        </div>
      </div>
      {deletion ? <DeleteCityConfirm cityId={city.id} impact={deletion} /> : null}
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

/** What goes with the city, or why it stays: a city with content is archived, not deleted. */
function DeleteCityConfirm({ cityId, impact }: { cityId: string; impact: CityDeletionImpact }) {
  const { fetcher, marker } = usePageFetcher("delete-city");
  const content = [
    [impact.videos, "video"],
    [impact.listings, "business listing"],
    [impact.alerts, "member alert"],
    [impact.issues, "tracked issue"],
  ] as const;
  const held = content.filter(([count]) => count > 0);
  const cancelTo = pageHref({ city: cityId });
  if (held.length > 0)
    return (
      <div className="mt-4">
        <ConfirmPanel title={`${impact.name} cannot be deleted`} cancelTo={cancelTo}>
          <p>
            It has {held.map(([count, noun]) => countOf(count, noun)).join(", ")}. A city with content is not deleted:
            set its status to Archive to take it off the site.
          </p>
        </ConfirmPanel>
      </div>
    );
  const goes = [
    countOf(impact.urls, "URL link", "URL links"),
    countOf(impact.removedVideos, "removed video", "removed videos"),
  ];
  return (
    <div className="mt-4">
      <ConfirmPanel
        title={`Delete ${impact.name}?`}
        cancelTo={cancelTo}
        action={
          <fetcher.Form method="post">
            {marker}
            <input type="hidden" name="intent" value="delete-city" />
            <input type="hidden" name="cityId" value={cityId} />
            <Button className="bg-red-700 hover:bg-red-800" disabled={fetcher.state !== "idle"}>
              Delete city
            </Button>
          </fetcher.Form>
        }
      >
        <p>It has no videos, business listings, alerts or tracked issues. With it go: {goes.join(", ")}.</p>
        {impact.homeCityMembers > 0 ? (
          <p>
            {countOf(impact.homeCityMembers, "member has", "members have")} it as their home city; they will have none.
          </p>
        ) : null}
        <p>This cannot be undone.</p>
      </ConfirmPanel>
    </div>
  );
}

export function CityDetailsForm({ city }: { city: AdminCity }) {
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
  const state = initial("state");
  const knownState = US_STATES.some(([code]) => code === state);
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
        <SelectField
          label="State"
          {...getSelectProps(fields.state)}
          defaultValue={knownState ? state : ""}
          required
          placeholder={knownState ? undefined : `Choose a state (was “${state}”)`}
          options={US_STATES.map(([code, name]) => ({ value: code, label: `${code} – ${name}` }))}
          errors={fields.state.errors}
        />
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
        {text("domain", "Domain", false, { hint: "The city's own site, e.g. cityofbelmont.gov" })}
        {text("imageUrl", "Image URL", false, { hint: "An https:// address of the header's image" })}
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
