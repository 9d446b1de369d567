/**
 * /admin/proto/business-directory-tiers: a phone-style preview of one sample
 * business in the Basic, Featured or Premium presentation, with previous and
 * next through the 11 sample businesses. The toggles and the browsing are
 * links (`?tier=premium&business=3`), so they work without JavaScript.
 */
import { Link, useSearchParams } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { ProtoBusinessCard } from "~/components/proto/business-card";
import { ProtoFrame } from "~/components/proto/frame";
import { LinkTabs, useSamePage } from "~/components/ui/link-tabs";
import { PRODUCT_NAME } from "~/lib/constants";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { parseTierPreview, stepBusiness, tierPreviewSearch } from "~/lib/prototypes/directory";
import { loadPrototypePage } from "~/lib/prototypes/page.server";
import { revalidateUnlessSamePage } from "~/lib/prototypes/revalidate";
import {
  MORE_LOCAL_BUSINESSES,
  SAMPLE_BUSINESSES,
  SAMPLE_TOWN,
  TIER_PREVIEW_PLANS,
} from "~/lib/prototypes/sample-data";
import type { Route } from "./+types/business-directory-tiers";

export const handle: AdminHandle = { breadcrumb: "Prototype: Directory Tiers" };

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadPrototypePage(request, url);
}

export const headers = publicPageHeaders;
export const shouldRevalidate = revalidateUnlessSamePage;

export const meta: Route.MetaFunction = () => [
  { title: `Directory Tiers (prototype) | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function ProtoDirectoryTiers({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const samePage = useSamePage();
  const state = parseTierPreview(params);
  const business = SAMPLE_BUSINESSES[state.index]!;
  const plan = TIER_PREVIEW_PLANS.find((p) => p.presentation === state.presentation)!;
  const step = (direction: 1 | -1) =>
    samePage(tierPreviewSearch({ ...state, index: stepBusiness(state.index, direction) }));
  return (
    <ProtoFrame admin={loaderData.admin}>
      <h1 className="text-3xl font-bold">Directory Tier Preview</h1>
      <p className="mt-1 text-slate-600">How a listing looks on a phone in each tier.</p>
      <div className="mt-6">
        <LinkTabs
          label="Listing tier"
          options={TIER_PREVIEW_PLANS.map((option) => ({
            key: option.presentation,
            label: (
              <>
                {option.label} <span className="font-normal">{option.price}</span>
              </>
            ),
            search: tierPreviewSearch({ ...state, presentation: option.presentation }),
            current: option.presentation === state.presentation,
          }))}
        />
      </div>
      <p className="mt-4 text-lg" data-testid="tier-price">
        <strong>{plan.label}</strong>: {plan.price}
      </p>

      <div className="mt-6 flex flex-col items-center gap-4">
        <div
          className="w-full max-w-sm rounded-[2.5rem] border-[10px] border-slate-900 bg-slate-50 shadow-xl"
          data-testid="phone-preview"
        >
          <div className="mx-auto mt-2 h-1.5 w-20 rounded-full bg-slate-700" aria-hidden="true" />
          <div className="p-4">
            <p className="mb-3 text-center text-sm font-semibold text-slate-700">{SAMPLE_TOWN} Businesses</p>
            <ProtoBusinessCard business={business} presentation={state.presentation} headingLevel={2} />
            <p className="mt-4 text-center text-sm text-slate-600">{MORE_LOCAL_BUSINESSES} more local businesses</p>
          </div>
        </div>
        <nav aria-label="Sample businesses" className="flex items-center gap-4">
          <Link
            to={step(-1)}
            preventScrollReset
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            ← Previous
          </Link>
          <p role="status" className="text-sm text-slate-700">
            Business {state.index + 1} of {SAMPLE_BUSINESSES.length}
          </p>
          <Link
            to={step(1)}
            preventScrollReset
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            Next →
          </Link>
        </nav>
      </div>
    </ProtoFrame>
  );
}
