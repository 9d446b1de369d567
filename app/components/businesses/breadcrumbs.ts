import { href } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { listingAdminHref } from "~/lib/businesses/admin-forms";

type ListingPageData = { listing: { id: string; name: string }; back: string };

/**
 * The breadcrumb of a listing's admin page: the list it was opened from,
 * the listing, then the page (`page`; without one the listing is the page).
 */
export function listingBreadcrumb(page?: string): AdminHandle<ListingPageData> {
  return {
    breadcrumb: (loaderData) => {
      const directory = { label: "Business Directory", to: loaderData?.back ?? href("/admin/business-directory") };
      if (!page) return [directory, { label: loaderData?.listing.name ?? "Business" }];
      const listing = loaderData
        ? [
            {
              label: loaderData.listing.name,
              to: listingAdminHref("preview", loaderData.listing.id, loaderData.back),
            },
          ]
        : [];
      return [directory, ...listing, { label: page }];
    },
  };
}
