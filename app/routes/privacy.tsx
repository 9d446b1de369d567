import { ScrollRegion } from "~/components/ui/scroll-region";
import { data, href, Link } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { getCurrentUser } from "~/lib/auth/session.server";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { COOKIE_LIST, cookieLifetime } from "~/lib/privacy/cookies";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | Gavel" },
  { name: "description", content: "No tracking, no data sales, essential cookies only." },
];

/** The cookies table comes from the registry every cookie-setting module uses (app/lib/privacy/cookies.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const cookies: CookieRow[] = COOKIE_LIST.map((cookie) => ({
    name: cookie.name,
    purpose: cookie.purpose,
    setWhen: cookie.setWhen,
    lifetime: cookieLifetime(cookie),
  }));
  return data({ cookies }, { headers: cacheHeaders(user) });
}

export const headers = publicPageHeaders;

const PROFILE_LINK = (
  <Link to={href("/profile")} className="font-semibold text-brand-700 hover:underline">
    your profile
  </Link>
);

const PRINCIPLES = [
  { title: "No tracking", text: "No advertising trackers, no cross-site profiles, no fingerprinting." },
  { title: "No data sales", text: "We never sell, rent or trade what we know about you." },
  {
    title: "Essential cookies only",
    text: "Only the cookies listed below, each set for something you did. No analytics, advertising or tracking cookies.",
  },
  { title: "Short memory", text: "Technical logs are kept at most 30 days, then deleted." },
  {
    title: "Your account is yours",
    text: "Download your data or delete your account yourself, from your profile, whenever you like.",
  },
];

type CookieRow = { name: string; purpose: string; setWhen: string; lifetime: string };

const FAQ: Array<{ question: string; answer: React.ReactNode | ((cookies: CookieRow[]) => React.ReactNode) }> = [
  {
    question: "Do I need an account to use Gavel?",
    answer:
      "No. Every city page, meeting analysis, story and search is open to everyone. An account only saves your home city.",
  },
  {
    question: "What do you collect when I sign up?",
    answer:
      "Your email address, the home city you choose, and, if you set one, a password stored only as a salted hash. Each time you sign in we also keep the session's IP address and browser, deleted when the session ends (after 30 days at most, or when you sign out).",
  },
  {
    question: "Which cookies do you set?",
    answer: (cookies) => (
      <>
        Only essential ones, each listed in the table above with what it is for and how long it is kept:{" "}
        {cookies.map((cookie, index) => (
          <span key={cookie.name}>
            {index === 0 ? "" : index === cookies.length - 1 ? " and " : ", "}
            <code className="font-mono text-sm">{cookie.name}</code>
          </span>
        ))}
        . Simply reading Gavel sets no cookie: each is set for something you do, such as signing in or sending a form.
      </>
    ),
  },
  {
    question: "Do you use analytics or advertising trackers?",
    answer:
      "No trackers: we count visits ourselves, per day and page, with no cookie, IP address or user id stored, and not at all when your browser sends Do Not Track or Global Privacy Control. The words of a search are kept only once at least three people searched them the same day, never when they look like an e-mail address, a phone number or a street address, and for 30 days at most; after that only the number of searches stays. We do not embed advertising or cross-site tracking scripts.",
  },
  {
    question: "How long do you keep logs?",
    answer:
      "At most 30 days. Expired sessions, sign-in codes, copies of the e-mails we sent and records of background jobs are deleted automatically once they are older, and the server's request and error log is rotated on the same schedule.",
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
    answer: (
      <>
        Open {PROFILE_LINK}, choose Delete my account and type your e-mail address to confirm. Your account, password,
        sessions, sign-in codes and profile are deleted at once. Feedback, city requests and messages you sent are kept
        without your e-mail address. On the same page, Download my data gives you everything we keep about you as a JSON
        file.
      </>
    ),
  },
  {
    question: "Who can I contact about privacy?",
    answer:
      "Use the contact page and choose the topic that fits; privacy questions are answered by a person, not a bot.",
  },
];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { cookies } = loaderData;
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
      <section aria-labelledby="cookies" className="mt-10">
        <h2 id="cookies" className="text-xl font-semibold">
          Cookies we set
        </h2>
        <p className="mt-2 text-slate-600">
          All are first-party and essential, none is shared with anyone, and none is set just because you visit.
        </p>
        <ScrollRegion label="Cookies we set" className="mt-4 rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Cookie
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  What it is for
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Set
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Kept
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {cookies.map((cookie) => (
                <tr key={cookie.name}>
                  <th scope="row" className="px-4 py-3 font-mono font-medium whitespace-nowrap">
                    {cookie.name}
                  </th>
                  <td className="px-4 py-3 text-slate-600">{cookie.purpose}</td>
                  <td className="px-4 py-3 text-slate-600">{cookie.setWhen}</td>
                  <td className="px-4 py-3 text-slate-600">{cookie.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
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
              <p className="mt-3 text-slate-600">
                {typeof item.answer === "function" ? item.answer(cookies) : item.answer}
              </p>
            </details>
          ))}
        </div>
      </section>
    </PageShell>
  );
}
