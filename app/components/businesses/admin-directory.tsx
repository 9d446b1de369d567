/**
 * The screen of /admin/business-directory (docs/decisions/0033 and 0053):
 * search, filter by city and first letter, page through the listings, 12
 * at a time; add, preview, edit and delete them. The filters are a GET form
 * and links, so every state is a URL and works without JavaScript; with
 * JavaScript the search runs as you type, and Preview, Edit and Delete open
 * dialogs instead of their pages.
 */
import { useEffect, useRef, useState } from "react";
import { Form, href, Link, useFetcher, useLocation, useNavigationType, useSearchParams, useSubmit } from "react-router";
import { Button, Field, SelectField } from "~/components/forms/fields";
import type { LastResult } from "~/components/forms/use-schema-form";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Pagination } from "~/components/ui/pagination";
import {
  adminDirectoryHref,
  listingAdminHref,
  newListingHref,
  type AdminDirectoryQuery,
} from "~/lib/businesses/admin-forms";
import { LETTERS } from "~/lib/businesses/listing";
import type { Toast } from "~/lib/toast/toast";
import { BusinessForm, ListingCard, ListingPreview, type BusinessChoices, type ListingView } from "./admin-listing";
import { DeleteListingForm } from "./delete-listing-form";
import { ImageUploadForm } from "./image-upload-form";
import { LetterFilterNav } from "./letter-filter-nav";
import { useFetcherToast } from "~/components/hooks/use-fetcher-toast";

export type AdminDirectoryData = BusinessChoices & {
  query: AdminDirectoryQuery;
  listings: ListingView[];
  total: number;
  page: number;
  pageCount: number;
};

/** The open dialog, for the list it was opened on (its location key). */
type Open = { kind: "preview" | "edit" | "delete"; id: string; on: string } | null;

export function AdminDirectory(data: AdminDirectoryData) {
  const { query, listings, total, page, pageCount } = data;
  const hydrated = useHydrated();
  const location = useLocation();
  const here = adminDirectoryHref(query);
  const [state, setOpen] = useState<Open>(null);
  // A new list (a save's redirect, a new filter) closes any dialog.
  const open = state?.on === location.key ? state : null;
  const opened = open ? listings.find((listing) => listing.id === open.id) : undefined;
  const close = () => setOpen(null);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Business Directory</h1>
        <Link
          to={newListingHref(here)}
          className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Add business
        </Link>
      </div>
      <Filters query={query} cities={data.cities} />
      <p className="mt-6 text-slate-600" role="status">
        Showing {listings.length} of {total} businesses
      </p>
      {listings.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
          No businesses found matching your criteria
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {listings.map((listing) => (
            <li key={listing.id} className="flex">
              <ListingCard
                listing={listing}
                previewTo={listingAdminHref("preview", listing.id, here)}
                editTo={listingAdminHref("edit", listing.id, here)}
                deleteTo={listingAdminHref("delete", listing.id, here)}
                onOpen={(kind, event) => {
                  if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  setOpen({ kind, id: listing.id, on: location.key });
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefOf={(number) => adminDirectoryHref({ ...query, page: number })}
      />
      {opened && open?.kind === "preview" ? (
        <ListingDialog title="Business preview" onClose={close}>
          <ListingPreview listing={opened} headingId="listing-dialog-title" />
          <div className="mt-6 flex justify-end gap-3">
            <Button type="button" variant="secondary" onClick={close}>
              Close
            </Button>
            <Button type="button" onClick={() => setOpen({ kind: "edit", id: opened.id, on: location.key })}>
              Edit
            </Button>
          </div>
        </ListingDialog>
      ) : null}
      {opened && open?.kind === "edit" ? (
        <EditDialog listing={opened} choices={data} returnTo={here} onClose={close} />
      ) : null}
      {opened && open?.kind === "delete" ? (
        <ListingDialog title={`Delete ${opened.name}?`} onClose={close}>
          <DeleteListingForm
            listing={opened}
            action={listingAdminHref("delete", opened.id, here)}
            cancel={
              <Button type="button" variant="secondary" onClick={close}>
                Cancel
              </Button>
            }
          />
        </ListingDialog>
      ) : null}
    </>
  );
}

/**
 * Search (as you type, with JavaScript), city and letter; any change goes
 * back to page 1. The letters' Clear clears the letter (spec: "A–Z
 * first-letter buttons with Clear"); Clear all filters clears the search,
 * the city and the letter (as the prototype's does).
 */
function Filters({ query, cities }: { query: AdminDirectoryQuery; cities: BusinessChoices["cities"] }) {
  const submit = useSubmit();
  const [params] = useSearchParams();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The box shows what is typed; a search that did not come from typing
  // (back button, a link, Clear all filters) brings its own words into it.
  // The results of a search typed earlier may arrive (and render, in a
  // transition) after more was typed: the words of any search sent from the
  // box (a replacing navigation) never overwrite it, or the keystrokes typed
  // meanwhile would be lost (issue 26: "QUILL mwzb8cgx" became "QUILL mwcgx"
  // on a loaded machine).
  const inUrl = params.get("q") ?? "";
  const navigationType = useNavigationType();
  const [text, setText] = useState(inUrl);
  const [shown, setShown] = useState(inUrl);
  const [typed, setTyped] = useState<ReadonlySet<string>>(() => new Set());
  if (shown !== inUrl) {
    setShown(inUrl);
    if (navigationType !== "REPLACE" || !typed.has(inUrl)) setText(inUrl);
  }
  const send = (form: HTMLFormElement | null, delay: number) => {
    clearTimeout(timer.current);
    if (!form) return;
    timer.current = setTimeout(() => {
      const words = String(new FormData(form).get("q") ?? "");
      setTyped((before) => (before.has(words) ? before : new Set(before).add(words)));
      void submit(form, { replace: true, preventScrollReset: true });
    }, delay);
  };
  const filtered = Boolean(query.q || query.cityId || query.letter !== "All");
  return (
    <div className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <Form method="get" role="search" aria-label="Filter businesses" className="flex flex-wrap items-end gap-3">
        <Field
          label="Search"
          type="search"
          name="q"
          value={text}
          placeholder="Name or description"
          maxLength={200}
          autoComplete="off"
          className="min-w-60 flex-1"
          onChange={(event) => {
            setText(event.currentTarget.value);
            send(event.currentTarget.form, 300);
          }}
        />
        <SelectField
          label="City"
          name="city"
          defaultValue={query.cityId ?? ""}
          key={query.cityId ?? ""}
          placeholder="All cities"
          options={cities.map((city) => ({ value: city.id, label: `${city.name}, ${city.state}` }))}
          onChange={(event) => send(event.currentTarget.form, 0)}
        />
        {query.letter !== "All" ? <input type="hidden" name="letter" value={query.letter} /> : null}
        <Button variant="secondary">Search</Button>
        {filtered ? (
          <Link
            to={adminDirectoryHref()}
            preventScrollReset
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            Clear all filters
          </Link>
        ) : null}
      </Form>
      <LetterFilterNav
        letters={LETTERS}
        current={query.letter}
        hrefFor={(letter) => adminDirectoryHref({ ...query, letter, page: 1 })}
        clearHref={adminDirectoryHref({ ...query, letter: "All", page: 1 })}
      />
    </div>
  );
}

/** A modal dialog (JavaScript only: without it Preview, Edit and Delete are pages). */
function ListingDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      aria-label={title}
      onClose={onClose}
      className="m-auto max-h-[calc(100%-2rem)] w-[min(44rem,calc(100%-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
    >
      {children}
    </dialog>
  );
}

type EditActionData = { result?: LastResult; toast?: Toast };

function EditDialog({
  listing,
  choices,
  returnTo,
  onClose,
}: {
  listing: ListingView;
  choices: BusinessChoices;
  returnTo: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<EditActionData>({ key: `edit-business-${listing.id}` });
  const toast = fetcher.data?.toast;
  useFetcherToast(toast);
  return (
    <ListingDialog title={`Edit ${listing.name}`} onClose={onClose}>
      <h2 className="mb-4 text-2xl font-bold">Edit Business</h2>
      {/* The toast lies under the modal's backdrop: its words are repeated here. */}
      {toast?.type === "error" && fetcher.state === "idle" ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <strong>{toast.title}</strong>
          {toast.description ? ` ${toast.description}` : null}
        </p>
      ) : null}
      <div className="mb-6">
        <ImageUploadForm
          businessId={listing.id}
          currentImageUrl={listing.imageUrl}
          businessName={listing.name}
          redirectTo={returnTo}
        />
      </div>
      <BusinessForm
        listing={listing}
        choices={choices}
        action={href("/admin/business-directory/:businessId/edit", { businessId: listing.id })}
        returnTo={returnTo}
        lastResult={fetcher.data?.result}
        FormComponent={fetcher.Form}
        busy={fetcher.state !== "idle"}
        cancel={
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        }
      />
    </ListingDialog>
  );
}
