/**
 * What the listing pages' loaders and actions (preview, new, edit, delete)
 * share: the listing or its 404, and what a form that fails its checks, or
 * a save that fails, gives back to the admin.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { dataWithToast } from "~/lib/toast/toast.server";
import { isUuid } from "~/lib/uuid";
import { getListingForAdmin, UnknownChoiceError, type AdminListing } from "./admin.server";
import { BUSINESS_MESSAGES } from "./admin-forms";

type Replying = { reply: (options?: { fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> };

/** A form that failed its checks: each field's message, and a toast asking to correct them (400). */
export function refuseListingForm(submission: Replying, title: string) {
  return dataWithToast(
    { result: submission.reply() },
    { type: "error", title, description: BUSINESS_MESSAGES.correct },
    { status: 400 },
  );
}

/**
 * A save that threw: a city or category gone meanwhile is the admin's to
 * correct (400, on its field); anything else is 500, its details in the
 * log only (docs/product.md).
 */
export function refuseFailedSave(submission: Replying, title: string, error: unknown, doing: string) {
  if (error instanceof UnknownChoiceError) {
    const message = error.field === "cityId" ? BUSINESS_MESSAGES.unknownCity : BUSINESS_MESSAGES.unknownCategory;
    return dataWithToast(
      { result: submission.reply({ fieldErrors: { [error.field]: [message] } }) },
      { type: "error", title, description: BUSINESS_MESSAGES.correct },
      { status: 400 },
    );
  }
  console.error(`Business directory: ${doing} failed:`, error);
  return dataWithToast({ result: submission.reply() }, { type: "error", title }, { status: 500 });
}

/** The listing a page is about, or the 404 that says it is not there (an id that is no UUID included). */
export async function listingOr404(businessId: string): Promise<AdminListing> {
  const listing = isUuid(businessId) ? await getListingForAdmin(businessId) : null;
  if (!listing) throw data({ message: BUSINESS_MESSAGES.notFound }, { status: 404 });
  return listing;
}
