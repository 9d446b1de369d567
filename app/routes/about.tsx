import { href, Link } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [
  { title: "About | Gavel" },
  { name: "description", content: "Why Gavel exists and how a council meeting becomes a story you can trust." },
];

const STEPS = [
  {
    title: "Data Collection",
    text: "We follow the public video channels of each city, county and school district, and collect every meeting with its captions or transcript.",
  },
  {
    title: "AI Analysis",
    text: "Each transcript is analyzed for a summary, the key moments with their timestamps and speakers, action items and the people, places and sums involved.",
  },
  {
    title: "Story Generation",
    text: "A plain-language news story is written from that analysis. Every quote is checked word for word against the transcript before it is shown.",
  },
  {
    title: "Community Access",
    text: "Residents read, search and share it, free and without an account, on any phone, with or without JavaScript.",
  },
];

export default function About() {
  return (
    <PageShell narrow>
      <h1 className="text-3xl font-bold">About Gavel</h1>
      <section className="mt-6 space-y-4 text-lg text-slate-700">
        <h2 className="text-xl font-semibold text-slate-900">Our mission</h2>
        <p>
          Local government shapes daily life more than any other, yet its meetings run for hours, at times few can
          attend, and are rarely covered by a newsroom. Gavel makes what your council says and decides easy to find,
          read and check.
        </p>
      </section>
      <section className="mt-10" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-xl font-semibold">
          How it works
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <p className="text-sm font-semibold text-brand-700">Step {index + 1}</p>
              <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="mt-10 space-y-3 text-slate-700">
        <h2 className="text-xl font-semibold text-slate-900">Why it matters</h2>
        <p>
          Decisions on housing, roads, policing and budgets are made in public, but public is not the same as
          accessible. When residents can see the moment a vote was cast, they can take part before the next one.
        </p>
      </section>
      <section className="mt-10 space-y-3 text-slate-700">
        <h2 className="text-xl font-semibold text-slate-900">The technology</h2>
        <p>
          Gavel is open source. It runs on PostgreSQL with its own full-text search, and it works with any
          OpenAI-compatible language model, or with none at all: a built-in analyzer extracts summaries and quotes
          straight from the transcript.
        </p>
      </section>
      <Link
        to={href("/")}
        className="mt-10 inline-flex rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Browse Cities
      </Link>
    </PageShell>
  );
}
