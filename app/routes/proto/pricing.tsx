/**
 * The prototype pricing page, at /admin/proto/pricing and /proto/pricing
 * (routes.ts registers this module for both): three plan cards with the
 * tier features of docs/product.md, Enhanced marked Most
 * Popular, Premium as 'Contact Us', each with a preview of a sample listing.
 */
import { href, Link } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { ProtoBusinessCard } from "~/components/proto/business-card";
import { ProtoFrame } from "~/components/proto/frame";
import { PRODUCT_NAME } from "~/lib/constants";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { pageMeta } from "~/lib/document/meta";
import { compareBusinesses, presentationOf } from "~/lib/prototypes/directory";
import { loadPrototypePage } from "~/lib/prototypes/page.server";
import { PRICING_PLANS, SAMPLE_BUSINESSES, SAMPLE_TOWN } from "~/lib/prototypes/sample-data";
import type { Route } from "./+types/pricing";

export const handle: AdminHandle = { breadcrumb: "Prototype: Pricing" };

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadPrototypePage(request, url);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `List Your Business: Pricing (prototype) | ${PRODUCT_NAME}`,
    description: `A prototype of the business listing plans: Basic, Enhanced and Premium, shown with sample businesses of the fictional town of ${SAMPLE_TOWN}.`,
    canonicalUrl: loaderData?.canonicalUrl ?? "",
  }),
  { name: "robots", content: "noindex" },
];

/** The first sample business of each presentation, in directory order. */
const PREVIEWS = Object.fromEntries(
  [...SAMPLE_BUSINESSES]
    .sort(compareBusinesses)
    .map((business) => [presentationOf(business), business])
    .reverse(),
);

export default function ProtoPricing({ loaderData }: Route.ComponentProps) {
  return (
    <ProtoFrame admin={loaderData.admin}>
      <div className="text-center">
        <h1 className="text-3xl font-bold">List Your Business in {SAMPLE_TOWN}</h1>
        <p className="mt-2 text-slate-600">Choose how your business appears in the local directory.</p>
      </div>
      <ul className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-3">
        {PRICING_PLANS.map((plan) => {
          const preview = PREVIEWS[plan.presentation];
          return (
            <li
              key={plan.name}
              data-testid={`plan-${plan.presentation}`}
              className={`relative flex min-w-0 flex-col rounded-2xl border bg-white p-6 shadow-sm ${
                plan.mostPopular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"
              }`}
            >
              {plan.mostPopular ? (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                  Most Popular
                </p>
              ) : null}
              <h2 className="text-xl font-semibold">{plan.name}</h2>
              <p className="mt-2">
                <span className="text-3xl font-bold">{plan.price}</span>
                {plan.period.startsWith("/") ? (
                  <span className="text-slate-600">{plan.period}</span>
                ) : (
                  <span className="block text-slate-600">{plan.period}</span>
                )}
              </p>
              <ul className="mt-4 space-y-1.5 text-sm text-slate-700" aria-label={`${plan.name} features`}>
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="text-brand-700">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              <Link
                to={href("/contact")}
                className={`mt-6 block rounded-md px-4 py-2 text-center text-sm font-semibold ${
                  plan.mostPopular
                    ? "bg-brand-600 text-white hover:bg-brand-700"
                    : "border border-slate-300 text-slate-900 hover:bg-slate-50"
                }`}
              >
                {plan.price === "Contact Us" ? "Contact Us" : `Choose ${plan.name}`}
              </Link>
              {preview ? (
                <div className="mt-6">
                  <h3 className="mb-2 text-sm font-semibold text-slate-600">Preview</h3>
                  <ProtoBusinessCard business={preview} presentation={plan.presentation} headingLevel={4} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-8 text-center text-sm text-slate-600">
        Prototype prices, shown for feedback only: no plan can be bought yet.{" "}
        <Link to={href("/proto/business-directory")} className="font-semibold text-brand-700 hover:underline">
          See the sample directory
        </Link>
      </p>
    </ProtoFrame>
  );
}
