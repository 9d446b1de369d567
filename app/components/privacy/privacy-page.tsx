import { TableHead } from "~/components/ui/table-head";
import { href, Link } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { OUTSIDE_SITES } from "~/lib/privacy/outside-sites";

/**
 * /privacy: the promise, its principles, the cookies we set (from
 * app/lib/privacy/cookies.ts), the other sites our pages load (from
 * app/lib/privacy/outside-sites.ts) and the ten-question FAQ.
 */

export type CookieRow = { name: string; purpose: string; setWhen: string; lifetime: string };

/** How visits are counted (the ANALYTICS setting): the FAQ's answer follows it. */
export type AnalyticsMode = { mode: "local" } | { mode: "off" } | { mode: "forward"; host: string };

export type PrivacyPageData = { cookies: CookieRow[]; analytics: AnalyticsMode };

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

const FAQ: Array<{ question: string; answer: React.ReactNode | ((page: PrivacyPageData) => React.ReactNode) }> = [
  {
    question: "Do I need an account to use Gavel?",
    answer:
      "No. Every city page, meeting analysis, story and search is open to everyone. An account saves what you ask it to: your home city, your alerts (saved searches, with the meetings each one found) and the quotes you gather in your draft on the desk.",
  },
  {
    question: "What do you collect when I sign up?",
    answer:
      "Your email address and, if you set one, a password stored only as a salted hash. Then only what you save: the home city you choose; your alerts, each with its words, cities and how often to e-mail you, and the meetings it found; and the quotes in your draft on the desk, with their meetings. Each time you sign in we also keep the session's IP address and browser, deleted when the session ends (after 30 days at most, or when you sign out).",
  },
  {
    question: "Which cookies do you set?",
    answer: ({ cookies }) => (
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
    answer: ({ analytics }) => (
      <>
        {analytics.mode === "local"
          ? "No trackers: we count visits ourselves, per day and page, with no cookie, IP address or user id stored, and not at all when your browser sends Do Not Track or Global Privacy Control. The words of a search are kept only once at least three people searched them the same day, never when they look like an e-mail address, a phone number or a street address, and for 30 days at most; after that only the number of searches stays."
          : analytics.mode === "forward"
            ? `No trackers in your browser: our server sends each page view, with your IP address and your browser's name, to our own analytics server at ${analytics.host}, which counts visits; it sets no cookie, and nothing is sent when your browser sends Do Not Track or Global Privacy Control.`
            : "No: we do not count visits at all."}{" "}
        We do not embed advertising or cross-site tracking scripts. A few pages load the video player, video thumbnails
        or a map from other sites, each named above under “Other sites our pages load”.
      </>
    ),
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
        sessions, sign-in codes, profile, alerts and draft are deleted at once. Feedback, city requests and messages you
        sent are kept without your e-mail address. On the same page, Download my data gives you everything we keep about
        you as a JSON file.
      </>
    ),
  },
  {
    question: "Who can I contact about privacy?",
    answer:
      "Use the contact page and choose the topic that fits; privacy questions are answered by a person, not a bot.",
  },
];

export function PrivacyPage(page: PrivacyPageData) {
  const { cookies } = page;
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
            <TableHead columns={["Cookie", "What it is for", "Set", "Kept"]} />
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
      <section aria-labelledby="outside-sites" className="mt-10">
        <h2 id="outside-sites" className="text-xl font-semibold">
          Other sites our pages load
        </h2>
        <p className="mt-2 text-slate-600">
          Everything else comes from our own server. When a page shows one of these, your browser asks that site for it
          directly, and that site sees the request. Our pages allow no other site: the browser refuses anything else.
        </p>
        <ScrollRegion label="Other sites our pages load" className="mt-4 rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <TableHead columns={["Site", "When and what", "What it learns"]} />
            <tbody className="divide-y divide-slate-200">
              {OUTSIDE_SITES.map((site) => (
                <tr key={site.name} data-outside-site data-csp={site.directive}>
                  <th scope="row" className="px-4 py-3 align-top font-medium">
                    {site.name}
                    <span className="mt-1 block font-normal text-slate-600">
                      {site.hosts.length ? (
                        site.hosts.map((host) => (
                          <code key={host} data-host={host} className="mr-2 font-mono text-xs break-all">
                            {host}
                          </code>
                        ))
                      ) : (
                        <span data-any-https-site>any https:// site</span>
                      )}
                    </span>
                  </th>
                  <td className="px-4 py-3 align-top text-slate-600">{site.when}</td>
                  <td className="px-4 py-3 align-top text-slate-600">{site.learns}</td>
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
                {typeof item.answer === "function" ? item.answer(page) : item.answer}
              </p>
            </details>
          ))}
        </div>
      </section>
    </PageShell>
  );
}
