/**
 * The screen of /admin/proto/frontend-components
 * (app/routes/proto/frontend-components.tsx holds its loader): the issue
 * timeline, the search interface and the journalist dashboard on sample data.
 */
import { Form, Link, useSearchParams } from "react-router";
import { Button, Field } from "~/components/forms/fields";
import { HiddenParams, ProtoFrame } from "~/components/proto/frame";
import { LinkTabs, useSamePage } from "~/components/ui/link-tabs";
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
import { QuoteCard } from "~/components/desk/quote-card";
import { BodyBadge, IssueSummaryCard, TimelineList, ToggleChips } from "~/components/issues/issue-timeline";
import { SearchResults } from "~/components/search/search-results";
import {
  sampleIssueSummary,
  sampleQuoteCitation,
  sampleSearchOutcome,
  sampleTimelineEntry,
} from "~/lib/prototypes/sample-props";
import type { Route } from "../../../routes/proto/+types/frontend-components";

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
        <TimelineList items={items.map(sampleTimelineEntry)} showCity={false} linkMeetings={false} />
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
        <IssueSummaryCard
          summary={sampleIssueSummary(SAMPLE_AI_SUMMARY)}
          generatedAt={null}
          provider={null}
          confidenceText={confidenceLabel(SAMPLE_AI_SUMMARY.confidence_score)}
          provenance="A sample summary, written for this prototype: its meetings and citations are made up."
        />
      ) : (
        <div className="mt-6">
          <SearchResults
            outcome={sampleSearchOutcome(state.q, results)}
            headingLevel={3}
            linkMeetings={false}
            testId="traditional-results"
          />
        </div>
      )}
    </section>
  );
}

/** A sample quote on the desk's quote card, with the showcase's draft links as its actions. */
function SampleQuoteCard({ quote, children }: { quote: SampleQuote; children: React.ReactNode }) {
  return (
    <QuoteCard
      data-testid={`quote-${quote.quote_id}`}
      text={quote.quote_text}
      citation={sampleQuoteCitation(quote)}
      verification={quote.verification_status}
      context={quote.context}
    >
      {children}
    </QuoteCard>
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
                  <BodyBadge body={alert.entity_type} />
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
            <SampleQuoteCard key={quote.quote_id} quote={quote}>
              {state.draft.includes(quote.quote_id) ? (
                <StateLink state={removeFromDraft(state, quote.quote_id)} className={SMALL_BUTTON}>
                  Remove from draft
                </StateLink>
              ) : (
                <StateLink state={addToDraft(state, quote.quote_id)} className={SMALL_BUTTON}>
                  Add to draft
                </StateLink>
              )}
            </SampleQuoteCard>
          ))}
        </ul>
      ) : (
        <div className="mt-4">
          {inDraft.length ? (
            <>
              <ul className="space-y-3" data-testid="draft">
                {inDraft.map((quote) => (
                  <SampleQuoteCard key={quote.quote_id} quote={quote}>
                    <StateLink state={removeFromDraft(state, quote.quote_id)} className={SMALL_BUTTON}>
                      Remove from draft
                    </StateLink>
                  </SampleQuoteCard>
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
