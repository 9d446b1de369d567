import { Link } from "react-router";
import type { DirectoryListing } from "~/lib/businesses/directory.server";
import { businessImageSources } from "~/lib/businesses/images";
import { telephoneHref, tierLabel, tierLevel, websiteHref } from "~/lib/businesses/listing";

/** What a card shows of a listing (the directory's row). */
export type ListingCardData = Omit<DirectoryListing, "latitude" | "longitude" | "cityKey">;

export function categoryText(listing: Pick<ListingCardData, "parentCategory" | "subCategory">): string | null {
  if (!listing.parentCategory) return null;
  return listing.subCategory ? `${listing.parentCategory} › ${listing.subCategory}` : listing.parentCategory;
}

export function addressText(listing: Pick<ListingCardData, "streetAddress" | "postalCode">): string | null {
  const parts = [listing.streetAddress?.trim(), listing.postalCode?.trim()].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

const ACTION =
  "inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50";

/** The contact actions of a listing (Standard and Premium cards, the detail page). */
export function ListingActions({ listing }: { listing: ListingCardData }) {
  const tel = telephoneHref(listing.telephone);
  const website = websiteHref(listing.website);
  const email = listing.email?.trim();
  if (!tel && !website && !email) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Contact ${listing.name}`}>
      {tel ? (
        <li>
          <a href={tel} className={ACTION}>
            Call {listing.telephone}
          </a>
        </li>
      ) : null}
      {email ? (
        <li>
          <a href={`mailto:${email}`} className={ACTION}>
            Email
          </a>
        </li>
      ) : null}
      {website ? (
        <li>
          <a href={website} className={ACTION} target="_blank" rel="noopener noreferrer nofollow">
            Website
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** A listing's image (decorative: the name is beside it), with its 480 px source for narrow screens; nothing without one. */
export function ListingImage({
  imageUrl,
  sizes,
  width,
  height,
  lazy = false,
  className,
}: {
  imageUrl: string | null;
  sizes: string;
  width: number;
  height: number;
  lazy?: boolean;
  className: string;
}) {
  const image = businessImageSources(imageUrl);
  if (!image) return null;
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      alt=""
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      className={className}
    />
  );
}

/**
 * A directory card by tier (docs/product.md): Basic
 * (Tier 3 or none) shows name and category; Standard (Tier 2) adds the
 * description on 3 lines, the address and the contact actions; Premium
 * (Tier 1) adds the image and 'View Full Details'.
 */
export function ListingCard({
  listing,
  detailHref,
  showCity,
}: {
  listing: ListingCardData;
  detailHref: string;
  showCity: boolean;
}) {
  const level = tierLevel(listing.listingTier);
  const category = categoryText(listing);
  const address = addressText(listing);
  const frame =
    level === "premium"
      ? "border-amber-300 bg-amber-50/40 ring-1 ring-amber-200"
      : level === "standard"
        ? "border-slate-300 bg-white"
        : "border-slate-200 bg-white";
  return (
    <article
      className={`flex h-full flex-col overflow-hidden rounded-lg border shadow-sm ${frame}`}
      data-tier={level}
      aria-labelledby={`listing-${listing.businessKey}`}
    >
      {level === "premium" ? (
        <ListingImage
          imageUrl={listing.imageUrl}
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
          width={640}
          height={360}
          lazy
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`listing-${listing.businessKey}`} className="text-lg font-semibold text-slate-900">
            {listing.name}
          </h3>
          {level !== "basic" ? (
            <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {tierLabel(listing.listingTier)}
            </span>
          ) : null}
        </div>
        {category || showCity ? (
          <p className="text-sm text-slate-600">
            {category}
            {category && showCity ? " · " : null}
            {showCity ? `${listing.cityName}, ${listing.cityState}` : null}
          </p>
        ) : null}
        {level !== "basic" ? (
          <>
            {listing.description ? <p className="line-clamp-3 text-sm text-slate-800">{listing.description}</p> : null}
            <p className="text-sm text-slate-700">{address ?? "No address available"}</p>
            <div className="mt-auto pt-2">
              <ListingActions listing={listing} />
            </div>
          </>
        ) : null}
        {level === "premium" ? (
          <Link
            to={detailHref}
            className="mt-1 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            View Full Details<span className="sr-only"> for {listing.name}</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
