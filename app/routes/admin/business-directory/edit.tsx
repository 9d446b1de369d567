/**
 * /admin/business-directory/:businessId/edit: the edit form as a page, for
 * browsers without JavaScript, and the one action that saves a listing,
 * from this page or from the list's edit dialog (docs/product.md: 'Business updated successfully' / 'Failed to update
 * business', details in the log only). The image has its own upload form.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { BusinessForm, LINK } from "~/components/businesses/admin-listing";
import { ImageUploadForm } from "~/components/businesses/image-upload-form";
import type { LastResult } from "~/components/forms/use-schema-form";
import { requireAdmin } from "~/lib/auth/session.server";
import { listCategoriesForAdmin, updateListingByAdmin } from "~/lib/businesses/admin.server";
import { BUSINESS_MESSAGES, listingAdminHref, listReturnTo } from "~/lib/businesses/admin-forms";
import { UpdateBusinessSchema } from "~/lib/businesses/admin-schema";
import { isUuid } from "~/lib/uuid";
import { listCitiesForAdmin } from "~/lib/cities/admin.server";
import { PRODUCT_NAME } from "~/lib/constants";
import type { Toast } from "~/lib/toast/toast";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import { listingBreadcrumb } from "~/components/businesses/breadcrumbs";
import { listingOr404, refuseFailedSave, refuseListingForm } from "~/lib/businesses/admin-actions.server";
import type { Route } from "./+types/edit";

const { updated: UPDATED, updateFailed: FAILED } = BUSINESS_MESSAGES;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const listing = await listingOr404(params.businessId);
  const [cities, categories] = await Promise.all([listCitiesForAdmin(), listCategoriesForAdmin()]);
  return { listing, cities, categories, back: listReturnTo(new URL(request.url).searchParams.get("back")) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const returnTo = listReturnTo(String(formData.get("returnTo") ?? ""));
  const submission = parseWithZod(formData, { schema: UpdateBusinessSchema });
  if (submission.status !== "success") return refuseListingForm(submission, FAILED);
  try {
    if (!isUuid(params.businessId) || !(await updateListingByAdmin(params.businessId, submission.value))) {
      return dataWithToast(
        { result: null },
        { type: "error", title: FAILED, description: BUSINESS_MESSAGES.notFound },
        { status: 404 },
      );
    }
  } catch (error) {
    return refuseFailedSave(submission, FAILED, error, `updating ${params.businessId}`);
  }
  return redirectWithToast(returnTo, { type: "success", title: UPDATED });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Edit ${loaderData?.listing.name ?? "Business"} | Business Directory | ${PRODUCT_NAME}` },
];

export const handle = listingBreadcrumb("Edit");

export default function BusinessEditPage() {
  const { listing, cities, categories, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result?: LastResult; toast?: Toast }>();
  const navigation = useNavigation();
  return (
    <section aria-labelledby="edit-business-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <h1 id="edit-business-title" className="mb-4 text-2xl font-bold">
        Edit Business
      </h1>
      <div className="mb-6">
        <ImageUploadForm businessId={listing.id} currentImageUrl={listing.imageUrl} businessName={listing.name} />
      </div>
      <BusinessForm
        listing={listing}
        choices={{ cities, categories }}
        action={listingAdminHref("edit", listing.id, back)}
        returnTo={back}
        lastResult={actionData?.result}
        FormComponent={Form}
        busy={navigation.state === "submitting"}
        cancel={
          <Link to={back} className={LINK}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}
