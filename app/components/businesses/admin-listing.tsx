/**
 * The pieces of the business directory admin (/admin/business-directory):
 * a listing's card, its full preview and its edit form, shared by the list
 * page's dialogs (with JavaScript) and the preview and edit pages (without).
 */
import { Link, type Form } from "react-router";
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
import { BuildingIcon } from "~/components/ui/icons";
import type { UpdateBusinessSchema } from "~/lib/businesses/admin-schema";
import type { AdminListing } from "~/lib/businesses/admin.server";
import { telephoneHref, tierLabel, tierLevel, websiteHref } from "~/lib/businesses/listing";
import { LISTING_TIERS } from "~/lib/constants";

/** What the admin shows of a listing (AdminListing as the loader sends it). */
export type ListingView = Omit<AdminListing, "businessKey">;

/** The form's choices of city and category. */
export type BusinessChoices = {
  cities: readonly { id: string; name: string; state: string }[];
  categories: readonly { id: string; label: string }[];
};

export const LINK = "font-semibold text-brand-700 hover:underline";

const BADGE: Record<ReturnType<typeof tierLevel>, string> = {
  premium: "bg-amber-100 text-amber-900 ring-amber-300",
  standard: "bg-brand-50 text-brand-800 ring-brand-200",
  basic: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function TierBadge({ tier }: { tier: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${BADGE[tierLevel(tier)]}`}>
      {tierLabel(tier)}
    </span>
  );
}

function ListingImage({ listing, className }: { listing: ListingView; className: string }) {
  return listing.imageUrl ? (
    <img src={listing.imageUrl} alt="" loading="lazy" className={`${className} object-cover`} />
  ) : (
    <div className={`${className} flex items-center justify-center bg-slate-100 text-slate-500`}>
      <BuildingIcon className="h-10 w-10" aria-hidden />
    </div>
  );
}

/** Address with postal code, phone, e-mail and website, each shown only when set. */
function ContactLines({ listing }: { listing: ListingView }) {
  const address = [listing.streetAddress, listing.postalCode].filter(Boolean).join(", ");
  const tel = telephoneHref(listing.telephone);
  const web = websiteHref(listing.website);
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      {address ? <li>{address}</li> : null}
      {listing.telephone ? (
        <li>
          {tel ? (
            <a href={tel} className={LINK}>
              {listing.telephone}
            </a>
          ) : (
            listing.telephone
          )}
        </li>
      ) : null}
      {listing.email ? (
        <li className="break-all">
          <a href={`mailto:${listing.email}`} className={LINK}>
            {listing.email}
          </a>
        </li>
      ) : null}
      {web ? (
        <li className="break-all">
          <a href={web} target="_blank" rel="noopener noreferrer nofollow" className={LINK}>
            {listing.website}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** One listing in the grid, with its Preview, Edit and Delete links (pages without JavaScript, dialogs with it). */
export function ListingCard({
  listing,
  previewTo,
  editTo,
  deleteTo,
  onOpen,
}: {
  listing: ListingView;
  previewTo: string;
  editTo: string;
  deleteTo: string;
  onOpen?: (kind: "preview" | "edit" | "delete", event: React.MouseEvent) => void;
}) {
  const headingId = `listing-${listing.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <ListingImage listing={listing} className="h-36 w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={headingId} className="font-semibold">
            {listing.name}
          </h2>
          <TierBadge tier={listing.listingTier} />
        </div>
        <p className="text-sm text-slate-500">
          {listing.cityName}, {listing.cityState}
        </p>
        {listing.description ? <p className="line-clamp-3 text-sm text-slate-700">{listing.description}</p> : null}
        <ContactLines listing={listing} />
        <div className="mt-auto flex gap-4 pt-2">
          <Link to={previewTo} className={LINK} onClick={(event) => onOpen?.("preview", event)}>
            Preview <span className="sr-only">{listing.name}</span>
          </Link>
          <Link to={editTo} className={LINK} onClick={(event) => onOpen?.("edit", event)}>
            Edit <span className="sr-only">{listing.name}</span>
          </Link>
          <Link
            to={deleteTo}
            className="font-semibold text-red-700 hover:underline"
            onClick={(event) => onOpen?.("delete", event)}
          >
            Delete <span className="sr-only">{listing.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Everything about a listing, as the preview dialog and page show it. */
export function ListingPreview({
  listing,
  headingId,
  level = 2,
}: {
  listing: ListingView;
  headingId: string;
  /** 1 on the preview page, 2 in the dialog over the list. */
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className="space-y-4">
      <ListingImage listing={listing} className="h-48 w-full rounded-lg" />
      <div className="flex flex-wrap items-center gap-3">
        <Heading id={headingId} className="text-2xl font-bold">
          {listing.name}
        </Heading>
        <TierBadge tier={listing.listingTier} />
      </div>
      <p className="text-slate-500">
        {listing.cityName}, {listing.cityState}
        {listing.categoryLabel ? ` · ${listing.categoryLabel}` : ""}
      </p>
      {listing.description ? (
        <p className="whitespace-pre-line text-slate-800">{listing.description}</p>
      ) : (
        <p className="text-slate-500">No description</p>
      )}
      <ContactLines listing={listing} />
      {listing.latitude !== null && listing.longitude !== null ? (
        <p className="text-sm text-slate-500">
          Coordinates: {listing.latitude}, {listing.longitude}
        </p>
      ) : null}
    </div>
  );
}

type FormValues = z.input<typeof UpdateBusinessSchema>;

/**
 * A listing's form: every field the spec lists but the image, whose upload
 * form has its own slot, plus its city and category. Edits a listing
 * (`listing` given) or makes a new one; posts to the edit page's or the new
 * page's action, from the page (`<Form>`) or the edit dialog (a fetcher's
 * `<Form>`).
 */
export function BusinessForm({
  listing,
  choices,
  action,
  returnTo,
  lastResult,
  FormComponent,
  busy,
  cancel,
  submitLabel = "Save Changes",
}: {
  listing?: ListingView;
  choices: BusinessChoices;
  action: string;
  returnTo: string;
  lastResult: LastResult;
  FormComponent: typeof Form;
  busy: boolean;
  cancel: React.ReactNode;
  submitLabel?: string;
}) {
  const [form, fields] = useSchemaForm<FormValues>({
    id: listing ? `edit-business-${listing.id}` : "new-business",
    lastResult,
  });
  const initial = (name: keyof FormValues, fallback: string | number | null | undefined) => {
    const typed = fields[name].initialValue;
    return typeof typed === "string" ? typed : fallback === null || fallback === undefined ? "" : String(fallback);
  };
  const text = (name: keyof FormValues, label: string, type: string, fallback: string | number | null | undefined) => (
    <Field
      label={label}
      {...getInputProps(fields[name], { type })}
      defaultValue={initial(name, fallback)}
      errors={fields[name].errors}
    />
  );
  return (
    <FormComponent
      method="post"
      action={action}
      {...getFormProps(form)}
      aria-label={listing ? `Edit ${listing.name}` : "New business"}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <Field
        label="Name"
        {...getInputProps(fields.name, { type: "text" })}
        defaultValue={initial("name", listing?.name)}
        required
        errors={fields.name.errors}
        className="sm:col-span-2"
      />
      <SelectField
        label="City"
        {...getSelectProps(fields.cityId)}
        defaultValue={initial("cityId", listing?.cityId)}
        placeholder="Choose a city"
        options={choices.cities.map((city) => ({ value: city.id, label: `${city.name}, ${city.state}` }))}
        required
        errors={fields.cityId.errors}
      />
      <SelectField
        label="Category"
        {...getSelectProps(fields.businessCategory)}
        defaultValue={initial("businessCategory", listing?.categoryId)}
        placeholder="No category"
        options={choices.categories.map((category) => ({ value: category.id, label: category.label }))}
        errors={fields.businessCategory.errors}
      />
      <TextareaField
        label="Description"
        {...getTextareaProps(fields.description)}
        defaultValue={initial("description", listing?.description)}
        rows={4}
        errors={fields.description.errors}
        className="sm:col-span-2"
      />
      {text("streetAddress", "Street address", "text", listing?.streetAddress)}
      {text("postalCode", "Postal code", "text", listing?.postalCode)}
      {text("telephone", "Telephone", "tel", listing?.telephone)}
      {text("email", "Email", "email", listing?.email)}
      {text("website", "Website", "text", listing?.website)}
      <SelectField
        label="Listing tier"
        {...getSelectProps(fields.listingTier)}
        defaultValue={initial("listingTier", listing?.listingTier ?? "Tier 3")}
        options={LISTING_TIERS.map((tier) => ({ value: tier, label: `${tier} (${tierLabel(tier)})` }))}
        errors={fields.listingTier.errors}
      />
      {text("latitude", "Latitude", "text", listing?.latitude)}
      {text("longitude", "Longitude", "text", listing?.longitude)}
      <p className="text-sm text-slate-500 sm:col-span-2">
        Latitude and longitude place the listing on its map: enter both, or leave both empty.
      </p>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button disabled={busy}>{submitLabel}</Button>
        {cancel}
      </div>
    </FormComponent>
  );
}
