import { Link } from "react-router";
import { Main } from "~/components/layout/main";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { osmEmbedUrl, osmMapUrl, osmSearchUrl, tierLabel } from "~/lib/businesses/listing";
import { addressText, categoryText, ListingActions, type ListingCardData, ListingImage } from "./listing-card";

export type ListingDetailData = ListingCardData & {
  latitude: number | null;
  longitude: number | null;
  cityKey: string;
};

/**
 * The map of a listing at zoom 15: an OpenStreetMap embed, added once
 * JavaScript runs and loaded lazily; a plain link to the same place always
 * (the map without JavaScript). Without coordinates, a search of the address.
 */
function ListingMap({ listing }: { listing: ListingDetailData }) {
  const hydrated = useHydrated();
  const link = "inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline";
  if (listing.latitude === null || listing.longitude === null) {
    const search = osmSearchUrl([
      listing.streetAddress,
      listing.postalCode,
      `${listing.cityName}, ${listing.cityState}`,
    ]);
    return search && listing.streetAddress ? (
      <a href={search} className={link} target="_blank" rel="noopener noreferrer">
        Find this address on OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
      </a>
    ) : null;
  }
  return (
    <div>
      {hydrated ? (
        <iframe
          title={`Map of ${listing.name}`}
          src={osmEmbedUrl(listing.latitude, listing.longitude)}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          className="aspect-[2/1] w-full rounded-lg border border-slate-200"
        />
      ) : null}
      <a
        href={osmMapUrl(listing.latitude, listing.longitude)}
        className={link}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="map-link"
      >
        View on OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

/** The listing page, styled as Premium for every tier (docs/product.md). */
export function ListingDetail({ listing, directoryPath }: { listing: ListingDetailData; directoryPath: string }) {
  const category = categoryText(listing);
  const address = addressText(listing);
  return (
    <Main className="mx-auto w-full max-w-4xl px-4 py-8">
      <Link to={directoryPath} className="text-sm font-semibold text-brand-700 hover:underline">
        ← Back to the directory
      </Link>
      <article className="mt-4 overflow-hidden rounded-xl border border-amber-300 bg-white shadow-sm ring-1 ring-amber-200">
        <ListingImage
          imageUrl={listing.imageUrl}
          sizes="(min-width: 56rem) 56rem, 100vw"
          width={1280}
          height={640}
          className="aspect-[2/1] w-full object-cover"
        />
        <div className="grid gap-6 p-5 sm:p-8">
          <header>
            <p className="text-sm font-medium text-amber-800">{tierLabel(listing.listingTier)} listing</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900">{listing.name}</h1>
            <p className="mt-1 text-slate-600">
              {category ? `${category} · ` : null}
              {listing.cityName}, {listing.cityState}
            </p>
          </header>
          {listing.description ? (
            <p className="whitespace-pre-line text-lg leading-relaxed text-slate-800">{listing.description}</p>
          ) : null}
          <section aria-labelledby="listing-contact" className="grid gap-3">
            <h2 id="listing-contact" className="text-lg font-bold">
              Contact
            </h2>
            <address className="not-italic text-slate-800">
              {address ? (
                <>
                  {listing.streetAddress}
                  <br />
                  {listing.cityName}, {listing.cityState} {listing.postalCode}
                </>
              ) : (
                "No address available"
              )}
            </address>
            <ListingActions listing={listing} />
          </section>
          <section aria-labelledby="listing-map" className="grid gap-2">
            <h2 id="listing-map" className="text-lg font-bold">
              Map
            </h2>
            <ListingMap listing={listing} />
          </section>
        </div>
      </article>
    </Main>
  );
}
