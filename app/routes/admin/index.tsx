import { href, Link } from "react-router";
import { requireAdmin } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { countNewInInbox } from "~/lib/inbox/inbox.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: `Admin Panel | ${PRODUCT_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const inbox = await countNewInInbox();
  return { inboxNew: inbox.messages + inbox.requests };
}

const SECTIONS = [
  {
    to: href("/admin/inbox"),
    title: "Inbox",
    text: "Contact messages and city requests, answered by e-mail.",
  },
  { to: href("/admin/city-management"), title: "City Management", text: "Cities, their sources and videos." },
  { to: href("/admin/content-management"), title: "Content Management", text: "Transcripts, analyses and stories." },
  {
    to: href("/admin/youtube-manager"),
    title: "YouTube Channel Manager",
    text: "Add channels and playlists as sources.",
  },
  { to: href("/admin/business-directory"), title: "Business Directory", text: "Listings, tiers and images." },
  { to: href("/admin/issues"), title: "Tracked Issues", text: "Issue timelines and their summaries." },
  { to: href("/admin/product-feedback"), title: "Product Feedback", text: "What users report, ranked." },
  {
    to: href("/admin/analytics"),
    title: "Analytics",
    text: "Visits, searches and meetings read, counted without tracking.",
  },
  { to: href("/admin/story-playground"), title: "Story Playground", text: "Generate and compare stories." },
  { to: href("/admin/jobs"), title: "Background Jobs", text: "Transcripts, analyses and stories in the queue." },
];

/** The prototype pages: sample data only, not live behavior (docs/decisions/0037-prototype-pages.md). */
const PROTOTYPES = [
  {
    to: href("/admin/proto/frontend-components"),
    title: "Frontend Components",
    text: "Issue timeline, search interface and journalist dashboard.",
  },
  {
    to: href("/admin/proto/business-directory-tiers"),
    title: "Directory Tiers",
    text: "A listing on a phone in each tier.",
  },
  { to: href("/admin/proto/business-directory"), title: "Sample Directory", text: "The paid directory, filtered." },
  { to: href("/admin/proto/pricing"), title: "Pricing", text: "The three listing plans." },
];

function SectionCards({
  sections,
  level = 2,
  badges = {},
}: {
  sections: readonly { to: string; title: string; text: string }[];
  level?: 2 | 3;
  /** A short count after a section's text ("3 new"), by its link. */
  badges?: Record<string, string>;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {sections.map((section) => (
        <li key={section.to}>
          <Link
            to={section.to}
            className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600"
          >
            <Heading className="font-semibold">{section.title}</Heading>
            <p className="mt-1 text-sm text-slate-600">{section.text}</p>
            {badges[section.to] ? (
              <p className="mt-2 inline-block rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                {badges[section.to]}
              </p>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const { inboxNew } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">Admin Panel</h1>
      <SectionCards sections={SECTIONS} badges={inboxNew > 0 ? { [href("/admin/inbox")]: `${inboxNew} new` } : {}} />
      <h2 className="mt-12 text-xl font-semibold">Prototypes</h2>
      <p className="mt-1 text-sm text-slate-600">
        Sample data for the fictional town of Oakdale; nothing here is live.
      </p>
      <SectionCards sections={PROTOTYPES} level={3} />
    </>
  );
}
