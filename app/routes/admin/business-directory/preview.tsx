/**
 * /admin/business-directory/:businessId: a listing's preview as a page, for
 * browsers without JavaScript (with it, the list opens the same preview in
 * a dialog). `?back=` is the list URL it came from.
 */
import { Link, useLoaderData } from "react-router";
import { LINK, ListingPreview } from "~/components/businesses/admin-listing";
import { requireAdmin } from "~/lib/auth/session.server";
import { listingAdminHref, listReturnTo } from "~/lib/businesses/admin-forms";
import { PRODUCT_NAME } from "~/lib/constants";
import { listingBreadcrumb } from "~/components/businesses/breadcrumbs";
import { listingOr404 } from "~/lib/businesses/admin-actions.server";
import type { Route } from "./+types/preview";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const listing = await listingOr404(params.businessId);
  return { listing, back: listReturnTo(new URL(request.url).searchParams.get("back")) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.listing.name ?? "Business"} | Business Directory | ${PRODUCT_NAME}` },
];

export const handle = listingBreadcrumb();

export default function BusinessPreviewPage() {
  const { listing, back } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="listing-preview-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="mb-4 text-sm font-semibold tracking-wide text-slate-500 uppercase">Business preview</p>
      <ListingPreview listing={listing} headingId="listing-preview-title" level={1} />
      <div className="mt-6 flex gap-4">
        <Link to={listingAdminHref("edit", listing.id, back)} className={LINK}>
          Edit
        </Link>
        <Link to={listingAdminHref("delete", listing.id, back)} className="font-semibold text-red-700 hover:underline">
          Delete
        </Link>
        <Link to={back} className={LINK}>
          Back to the directory
        </Link>
      </div>
    </section>
  );
}
