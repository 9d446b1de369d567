import { PageShell } from "~/components/layout/page-shell";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | Gavel" },
  { name: "description", content: "No tracking, no data sales, essential cookies only." },
];

const PRINCIPLES = [
  { title: "No tracking", text: "No advertising trackers, no cross-site profiles, no fingerprinting." },
  { title: "No data sales", text: "We never sell, rent or trade what we know about you." },
  {
    title: "Essential cookies only",
    text: "One cookie keeps you signed in and one carries a message to the next page.",
  },
  { title: "Short memory", text: "Technical logs are kept at most 30 days, then deleted." },
  { title: "Your account is yours", text: "Ask us and we delete your account and everything tied to it." },
];

const FAQ = [
  {
    question: "Do I need an account to use Gavel?",
    answer:
      "No. Every city page, meeting analysis, story and search is open to everyone. An account only saves your home city.",
  },
  {
    question: "What do you collect when I sign up?",
    answer:
      "Your email address, the home city you choose, and, if you set one, a password stored only as a salted hash.",
  },
  {
    question: "Which cookies do you set?",
    answer:
      "Only essential ones: a session cookie when you sign in, and a short-lived cookie that carries a confirmation message from one page to the next.",
  },
  {
    question: "Do you use analytics or advertising trackers?",
    answer:
      "No trackers: we count visits ourselves, per day and page, with no cookie, IP address or user id stored, and not at all when your browser sends Do Not Track or Global Privacy Control. We do not embed advertising or cross-site tracking scripts.",
  },
  {
    question: "How long do you keep logs?",
    answer: "Technical logs, such as server errors and request records, are kept at most 30 days.",
  },
  {
    question: "Do you sell or share my data?",
    answer:
      "No. We do not sell or share personal data. Email is sent through our mail provider only to deliver the messages you ask for.",
  },
  {
    question: "Where does the meeting content come from?",
    answer: "From public recordings and transcripts of government meetings, published by the governments themselves.",
  },
  {
    question: "How do you use AI, and can it be wrong?",
    answer:
      "A language model or our built-in analyzer summarizes public transcripts. Quotes are checked word for word against the transcript, and every summary links to the moment in the video so you can verify it.",
  },
  {
    question: "How do I delete my account?",
    answer:
      "Write to us through the contact page from the address you signed up with. We delete the account and its data on request.",
  },
  {
    question: "Who can I contact about privacy?",
    answer:
      "Use the contact page and choose the topic that fits; privacy questions are answered by a person, not a bot.",
  },
];

export default function Privacy() {
  return (
    <PageShell narrow>
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
      <p className="mt-4 text-lg text-slate-700">
        Our promise is simple: Gavel exists to make government transparent, not to watch the people who read it.
      </p>
      <section aria-labelledby="principles" className="mt-10">
        <h2 id="principles" className="text-xl font-semibold">
          Our principles
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {PRINCIPLES.map((principle) => (
            <li key={principle.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold">{principle.title}</h3>
              <p className="mt-1 text-slate-600">{principle.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="faq" className="mt-10">
        <h2 id="faq" className="text-xl font-semibold">
          Frequently asked questions
        </h2>
        {/* Details elements sharing a name form an exclusive accordion: one open at a time, no JavaScript needed. */}
        <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {FAQ.map((item) => (
            <details key={item.question} name="privacy-faq" className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
                {item.question}
                <span aria-hidden className="text-slate-400 transition-transform group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <p className="mt-3 text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </PageShell>
  );
}
