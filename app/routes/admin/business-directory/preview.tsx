/**
 * /admin/business-directory/:businessId: a listing's preview as a page, for
 * browsers without JavaScript (with it, the list opens the same preview in
 * a dialog). `?back=` is the list URL it came from.
 */
import { data, href, Link, useLoaderData } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { LINK, ListingPreview } from "~/components/businesses/admin-listing";
import { requireAdmin } from "~/lib/auth/session.server";
import { getListingForAdmin } from "~/lib/businesses/admin.server";
import { listReturnTo } from "~/lib/businesses/admin-forms";
import { isUuid } from "~/lib/uuid";
import { PRODUCT_NAME } from "~/lib/constants";
import type { Route } from "./+types/preview";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const listing = isUuid(params.businessId) ? await getListingForAdmin(params.businessId) : null;
  if (!listing) throw data({ message: "Business not found" }, { status: 404 });
  return { listing, back: listReturnTo(new URL(request.url).searchParams.get("back")) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.listing.name ?? "Business"} | Business Directory | ${PRODUCT_NAME}` },
];

export const handle: AdminHandle<{ listing: { name: string }; back: string }> = {
  breadcrumb: (loaderData) => [
    { label: "Business Directory", to: loaderData?.back ?? href("/admin/business-directory") },
    { label: loaderData?.listing.name ?? "Business" },
  ],
};

export default function BusinessPreviewPage() {
  const { listing, back } = useLoaderData<typeof loader>();
  const edit = `${href("/admin/business-directory/:businessId/edit", { businessId: listing.id })}?back=${encodeURIComponent(back)}`;
  return (
    <section aria-labelledby="listing-preview-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="mb-4 text-sm font-semibold tracking-wide text-slate-500 uppercase">Business preview</p>
      <ListingPreview listing={listing} headingId="listing-preview-title" level={1} />
      <div className="mt-6 flex gap-4">
        <Link to={edit} className={LINK}>
          Edit
        </Link>
        <Link
          to={`${href("/admin/business-directory/:businessId/delete", { businessId: listing.id })}?back=${encodeURIComponent(back)}`}
          className="font-semibold text-red-700 hover:underline"
        >
          Delete
        </Link>
        <Link to={back} className={LINK}>
          Back to the directory
        </Link>
      </div>
    </section>
  );
}
