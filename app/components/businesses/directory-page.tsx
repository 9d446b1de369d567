import { useEffect, useRef, useState } from "react";
import { Main } from "~/components/layout/main";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button, Field, SelectField } from "~/components/forms/fields";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { type DirectoryFilters, directorySearch } from "~/lib/businesses/directory";
import { Pagination } from "~/components/ui/pagination";
import { LETTER_FILTERS } from "~/lib/businesses/listing";
import { LetterFilterNav } from "./letter-filter-nav";
import { ListingCard, type ListingCardData } from "./listing-card";

export const EMPTY_DIRECTORY = "No businesses found matching your criteria.";
/** How long typing pauses before the results follow it. */
const SEARCH_DEBOUNCE_MS = 300;
const QUERY_INPUT_ID = "business-search";

type Category = { parentCategory: string; subCategory: string | null };
type CityOption = { name: string; state: string; locationKey: string };
type Card = { parentCategory: string; subCategories: string[]; more: boolean; listingCount: number };

export type DirectoryPageData = {
  city: { name: string; state: string; locationKey: string } | null;
  path: string;
  filters: DirectoryFilters;
  active: boolean;
  categories: Category[];
  cityOptions: CityOption[];
  cards: Card[];
  page: {
    listings: (ListingCardData & { cityKey: string })[];
    total: number;
    page: number;
    pageCount: number;
    pageSize: number;
  };
};

function subCategoriesOf(categories: Category[], parent: string): string[] {
  return categories
    .filter((row) => row.parentCategory === parent && row.subCategory)
    .map((row) => row.subCategory!)
    .filter((sub, index, all) => all.indexOf(sub) === index);
}

function DirectoryFiltersForm({ data }: { data: DirectoryPageData }) {
  const { filters, categories, cityOptions, path } = data;
  const submit = useSubmit();
  const hydrated = useHydrated();
  // The parent chosen here, until the URL's changes (a new page of data).
  const [parent, setParent] = useState(filters.category ?? "");
  const [urlParent, setUrlParent] = useState(filters.category ?? "");
  if (urlParent !== (filters.category ?? "")) {
    setUrlParent(filters.category ?? "");
    setParent(filters.category ?? "");
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Back and forward change the URL under the box: follow it unless the reader is typing.
  useEffect(() => {
    const input = document.getElementById(QUERY_INPUT_ID);
    if (input instanceof HTMLInputElement && document.activeElement !== input) input.value = filters.q;
  }, [filters.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (form: HTMLFormElement | null, delay = 0) => {
    clearTimeout(timer.current);
    if (!form) return;
    timer.current = setTimeout(() => {
      // The URL keeps only the filters that are set (without JavaScript the browser sends every field).
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form))
        if (typeof value === "string" && value.trim()) params.set(name, value);
      void submit(params, { method: "get", action: path, replace: true, preventScrollReset: true });
    }, delay);
  };
  const parents = [...new Set(categories.map((row) => row.parentCategory))];
  const subs = parent ? subCategoriesOf(categories, parent) : [];
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label="Filter businesses"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      preventScrollReset
    >
      <Field
        id={QUERY_INPUT_ID}
        label="Search businesses"
        type="search"
        name="q"
        defaultValue={filters.q}
        placeholder="Name or description"
        autoComplete="off"
        maxLength={100}
        className="sm:col-span-2 lg:col-span-1"
        onChange={(event) => apply(event.currentTarget.form, SEARCH_DEBOUNCE_MS)}
      />
      {data.city ? null : (
        <SelectField
          label="City"
          name="city"
          key={`city-${filters.city ?? ""}`}
          defaultValue={filters.city ?? ""}
          options={[
            { value: "", label: "All cities" },
            ...cityOptions.map((city) => ({ value: city.locationKey, label: `${city.name}, ${city.state}` })),
          ]}
          onChange={(event) => apply(event.currentTarget.form)}
        />
      )}
      <SelectField
        label="Category"
        name="category"
        key={`category-${filters.category ?? ""}`}
        defaultValue={filters.category ?? ""}
        options={[{ value: "", label: "All categories" }, ...parents.map((name) => ({ value: name, label: name }))]}
        onChange={(event) => {
          const form = event.currentTarget.form;
          setParent(event.currentTarget.value);
          // A new parent resets the sub-category to all.
          const sub = form?.elements.namedItem("sub");
          if (sub instanceof HTMLSelectElement) sub.value = "";
          apply(form);
        }}
      />
      <SelectField
        label="Subcategory"
        name="sub"
        key={`sub-${parent}-${filters.sub ?? ""}`}
        defaultValue={parent === (filters.category ?? "") ? (filters.sub ?? "") : ""}
        disabled={hydrated && !parent}
        options={[{ value: "", label: "All subcategories" }, ...subs.map((name) => ({ value: name, label: name }))]}
        onChange={(event) => apply(event.currentTarget.form)}
      />
      {filters.letter !== "All" ? <input type="hidden" name="letter" value={filters.letter} /> : null}
      {hydrated ? null : (
        <div className="sm:col-span-2 lg:col-span-4">
          <Button>Search</Button>
        </div>
      )}
    </Form>
  );
}

function CategoryCards({ data }: { data: DirectoryPageData }) {
  if (data.active || data.cards.length === 0) return null;
  return (
    <section aria-labelledby="business-categories" className="mt-8">
      <h2 id="business-categories" className="text-xl font-bold">
        Browse by category
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {data.cards.map((card) => (
          <li key={card.parentCategory}>
            <Link
              to={`${data.path}${directorySearch({ ...data.filters, category: card.parentCategory, sub: null, page: 1 })}`}
              className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{card.parentCategory}</span>
                <span className="text-sm text-slate-600">
                  {card.listingCount} {card.listingCount === 1 ? "business" : "businesses"}
                </span>
              </span>
              {card.subCategories.length ? (
                <span className="mt-1 block text-sm text-slate-600">
                  {card.subCategories.join(", ")}
                  {card.more ? ", …" : null}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The directory, with or without a city (docs/decisions/0032-business-directory.md). */
export function DirectoryPage({
  data,
  detailHref,
}: {
  data: DirectoryPageData;
  detailHref: (businessKey: string, cityKey: string) => string;
}) {
  const { city, page } = data;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === data.path;
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.listings.length - 1;
  return (
    <Main className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {city ? `Businesses in ${city.name}, ${city.state}` : "Business Directory"}
      </h1>
      <p className="mt-1 text-slate-600">
        {city ? `Local businesses of ${city.name}.` : "Local businesses in the cities we cover."}
      </p>
      <div className="mt-6">
        <DirectoryFiltersForm data={data} />
        <LetterFilterNav
          letters={LETTER_FILTERS}
          current={data.filters.letter}
          hrefFor={(letter) => `${data.path}${directorySearch({ ...data.filters, letter, page: 1 })}`}
          replace
        />
      </div>
      <CategoryCards data={data} />
      <section aria-labelledby="business-results" className="mt-8" aria-busy={loading || undefined}>
        <h2 id="business-results" className="sr-only">
          Businesses
        </h2>
        <p role="status" className="text-sm text-slate-700">
          {page.total === 0
            ? EMPTY_DIRECTORY
            : page.total === 1
              ? "1 business"
              : `Showing ${first}–${last} of ${page.total} businesses`}
        </p>
        {page.listings.length ? (
          <ul className={`mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${loading ? "opacity-60" : ""}`}>
            {page.listings.map((listing) => (
              <li key={listing.businessKey}>
                <ListingCard
                  listing={listing}
                  detailHref={detailHref(listing.businessKey, listing.cityKey)}
                  showCity={!city}
                />
              </li>
            ))}
          </ul>
        ) : null}
        <Pagination
          page={data.page.page}
          pageCount={data.page.pageCount}
          hrefOf={(page) => `${data.path}${directorySearch({ ...data.filters, page })}`}
        />
      </section>
    </Main>
  );
}
