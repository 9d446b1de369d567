/**
 * /admin/business-directory/:businessId/delete: the confirmation before a
 * listing is deleted, as a page (with JavaScript the list asks in a
 * dialog), and the action that deletes it with its stored images (issue
 * 26, item 14; docs/decisions/0053-admin-inbox.md).
 */
import { Link } from "react-router";
import { LINK } from "~/components/businesses/admin-listing";
import { DeleteListingForm } from "~/components/businesses/delete-listing-form";
import { requireAdmin } from "~/lib/auth/session.server";
import { deleteListingByAdmin } from "~/lib/businesses/admin.server";
import { BUSINESS_MESSAGES, listingAdminHref, listReturnTo } from "~/lib/businesses/admin-forms";
import { isUuid } from "~/lib/uuid";
import { PRODUCT_NAME } from "~/lib/constants";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { listingBreadcrumb } from "~/components/businesses/breadcrumbs";
import { listingOr404 } from "~/lib/businesses/admin-actions.server";
import type { Route } from "./+types/delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const listing = await listingOr404(params.businessId);
  return { listing, back: listReturnTo(new URL(request.url).searchParams.get("back")) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const back = listReturnTo(new URL(request.url).searchParams.get("back"));
  let deleted: boolean;
  try {
    deleted = isUuid(params.businessId) && (await deleteListingByAdmin(params.businessId));
  } catch (error) {
    console.error(`Business directory: deleting ${params.businessId} failed:`, error);
    return redirectWithToast(back, { type: "error", title: BUSINESS_MESSAGES.deleteFailed });
  }
  if (!deleted)
    return redirectWithToast(back, {
      type: "error",
      title: BUSINESS_MESSAGES.deleteFailed,
      description: BUSINESS_MESSAGES.notFound,
    });
  return redirectWithToast(back, { type: "success", title: BUSINESS_MESSAGES.deleted });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Delete ${loaderData?.listing.name ?? "Business"} | Business Directory | ${PRODUCT_NAME}` },
];

export const handle = listingBreadcrumb("Delete");

export default function DeleteBusinessPage({ loaderData }: Route.ComponentProps) {
  const { listing, back } = loaderData;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6">
      <DeleteListingForm
        listing={listing}
        headingLevel={1}
        action={listingAdminHref("delete", listing.id, back)}
        cancel={
          <Link to={back} className={LINK}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}
