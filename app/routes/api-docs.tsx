import { data, href, Link } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { newestMeetingId, recordExampleIds } from "~/lib/api/data.server";
import { examplePath } from "~/lib/api/examples";
import { API_RATE_LIMIT, MAX_PAGE_SIZE } from "~/lib/api/limits";
import { EXAMPLES, openApiDocument } from "~/lib/api/openapi";
import { PROBLEMS } from "~/lib/api/problems";
import { getCurrentUser } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { appUrl } from "~/lib/env/env.server";
import { cityFeedPath } from "~/lib/feeds/links";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { pageMeta } from "~/lib/document/meta";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { Route } from "./+types/api-docs";

/**
 * /api: the open API for people (docs/decisions/0043-feeds-and-api.md),
 * rendered from the same OpenAPI document the API serves, so the two never
 * disagree; the feeds and the sitemap too.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const origin = appUrl();
  const document = openApiDocument(origin);
  // The curl examples use a meeting and a city's record that exist here, when there are some.
  const [newest, record] = await Promise.all([newestMeetingId(), recordExampleIds(EXAMPLES.locationKey)]);
  const overrides: Record<string, string> = newest ? { meetingId: newest } : {};
  if (record && record.locationKey !== EXAMPLES.locationKey) {
    overrides.locationKey = record.locationKey;
    if (record.personId !== null) overrides.personId = String(record.personId);
    if (record.matterFile !== null) overrides.file = record.matterFile;
    if (record.eventId !== null) overrides.eventId = String(record.eventId);
    // The example's days are the demo's: a list of events of any day here.
    overrides.from = "";
    overrides.to = "";
  }
  const endpoints = Object.entries(document.paths).map(([path, item]) => ({
    path,
    summary: item.get.summary,
    description: item.get.description,
    parameters: item.get.parameters.map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required,
      description: parameter.description,
    })),
    statuses: Object.keys(item.get.responses),
    curl: `curl -s '${document.servers[0]!.url}${examplePath(path, item.get.parameters, overrides)}'`,
  }));
  return data(
    {
      origin,
      base: document.servers[0]!.url,
      endpoints,
      canonicalUrl: `${origin}${href("/api")}`,
    },
    { headers: cacheHeaders(user) },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `Open API | ${PRODUCT_NAME}`,
    description:
      "Read-only JSON about public meetings for civic developers: cities, meetings with transcripts, analyses and stories, search, tracked issues and each city's official record. No key needed.",
    canonicalUrl: loaderData?.canonicalUrl ?? href("/api"),
  });

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-800";

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { base, origin, endpoints } = loaderData;
  return (
    <PageShell narrow>
      <h1 className="text-3xl font-bold">Open API</h1>
      <div className="mt-4 space-y-3 text-slate-700">
        <p>
          Everything {PRODUCT_NAME} publishes about the Live cities&apos; public meetings is also available as JSON,
          read-only, for civic developers, newsrooms and researchers: the cities, each meeting with its transcript,
          analysis and story, the site&apos;s search, the issues followed across meetings, and each city&apos;s official
          record: its people and their votes, its matters and its events with their agendas.
        </p>
        <p>
          The base address is <code className={code}>{base}</code>. The full description is an OpenAPI 3.1 document:{" "}
          <a href={href("/api/v1/openapi.json")} className="font-semibold text-brand-700 hover:underline">
            /api/v1/openapi.json
          </a>
          .
        </p>
      </div>

      <section className="mt-10 space-y-3 text-slate-700" aria-labelledby="rules">
        <h2 id="rules" className="text-xl font-semibold text-slate-900">
          The rules
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            No key and no account: anyone may call it, from a server or from a browser on any site (CORS is open).
          </li>
          <li>
            Each address may make {API_RATE_LIMIT.limit} requests every {API_RATE_LIMIT.windowSeconds} seconds; past
            that the answer is <code className={code}>429</code> with a <code className={code}>Retry-After</code> header
            (seconds).
          </li>
          <li>
            Answers carry an <code className={code}>ETag</code>: send it back in{" "}
            <code className={code}>If-None-Match</code> and an unchanged answer comes back as{" "}
            <code className={code}>304 Not Modified</code>, with no body. They may be cached for a minute.
          </li>
          <li>
            Lists of meetings, and of a city&apos;s matters, events and a person&apos;s votes, come a page at a time: up
            to {MAX_PAGE_SIZE} per page (<code className={code}>limit</code>). Pass the page&apos;s{" "}
            <code className={code}>nextCursor</code> as <code className={code}>cursor</code> for the next one (or follow{" "}
            <code className={code}>links.next</code>, which keeps the filters); it is <code className={code}>null</code>{" "}
            on the last page.
          </li>
          <li>
            A city&apos;s official record (people, votes, matters, events) is addressed by the record&apos;s own ids: a
            person and an event by their Legistar id, a matter by its file number (percent-encoded). A city without a
            record answers empty lists.
          </li>
          <li>
            Only what the site shows publicly: Live cities, their meetings and issues; never anything about members.
          </li>
        </ul>
      </section>

      <section className="mt-10" aria-labelledby="endpoints">
        <h2 id="endpoints" className="text-xl font-semibold">
          Endpoints
        </h2>
        <div className="mt-4 space-y-8">
          {endpoints.map((endpoint) => (
            <article key={endpoint.path} id={`endpoint-${endpoint.path.replace(/[^a-z]+/gi, "-")}`}>
              <h3 className="font-mono text-lg font-semibold break-all">
                <span className="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 text-sm text-emerald-800">GET</span> /api/v1
                {endpoint.path}
              </h3>
              <p className="mt-1 font-medium text-slate-900">{endpoint.summary}</p>
              <p className="mt-1 text-slate-700">{endpoint.description}</p>
              {endpoint.parameters.length > 0 ? (
                <table className="mt-3 w-full text-left text-sm">
                  <caption className="sr-only">Parameters of /api/v1{endpoint.path}</caption>
                  <thead>
                    <tr className="border-b border-slate-200 text-slate-500">
                      <th scope="col" className="py-1 pr-3 font-medium">
                        Parameter
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        In
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        Meaning
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {endpoint.parameters.map((parameter) => (
                      <tr key={parameter.name} className="border-b border-slate-100 align-top">
                        <td className="py-1 pr-3 font-mono">
                          {parameter.name}
                          {parameter.required ? <span className="text-slate-500"> (required)</span> : null}
                        </td>
                        <td className="py-1 pr-3">{parameter.in}</td>
                        <td className="py-1">{parameter.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              <p className="mt-2 text-sm text-slate-500">Answers: {endpoint.statuses.join(", ")}</p>
              <CodeSample label={`Example: ${endpoint.summary}`}>{endpoint.curl}</CodeSample>
            </article>
          ))}
        </div>
      </section>

      <section className="mt-10 space-y-3 text-slate-700" aria-labelledby="errors">
        <h2 id="errors" className="text-xl font-semibold text-slate-900">
          Errors
        </h2>
        <p>
          An error is a problem document (RFC 9457), as <code className={code}>application/problem+json</code>:
        </p>
        <CodeSample label="Example of a problem document">
          {JSON.stringify(
            {
              type: `${origin}/api#problem-not-found`,
              title: "Not Found",
              status: 404,
              detail: "No city with the key 'atlantis' is published.",
            },
            null,
            2,
          )}
        </CodeSample>
        <dl className="space-y-2">
          {Object.entries(PROBLEMS).map(([kind, problem]) => (
            <div key={kind} id={`problem-${kind}`}>
              <dt className="font-mono font-semibold">
                {problem.status} {problem.title}
              </dt>
              <dd>{problem.meaning}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mt-10 space-y-3 text-slate-700" aria-labelledby="feeds">
        <h2 id="feeds" className="text-xl font-semibold text-slate-900">
          Feeds and sitemap
        </h2>
        <p>
          Each Live city has an Atom feed of its new stories at{" "}
          <code className={code}>{cityFeedPath("{city}").replace("%7B", "{").replace("%7D", "}")}</code>, linked from
          its pages; for example:
        </p>
        <CodeSample label="Example: a city's feed">{`curl -s '${origin}${cityFeedPath("alder-creek")}'`}</CodeSample>
        <p>
          Every public page is listed in{" "}
          <a href={href("/sitemap.xml")} className="font-semibold text-brand-700 hover:underline">
            /sitemap.xml
          </a>
          . Questions or ideas:{" "}
          <Link to={href("/contact")} className="font-semibold text-brand-700 hover:underline">
            contact us
          </Link>
          .
        </p>
      </section>
    </PageShell>
  );
}

/** A code sample: it scrolls sideways inside its own region on a narrow screen. */
function CodeSample({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <ScrollRegion label={label} className="mt-2 rounded-lg bg-slate-900">
      <pre className="p-3 font-mono text-sm text-slate-100">
        <code>{children}</code>
      </pre>
    </ScrollRegion>
  );
}
