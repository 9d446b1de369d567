/**
 * The confirmation before a listing is deleted (docs/decisions/0053-admin-inbox.md):
 * what goes with it, and the Delete button, which posts to
 * /admin/business-directory/:businessId/delete. A dialog over the list with
 * JavaScript, that page without.
 */
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/forms/fields";
import type { ListingView } from "./admin-listing";

export function DeleteListingForm({
  listing,
  action,
  cancel,
  headingLevel = 2,
}: {
  listing: Pick<ListingView, "name" | "cityName" | "cityState" | "imageUrl">;
  action: string;
  cancel: React.ReactNode;
  headingLevel?: 1 | 2;
}) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formAction === action;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <Form method="post" action={action} aria-labelledby="delete-business-title">
      <Heading id="delete-business-title" className="text-2xl font-bold [overflow-wrap:anywhere]">
        Delete {listing.name}?
      </Heading>
      <p className="mt-3 text-slate-800">
        The listing of {listing.name} in {listing.cityName}, {listing.cityState} leaves the directory and its page stops
        working{listing.imageUrl ? "; its uploaded image is deleted too" : ""}. This cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button variant="danger" disabled={deleting}>
          {deleting ? "Deleting…" : "Delete business"}
        </Button>
        {cancel}
      </div>
    </Form>
  );
}
