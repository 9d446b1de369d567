import { useNavigation } from "react-router";
import type { SearchOutcome } from "~/lib/search/outcome";
import { SearchForm } from "./search-form";
import { SearchResults } from "./search-results";

/**
 * A city's video search: the toggle panel on the city page (`?search=1&q=`)
 * and the /city/{key}/search page. Results are announced when they change.
 */
export function CitySearchPanel({
  cityName,
  action,
  query,
  hidden,
  clearHref,
  outcome,
  headingLevel = 2,
}: {
  cityName: string;
  action: string;
  query: string;
  hidden?: Record<string, string>;
  clearHref: string;
  outcome: SearchOutcome;
  headingLevel?: 2 | 3;
}) {
  const navigation = useNavigation();
  const searching =
    navigation.state === "loading" &&
    navigation.location.pathname === action &&
    navigation.location.search.includes("q=");
  return (
    <section
      id="city-search"
      aria-label={`Search ${cityName} videos`}
      className="space-y-4 rounded-xl border border-slate-200 bg-slate-100/60 p-4"
    >
      <SearchForm
        action={action}
        label={`Search ${cityName} meeting videos`}
        defaultValue={query}
        hidden={hidden}
        clearHref={clearHref}
        id="city-search-query"
      />
      <div aria-live="polite" aria-busy={searching || undefined}>
        {searching ? <p className="text-sm text-slate-600">Searching…</p> : null}
        <SearchResults outcome={outcome} headingLevel={headingLevel} />
      </div>
    </section>
  );
}
