/**
 * The prototype business directory, at /admin/proto/business-directory and
 * /proto/business-directory (routes.ts registers this module for both): the
 * 11 sample businesses, searched over name, description and services,
 * filtered by category and first letter, tier descending then name. All of
 * its state is a GET form and links (docs/decisions/0037-prototype-pages.md).
 */
import { Form, href, Link, useSearchParams } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { Button, Field, SelectField } from "~/components/forms/fields";
import { EMPTY_DIRECTORY } from "~/components/businesses/directory-page";
import { LetterFilterNav } from "~/components/businesses/letter-filter-nav";
import { ProtoBusinessCard } from "~/components/proto/business-card";
import { HiddenParams, ProtoFrame } from "~/components/proto/frame";
import { useSamePage } from "~/components/ui/link-tabs";
import { LETTER_FILTERS } from "~/lib/businesses/listing";
import { PRODUCT_NAME } from "~/lib/constants";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { pageMeta } from "~/lib/document/meta";
import {
  filterBusinesses,
  hasProtoFilter,
  parseProtoDirectoryFilters,
  presentationOf,
  protoDirectorySearch,
  SAMPLE_CATEGORIES,
} from "~/lib/prototypes/directory";
import { loadPrototypePage } from "~/lib/prototypes/page.server";
import { revalidateUnlessSamePage } from "~/lib/prototypes/revalidate";
import { SAMPLE_BUSINESSES, SAMPLE_TOWN } from "~/lib/prototypes/sample-data";
import type { Route } from "./+types/business-directory";

export const handle: AdminHandle = { breadcrumb: "Prototype: Business Directory" };

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadPrototypePage(request, url);
}

export const headers = publicPageHeaders;
export const shouldRevalidate = revalidateUnlessSamePage;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `Business Directory (prototype) | ${PRODUCT_NAME}`,
    description: `A prototype of the paid business directory, with sample businesses of the fictional town of ${SAMPLE_TOWN}.`,
    canonicalUrl: loaderData?.canonicalUrl ?? "",
  }),
  { name: "robots", content: "noindex" },
];

export default function ProtoBusinessDirectory({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const samePage = useSamePage();
  const filters = parseProtoDirectoryFilters(params);
  const businesses = filterBusinesses(filters);
  const search = protoDirectorySearch(filters);
  const active = hasProtoFilter(filters);
  return (
    <ProtoFrame admin={loaderData.admin}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{SAMPLE_TOWN} Business Directory</h1>
          <p className="mt-1 text-slate-600">Local businesses, with premium listings first.</p>
        </div>
        <Link
          to={href("/proto/pricing")}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          List My Business
        </Link>
      </div>

      <Form method="get" preventScrollReset className="mt-6 flex flex-wrap items-end gap-3" role="search">
        <HiddenParams search={search} omit={["q", "category"]} />
        <Field
          label="Search businesses"
          type="search"
          name="q"
          defaultValue={filters.q}
          key={`q:${filters.q}`}
          placeholder="Name, description or service"
          className="min-w-56 flex-1"
        />
        <SelectField
          label="Category"
          name="category"
          defaultValue={filters.category ?? ""}
          key={`category:${filters.category ?? ""}`}
          placeholder="All categories"
          options={SAMPLE_CATEGORIES.map((category) => ({ value: category, label: category }))}
        />
        <Button>Search</Button>
      </Form>

      <LetterFilterNav
        letters={LETTER_FILTERS}
        current={filters.letter}
        hrefFor={(letter) => samePage(protoDirectorySearch({ ...filters, letter }))}
      />

      <div className="mt-4 flex flex-wrap items-center gap-4">
        <p role="status" className="text-sm text-slate-700">
          Showing {businesses.length} of {SAMPLE_BUSINESSES.length} businesses
        </p>
        {active ? (
          <Link to={samePage("")} preventScrollReset className="text-sm font-semibold text-brand-700 hover:underline">
            Clear all filters
          </Link>
        ) : null}
      </div>

      {businesses.length ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {businesses.map((business) => (
            <li key={business.name}>
              <ProtoBusinessCard business={business} presentation={presentationOf(business)} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {EMPTY_DIRECTORY}
        </p>
      )}
    </ProtoFrame>
  );
}
