import { href, Link } from "react-router";
import { requireAdmin } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: `Admin Panel | ${PRODUCT_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/*
 * The back-office sections docs/product.md plans but that have no route yet
 * lead to the not-found page until they exist, so they cannot go through
 * href(); give each one href() when its route is added to app/routes.ts.
 */
const PLANNED = {
  productFeedback: "/admin/product-feedback",
};

const SECTIONS = [
  { to: href("/admin/city-management"), title: "City Management", text: "Cities, their sources and videos." },
  { to: href("/admin/content-management"), title: "Content Management", text: "Transcripts, analyses and stories." },
  {
    to: href("/admin/youtube-manager"),
    title: "YouTube Channel Manager",
    text: "Add channels and playlists as sources.",
  },
  { to: href("/admin/business-directory"), title: "Business Directory", text: "Listings, tiers and images." },
  { to: PLANNED.productFeedback, title: "Product Feedback", text: "What users report, ranked." },
  {
    to: href("/admin/analytics"),
    title: "Analytics",
    text: "Visits, searches and meetings read, counted without tracking.",
  },
  { to: href("/admin/story-playground"), title: "Story Playground", text: "Generate and compare stories." },
  { to: href("/admin/jobs"), title: "Background Jobs", text: "Transcripts, analyses and stories in the queue." },
];

export default function AdminIndex() {
  return (
    <>
      <h1 className="text-3xl font-bold">Admin Panel</h1>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600"
            >
              <h2 className="font-semibold">{section.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{section.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
