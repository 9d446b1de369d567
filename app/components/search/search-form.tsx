import { useState } from "react";
import { Form, href, useNavigate, useNavigation } from "react-router";
import { SearchIcon } from "~/components/ui/icons";
import { MAX_QUERY_LENGTH } from "~/lib/search/query";
import { useHydrated } from "~/components/hooks/use-hydrated";

type SearchFormProps = {
  /** Where the GET form goes, e.g. "/search" or "/city/alder-creek". */
  action: string;
  label: string;
  defaultValue?: string;
  /** Other query parameters the search keeps (city, view, search=1). */
  hidden?: Record<string, string | null | undefined>;
  placeholder?: string;
  /** With JavaScript, emptying the box goes here (clearing the results). */
  clearHref?: string;
  tone?: "light" | "banner";
  id?: string;
  /** More controls of the same form (a city filter), shown under the box. */
  children?: React.ReactNode;
};

/**
 * The one video search box: a GET form, so it works without JavaScript and
 * every search is a shareable URL. With JavaScript the submit button is
 * disabled while the query is blank or a search is loading.
 */
export function SearchForm({
  action,
  label,
  defaultValue = "",
  hidden = {},
  placeholder = "Search meeting videos…",
  clearHref,
  tone = "light",
  id = "search-query",
  children,
}: SearchFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [query, setQuery] = useState(defaultValue);
  // A new search (back button, a link) brings its own query into the box.
  const [shownDefault, setShownDefault] = useState(defaultValue);
  if (shownDefault !== defaultValue) {
    setShownDefault(defaultValue);
    setQuery(defaultValue);
  }
  const loading = navigation.state === "loading" && navigation.location.pathname === action;
  const blank = query.trim() === "";
  const banner = tone === "banner";

  return (
    <Form
      method="get"
      action={action}
      role="search"
      // Landmarks apart (the city header's and the page's), without repeating the box's own label.
      aria-label={banner ? "City header search" : "Meeting search"}
      className="w-full"
    >
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label htmlFor={id} className={banner ? "sr-only" : "mb-1 block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          name="q"
          value={query}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(event) => {
            const value = event.currentTarget.value;
            setQuery(value);
            if (clearHref && value.trim() === "" && defaultValue)
              void navigate(clearHref, { replace: true, preventScrollReset: true });
          }}
          className={`block w-full min-w-0 rounded-md border px-3 py-2 text-base shadow-sm focus:ring-2 ${
            banner
              ? "border-slate-500 bg-white text-slate-900 placeholder:text-slate-600 focus:ring-(--focus-ring)"
              : "border-slate-500 bg-white text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-brand-600"
          }`}
        />
        <button
          type="submit"
          disabled={hydrated && (blank || loading)}
          className={`inline-flex shrink-0 items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed ${
            banner
              ? "bg-slate-900/80 text-white hover:bg-slate-900 disabled:bg-slate-900/40"
              : "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-500"
          }`}
        >
          <SearchIcon className="size-4" />
          {loading ? "Searching…" : "Search"}
        </button>
      </div>
      {children}
    </Form>
  );
}

/** The full city banner's search box, which searches this city's meetings on /search. */
export function CityHeaderSearch({ city }: { city: { name: string; locationKey: string } }) {
  return (
    <SearchForm
      action={href("/search")}
      label={`Search ${city.name} meetings`}
      hidden={{ city: city.locationKey }}
      placeholder={`Search ${city.name} meetings…`}
      tone="banner"
      id="city-header-search"
    />
  );
}
