/**
 * /admin/business-directory/:businessId/image: a listing's image upload
 * (docs/product.md; docs/decisions/0034-business-images.md).
 * The edit form renders <ImageUploadForm>, which posts here; the GET is a
 * minimal page with the same form, so the upload works without JavaScript.
 */
import { data, href, Link, useActionData, useLoaderData } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import {
  ImageUploadForm,
  IMAGE_FIELD,
  REDIRECT_FIELD,
  type ImageUploadResult,
} from "~/components/businesses/image-upload-form";
import { requireAdmin, safeRedirect } from "~/lib/auth/session.server";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "~/lib/businesses/images";
import {
  ImageRefusedError,
  getListingImage,
  ListingNotFoundError,
  uploadBusinessImage,
  type ImageRefusal,
} from "~/lib/businesses/images.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { bodyWasTooLarge } from "~/lib/http/body-refusal";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/image";

export const handle: AdminHandle = { breadcrumb: "Business Image" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.listing.name ? `Image of ${loaderData.listing.name}` : "Business Image"} | ${PRODUCT_NAME}` },
];

function notFound(): never {
  throw data({ message: "Business not found" }, { status: 404 });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const listing = await getListingImage(params.businessId);
  if (!listing) notFound();
  return { listing };
}

function refused(reason: ImageRefusal) {
  const message = IMAGE_MESSAGES[reason];
  return dataWithToast<ImageUploadResult>(
    { error: message.description },
    { type: "error", ...message },
    { status: reason === "tooLarge" ? 413 : 422 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const listing = await getListingImage(params.businessId);
  if (!listing) notFound();
  // Over the route's body limit: the gate passed the request on without its body.
  if (bodyWasTooLarge(context)) return refused("tooLarge");
  const self = href("/admin/business-directory/:businessId/image", { businessId: listing.id });
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return refused("invalidType");
  }
  const file = formData.get(IMAGE_FIELD);
  if (!(file instanceof File) || file.size === 0) return refused("invalidType");
  if (file.size > MAX_IMAGE_BYTES) return refused("tooLarge");
  const next = safeRedirect(String(formData.get(REDIRECT_FIELD) ?? ""), self).replace(/\.data(?=$|\?)/, "");
  try {
    await uploadBusinessImage(listing.id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  } catch (error) {
    if (error instanceof ImageRefusedError) return refused(error.reason);
    if (error instanceof ListingNotFoundError) notFound();
    console.error(`Business image: upload for ${listing.id} failed:`, error);
    return dataWithToast<ImageUploadResult>(
      { error: IMAGE_MESSAGES.failed.description },
      { type: "error", ...IMAGE_MESSAGES.failed },
      { status: 500 },
    );
  }
  return redirectWithToast(next, { type: "success", ...IMAGE_MESSAGES.uploaded });
}

export default function BusinessImage() {
  const { listing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1 className="text-3xl font-bold">Image of {listing.name}</h1>
      <p className="mt-2 text-slate-600">
        The image shows on the listing&rsquo;s Premium card and its detail page. A new upload replaces it.
      </p>
      <div className="mt-6 max-w-xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <ImageUploadForm
          businessId={listing.id}
          currentImageUrl={listing.imageUrl}
          businessName={listing.name}
          error={result && "error" in result ? result.error : undefined}
        />
      </div>
      <p className="mt-6">
        <Link
          className="font-semibold text-brand-700 hover:underline"
          to={href("/admin/business-directory/:businessId/edit", { businessId: listing.id })}
        >
          Back to editing {listing.name}
        </Link>
      </p>
    </>
  );
}
