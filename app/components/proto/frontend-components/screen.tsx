/**
 * The screen of /admin/proto/frontend-components
 * (app/routes/proto/frontend-components.tsx holds its loader): the issue
 * timeline, the search interface and the journalist dashboard on sample data.
 */
import { Form, Link, useSearchParams } from "react-router";
import { Button, Field } from "~/components/forms/fields";
import { HiddenParams, LinkTabs, ProtoFrame, useSamePage } from "~/components/proto/frame";
import { formatDate } from "~/lib/format/date";
import {
  ENTITY_LABELS,
  ENTITY_TYPES,
  FEEDBACK_OPTIONS,
  SAMPLE_AI_SUMMARY,
  SAMPLE_ALERTS,
  SAMPLE_ISSUES,
  SAMPLE_QUOTES,
  TRIAL_DAYS_LEFT,
  type EntityType,
  type SampleQuote,
} from "~/lib/prototypes/sample-data";
import {
  addToDraft,
  clearDraft,
  confidenceLabel,
  DASHBOARD_TABS,
  draftQuotes,
  giveFeedback,
  parseShowcase,
  removeFromDraft,
  SEARCH_VARIANTS,
  searchSample,
  SHOWCASE_TABS,
  showcaseSearch,
  type ShowcaseState,
  timelineCounts,
  timelineOf,
  toggleEntity,
} from "~/lib/prototypes/showcase";
import type { Route } from "../../../routes/proto/+types/frontend-components";
import { ToggleChips } from "~/components/issues/issue-timeline";

const ENTITY_CHIP: Record<EntityType, string> = {
  city: "bg-sky-100 text-sky-900",
  school: "bg-violet-100 text-violet-900",
  county: "bg-emerald-100 text-emerald-900",
};

function EntityBadge({ type }: { type: EntityType }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ENTITY_CHIP[type]}`}>{ENTITY_LABELS[type]}</span>
  );
}

function StateLink({
  state,
  children,
  className = "",
  ...props
}: { state: ShowcaseState; children: React.ReactNode; className?: string } & Omit<
  React.ComponentProps<typeof Link>,
  "to"
>) {
  const samePage = useSamePage();
  return (
    <Link to={samePage(showcaseSearch(state))} preventScrollReset className={className} {...props}>
      {children}
    </Link>
  );
}

const SMALL_BUTTON =
  "inline-block rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:border-brand-600";

function Timeline({ state }: { state: ShowcaseState }) {
  const samePage = useSamePage();
  const issue = SAMPLE_ISSUES.find((candidate) => candidate.key === state.issue);
  const items = timelineOf(state.issue, state.hidden);
  const counts = timelineCounts(state.issue);
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="text-2xl font-semibold">
        Issue Timeline
      </h2>
      <Form method="get" preventScrollReset className="mt-4 flex flex-wrap items-end gap-3">
        <HiddenParams search={showcaseSearch(state)} omit={["issue"]} />
        <Field
          label="Issue key"
          name="issue"
          defaultValue={state.issue}
          key={`issue:${state.issue}`}
          className="w-72"
        />
        <Button variant="secondary">Show timeline</Button>
      </Form>
      <ToggleChips
        heading="Show entities"
        kinds={ENTITY_TYPES}
        labels={ENTITY_LABELS}
        hidden={state.hidden}
        counts={counts}
        hrefOf={(type) => samePage(showcaseSearch(toggleEntity(state, type)))}
      />
      {issue ? (
        <>
          <h3 className="mt-6 text-xl font-semibold">{issue.title}</h3>
          <p className="text-slate-600">{issue.description}</p>
        </>
      ) : null}
      {items.length ? (
        <ol className="mt-4 space-y-4 border-l-2 border-slate-200 pl-6" data-testid="timeline">
          {items.map((item) => (
            <li key={item.id} className="relative rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <span
                aria-hidden="true"
                className={`absolute top-5 -left-[1.95rem] h-3 w-3 rounded-full ${
                  item.importance_level === "high" ? "bg-red-500" : "bg-amber-400"
                }`}
              />
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <EntityBadge type={item.entity_type} />
                <span>{item.entity_name}</span>
                <span>·</span>
                <time dateTime={item.meeting_date}>{formatDate(item.meeting_date)}</time>
                <span className="ml-auto text-xs font-semibold uppercase">
                  {item.importance_level === "high" ? "High importance" : "Medium importance"}
                </span>
              </div>
              <h4 className="mt-1 font-semibold">{item.title}</h4>
              <p className="mt-1 text-slate-700">{item.summary}</p>
              {item.key_quotes.map((quote) => (
                <blockquote key={quote} className="mt-2 border-l-4 border-slate-200 pl-3 text-sm text-slate-700 italic">
                  “{quote}”
                </blockquote>
              ))}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {issue
            ? "No meetings for the chosen entities. Turn a chip back on."
            : `No sample timeline for “${state.issue}”. The prototype has one issue: ${SAMPLE_ISSUES.map((i) => i.key).join(", ")}.`}
        </p>
      )}
    </section>
  );
}

function SearchInterface({ state }: { state: ShowcaseState }) {
  const results = searchSample(state.q);
  const summary = SAMPLE_AI_SUMMARY;
  return (
    <section aria-labelledby="search-heading">
      <h2 id="search-heading" className="text-2xl font-semibold">
        Search Interface
      </h2>
      <div className="mt-4">
        <LinkTabs
          label="Search variant"
          size="sm"
          options={SEARCH_VARIANTS.map((variant) => ({
            key: variant.value,
            label: variant.label,
            search: showcaseSearch({ ...state, variant: variant.value }),
            current: state.variant === variant.value,
          }))}
        />
      </div>
      <Form method="get" preventScrollReset role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <HiddenParams search={showcaseSearch(state)} omit={["q"]} />
        <Field
          label="Search meetings"
          type="search"
          name="q"
          defaultValue={state.q}
          key={`q:${state.q}`}
          className="min-w-64 flex-1"
        />
        <Button>Search</Button>
      </Form>
      {results.length === 0 ? (
        <p className="mt-6 text-slate-600">No results found</p>
      ) : state.variant === "ai" ? (
        <article className="mt-6 rounded-xl border border-brand-600/40 bg-white p-6 shadow-sm" data-testid="ai-summary">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">AI Summary</p>
          <h3 className="mt-1 text-xl font-semibold">{summary.title}</h3>
          <h4 className="mt-4 font-semibold">Current status</h4>
          <p className="text-slate-700">{summary.current_status}</p>
          <h4 className="mt-4 font-semibold">Key developments</h4>
          <ul className="mt-1 space-y-2">
            {summary.key_developments.map((development) => (
              <li key={development.date + development.summary} className="text-slate-700">
                <time dateTime={development.date} className="font-semibold">
                  {formatDate(development.date)}
                </time>{" "}
                · {development.entity}: {development.summary}
              </li>
            ))}
          </ul>
          <h4 className="mt-4 font-semibold">Next steps</h4>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {summary.next_steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
          <p className="mt-4">
            <span className="font-semibold">Confidence:</span>{" "}
            <span data-testid="confidence">{confidenceLabel(summary.confidence_score)}</span>
          </p>
          <h4 className="mt-4 font-semibold">Sources</h4>
          <ul className="mt-1 text-sm text-slate-600">
            {summary.sources.map((source) => (
              <li key={source.entity + source.date}>
                {source.entity}, <time dateTime={source.date}>{formatDate(source.date)}</time>
              </li>
            ))}
          </ul>
        </article>
      ) : (
        <ol className="mt-6 space-y-3" data-testid="traditional-results">
          {results.map((result) => (
            <li key={result.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="font-semibold text-brand-700">{result.title}</h3>
              <p className="mt-1 text-slate-700">{result.snippet}</p>
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <EntityBadge type={result.entity_type} />
                <time dateTime={result.date}>{formatDate(result.date)}</time>
                <span>· {result.speaker}</span>
                <span>· Relevance {Math.round(result.relevance_score * 100)}%</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function QuoteCard({ quote, children }: { quote: SampleQuote; children: React.ReactNode }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={`quote-${quote.quote_id}`}>
      <blockquote className="text-slate-900">“{quote.quote_text}”</blockquote>
      <p className="mt-2 text-sm text-slate-600">
        {quote.speaker_name}, {quote.speaker_title} · {quote.entity_name} ·{" "}
        <time dateTime={quote.meeting_date}>{formatDate(quote.meeting_date)}</time> · at {quote.video_timestamp} ·{" "}
        {quote.verification_status === "verified" ? "Verified" : "Verification pending"}
      </p>
      <p className="mt-1 text-sm text-slate-600">{quote.context}</p>
      <div className="mt-3">{children}</div>
    </li>
  );
}

function Dashboard({ state }: { state: ShowcaseState }) {
  const counts = timelineCounts(state.issue);
  const inDraft = draftQuotes(state.draft);
  return (
    <section aria-labelledby="dashboard-heading">
      <h2 id="dashboard-heading" className="text-2xl font-semibold">
        Journalist Dashboard
      </h2>
      <p
        className="mt-4 rounded-lg border border-brand-600/40 bg-brand-50 px-4 py-3 text-brand-800"
        data-testid="trial-banner"
      >
        Professional trial: <strong>{TRIAL_DAYS_LEFT} days left</strong>
      </p>
      <dl className="mt-4 grid grid-cols-3 gap-3" aria-label="Timeline entries by entity">
        {ENTITY_TYPES.map((type) => (
          <div key={type} className="rounded-lg border border-slate-200 bg-white p-3 text-center">
            <dt className="text-sm text-slate-600">{ENTITY_LABELS[type]} meetings</dt>
            <dd className="text-2xl font-bold" data-testid={`count-${type}`}>
              {counts[type]}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-6">
        <LinkTabs
          label="Dashboard"
          size="sm"
          options={DASHBOARD_TABS.map((tab) => ({
            key: tab.value,
            label: tab.value === "draft" ? `${tab.label} (${inDraft.length})` : tab.label,
            search: showcaseSearch({ ...state, dtab: tab.value }),
            current: state.dtab === tab.value,
          }))}
        />
      </div>
      {state.dtab === "alerts" ? (
        <ul className="mt-4 space-y-3">
          {SAMPLE_ALERTS.map((alert) => {
            const given = state.feedback[alert.id];
            return (
              <li
                key={alert.id}
                className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                data-testid={`alert-${alert.id}`}
              >
                <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  <EntityBadge type={alert.entity_type} />
                  <span>{alert.entity_name}</span>·<time dateTime={alert.date}>{formatDate(alert.date)}</time>
                </div>
                <h3 className="mt-1 font-semibold">{alert.title}</h3>
                <p className="mt-1 text-slate-700">{alert.summary}</p>
                <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-slate-600">Was this alert useful?</span>
                  {FEEDBACK_OPTIONS.map((option) => (
                    <StateLink
                      key={option.value}
                      state={giveFeedback(state, alert.id, option.value)}
                      aria-current={given === option.value ? "true" : undefined}
                      className={`rounded-md border px-2 py-1 ${
                        given === option.value
                          ? "border-brand-700 bg-brand-600 text-white"
                          : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"
                      }`}
                    >
                      {option.label}
                    </StateLink>
                  ))}
                  {given ? (
                    <span role="status" className="text-brand-700">
                      Thanks for your feedback.
                    </span>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : state.dtab === "quotes" ? (
        <ul className="mt-4 space-y-3">
          {SAMPLE_QUOTES.map((quote) => (
            <QuoteCard key={quote.quote_id} quote={quote}>
              {state.draft.includes(quote.quote_id) ? (
                <StateLink state={removeFromDraft(state, quote.quote_id)} className={SMALL_BUTTON}>
                  Remove from draft
                </StateLink>
              ) : (
                <StateLink state={addToDraft(state, quote.quote_id)} className={SMALL_BUTTON}>
                  Add to draft
                </StateLink>
              )}
            </QuoteCard>
          ))}
        </ul>
      ) : (
        <div className="mt-4">
          {inDraft.length ? (
            <>
              <ul className="space-y-3" data-testid="draft">
                {inDraft.map((quote) => (
                  <QuoteCard key={quote.quote_id} quote={quote}>
                    <StateLink state={removeFromDraft(state, quote.quote_id)} className={SMALL_BUTTON}>
                      Remove from draft
                    </StateLink>
                  </QuoteCard>
                ))}
              </ul>
              <StateLink state={clearDraft(state)} className={`mt-4 ${SMALL_BUTTON}`}>
                Clear draft
              </StateLink>
            </>
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
              Your draft is empty. Add quotes from the Quotes tab.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

export function FrontendComponentsScreen({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const [params] = useSearchParams();
  const state = parseShowcase(params);
  return (
    <ProtoFrame admin={loaderData.admin}>
      <h1 className="text-3xl font-bold">Frontend Components</h1>
      <p className="mt-1 text-slate-600">The reader and journalist components, on sample data.</p>
      <div className="mt-6">
        <LinkTabs
          label="Components"
          options={SHOWCASE_TABS.map((tab) => ({
            key: tab.value,
            label: tab.label,
            search: showcaseSearch({ ...state, tab: tab.value }),
            current: state.tab === tab.value,
          }))}
        />
      </div>
      <div className="mt-8">
        {state.tab === "timeline" ? (
          <Timeline state={state} />
        ) : state.tab === "search" ? (
          <SearchInterface state={state} />
        ) : (
          <Dashboard state={state} />
        )}
      </div>
    </ProtoFrame>
  );
}
