/**
 * /admin/business-directory: search, filter by city and first letter, and
 * page through the listings, 12 at a time (spec: admin-and-prototypes.md
 * sections 2 and 9). The filters are a GET form and links, so every state
 * is a URL and works without JavaScript; with JavaScript the search runs as
 * you type and Preview and Edit open dialogs instead of their pages
 * (docs/decisions/0033-business-directory-admin.md).
 */
import { useEffect, useRef, useState } from "react";
import {
  Form,
  href,
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useSearchParams,
  useSubmit,
  type MetaFunction,
} from "react-router";
import { EditBusinessForm, ListingCard, ListingPreview, type ListingView } from "~/components/businesses/admin-listing";
import { ImageUploadForm } from "~/components/businesses/image-upload-form";
import { Button, Field, SelectField } from "~/components/forms/fields";
import type { LastResult } from "~/components/forms/use-schema-form";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { useShowToast } from "~/components/ui/toaster";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { requireAdmin } from "~/lib/auth/session.server";
import { listListingsForAdmin } from "~/lib/businesses/admin.server";
import { adminDirectoryHref, parseAdminDirectoryQuery, type AdminDirectoryQuery } from "~/lib/businesses/admin-forms";
import { LETTERS } from "~/lib/businesses/listing";
import { Pagination } from "~/components/ui/pagination";
import { listCitiesForAdmin } from "~/lib/cities/admin.server";
import { PRODUCT_NAME } from "~/lib/constants";
import type { Toast } from "~/lib/toast/toast";
import type { Route } from "./+types/index";

export const meta: MetaFunction = () => [{ title: `Business Directory | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "Business Directory" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseAdminDirectoryQuery(new URL(request.url).searchParams);
  const [result, cities] = await Promise.all([listListingsForAdmin(query), listCitiesForAdmin()]);
  return { query: { ...query, page: result.page }, ...result, cities };
}

const previewHref = (id: string, back: string) =>
  `${href("/admin/business-directory/:businessId", { businessId: id })}?back=${encodeURIComponent(back)}`;
const editHref = (id: string, back: string) =>
  `${href("/admin/business-directory/:businessId/edit", { businessId: id })}?back=${encodeURIComponent(back)}`;

/** The open dialog, for the list it was opened on (its location key). */
type Open = { kind: "preview" | "edit"; id: string; on: string } | null;

export default function BusinessDirectoryAdmin() {
  const { query, listings, total, page, pageCount } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const location = useLocation();
  const here = adminDirectoryHref(query);
  const [state, setOpen] = useState<Open>(null);
  // A new list (a save's redirect, a new filter) closes any dialog.
  const open = state?.on === location.key ? state : null;
  const opened = open ? listings.find((listing) => listing.id === open.id) : undefined;

  return (
    <>
      <h1 className="text-3xl font-bold">Business Directory</h1>
      <Filters query={query} />
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
                previewTo={previewHref(listing.id, here)}
                editTo={editHref(listing.id, here)}
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
        <ListingDialog title="Business preview" onClose={() => setOpen(null)}>
          <ListingPreview listing={opened} headingId="listing-dialog-title" />
          <div className="mt-6 flex justify-end gap-3">
            <Button type="button" variant="secondary" onClick={() => setOpen(null)}>
              Close
            </Button>
            <Button type="button" onClick={() => setOpen({ kind: "edit", id: opened.id, on: location.key })}>
              Edit
            </Button>
          </div>
        </ListingDialog>
      ) : null}
      {opened && open?.kind === "edit" ? (
        <EditDialog listing={opened} returnTo={here} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

/** Search (as you type, with JavaScript), city and letter; any change goes back to page 1. */
function Filters({ query }: { query: AdminDirectoryQuery }) {
  const { cities } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const [params] = useSearchParams();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The box shows what is typed; a search that did not come from typing
  // (back button, a link) brings its own words into it.
  const inUrl = params.get("q") ?? "";
  const [text, setText] = useState(inUrl);
  const [shown, setShown] = useState(inUrl);
  const [sent, setSent] = useState<string | null>(null);
  if (shown !== inUrl) {
    setShown(inUrl);
    if (inUrl !== sent) setText(inUrl);
  }
  const send = (form: HTMLFormElement | null, delay: number) => {
    clearTimeout(timer.current);
    if (!form) return;
    timer.current = setTimeout(() => {
      setSent(String(new FormData(form).get("q") ?? ""));
      void submit(form, { replace: true, preventScrollReset: true });
    }, delay);
  };
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
      </Form>
      <nav aria-label="First letter">
        <ul className="flex flex-wrap gap-1">
          {LETTERS.map((letter) => {
            const current = query.letter === letter;
            return (
              <li key={letter}>
                <Link
                  to={adminDirectoryHref({ ...query, letter, page: 1 })}
                  aria-current={current ? "true" : undefined}
                  preventScrollReset
                  className={`inline-flex h-8 w-8 items-center justify-center rounded-md text-sm font-semibold ${current ? "bg-brand-600 text-white" : "border border-slate-300 text-slate-800 hover:bg-slate-50"}`}
                >
                  {letter}
                </Link>
              </li>
            );
          })}
          <li>
            <Link
              to={adminDirectoryHref({ ...query, letter: "All", page: 1 })}
              preventScrollReset
              className="inline-flex h-8 items-center rounded-md px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              Clear
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** A modal dialog (JavaScript only: without it Preview and Edit are pages). */
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

function EditDialog({ listing, returnTo, onClose }: { listing: ListingView; returnTo: string; onClose: () => void }) {
  const fetcher = useFetcher<EditActionData>({ key: `edit-business-${listing.id}` });
  const showToast = useShowToast();
  const toast = fetcher.data?.toast;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast, showToast]);
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
      <EditBusinessForm
        listing={listing}
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
