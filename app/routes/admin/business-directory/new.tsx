/**
 * /admin/business-directory/new: a new listing (issue 26, item 14;
 * docs/decisions/0053-admin-inbox.md). The same fields and checks as an
 * edit, the city required; its business_key comes from its name and city.
 * Saved, it opens on its edit page, where its image can be uploaded.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, useNavigation } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { BusinessForm, LINK } from "~/components/businesses/admin-listing";
import { requireAdmin } from "~/lib/auth/session.server";
import { createListingByAdmin, listCategoriesForAdmin } from "~/lib/businesses/admin.server";
import { BUSINESS_MESSAGES, listingAdminHref, listReturnTo, newListingHref } from "~/lib/businesses/admin-forms";
import { CreateBusinessSchema } from "~/lib/businesses/admin-schema";
import { listCitiesForAdmin } from "~/lib/cities/admin.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { refuseFailedSave, refuseListingForm } from "~/lib/businesses/admin-actions.server";
import type { Route } from "./+types/new";

const FAILED = BUSINESS_MESSAGES.createFailed;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [cities, categories] = await Promise.all([listCitiesForAdmin(), listCategoriesForAdmin()]);
  return { cities, categories, back: listReturnTo(new URL(request.url).searchParams.get("back")) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const back = listReturnTo(String(formData.get("returnTo") ?? ""));
  const submission = parseWithZod(formData, { schema: CreateBusinessSchema });
  if (submission.status !== "success") return refuseListingForm(submission, FAILED);
  let created: { id: string };
  try {
    created = await createListingByAdmin(submission.value);
  } catch (error) {
    return refuseFailedSave(submission, FAILED, error, "creating a listing");
  }
  return redirectWithToast(listingAdminHref("edit", created.id, back), {
    type: "success",
    title: BUSINESS_MESSAGES.created,
    description: "Add its image here.",
  });
}

export const meta: Route.MetaFunction = () => [{ title: `New Business | Business Directory | ${PRODUCT_NAME}` }];

export const handle: AdminHandle<{ back: string }> = {
  breadcrumb: (loaderData) => [
    { label: "Business Directory", to: loaderData?.back ?? href("/admin/business-directory") },
    { label: "New Business" },
  ],
};

export default function NewBusinessPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cities, categories, back } = loaderData;
  const navigation = useNavigation();
  return (
    <section aria-labelledby="new-business-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <h1 id="new-business-title" className="mb-2 text-2xl font-bold">
        New Business
      </h1>
      <p className="mb-6 text-slate-600">The image is uploaded once the listing is saved.</p>
      <BusinessForm
        choices={{ cities, categories }}
        action={newListingHref(back)}
        returnTo={back}
        lastResult={actionData?.result}
        FormComponent={Form}
        busy={navigation.state === "submitting"}
        submitLabel="Create Business"
        cancel={
          <Link to={back} className={LINK}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}
