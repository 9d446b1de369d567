import type { HeadersFunction } from "react-router";

/**
 * A private response header by which a loader tells the request layer what
 * only it knows (a search that found nothing). The page cache stores and
 * replays it with the page, so a cached page is counted like a rendered
 * one; the request layer removes it before the response leaves.
 */
export const ANALYTICS_SIGNAL_HEADER = "X-Gavel-Analytics";
export const NO_RESULTS_SIGNAL = "no-results";

/** A route `headers` export that also passes its loader's analytics signal on. */
export function withAnalyticsSignal(headers: HeadersFunction): HeadersFunction {
  return (args) => {
    const result = new Headers(headers(args));
    const signal = args.loaderHeaders.get(ANALYTICS_SIGNAL_HEADER);
    if (signal) result.set(ANALYTICS_SIGNAL_HEADER, signal);
    return result;
  };
}

/** The signal of a search that ran and found nothing, for the loader's headers. */
export function noResultsSignal(outcome: { status: string; results?: unknown[] }): Record<string, string> {
  return outcome.status === "ok" && outcome.results?.length === 0
    ? { [ANALYTICS_SIGNAL_HEADER]: NO_RESULTS_SIGNAL }
    : {};
}
