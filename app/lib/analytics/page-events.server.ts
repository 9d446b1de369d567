/**
 * The events the server sees for itself, counted in the request layer
 * (request-handler.server.ts) after the response is known, so that pages
 * served from the page cache count like rendered ones and nothing depends
 * on JavaScript.
 *
 * Counted: GET documents answered 200 (HTML) or 304, and GET `.data`
 * requests answered 200 (a client-side navigation), that are not a
 * prefetch, on a public page (not /admin, not a resource route). The route
 * is React Router's pattern, never the address: '/city/:locationKey/meeting/:meetingId'.
 */
import { matchRoutes, type RouteObject, type ServerBuild, href } from "react-router";
import { withoutLocalePrefix } from "~/lib/i18n/locales";
import { ANALYTICS_SIGNAL_HEADER, NO_RESULTS_SIGNAL } from "./signal";
import { isPrefetch, searchSubject } from "./events";
import { type CountedEvent, isCountable, recordEvents } from "./recorder.server";

const MEETING_ROUTES = new Set(["city-meeting", "routes/meeting/meeting"]);
const STORY_ROUTES = new Set(["city-meeting-story", "routes/meeting/meeting-story"]);
const SEARCH_ROUTES = new Set(["routes/search", "routes/city/search"]);
const CITY_PAGE = "routes/city/index";
const NOT_COUNTED = /^routes\/(admin|resources|images)\/|^routes\/not-found$/;

const trees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

/** The build's routes as the tree matchRoutes() takes, made once per build. */
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const cached = trees.get(routes);
  if (cached) return cached;
  const nodes = new Map<string, RouteObject & { children?: RouteObject[] }>();
  for (const route of Object.values(routes)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, index: route.index } as RouteObject);
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  trees.set(routes, roots);
  return roots;
}

/** The page a request is for: its leaf route, the route pattern and the params; null when no route matches. */
export function matchPage(
  routes: ServerBuild["routes"],
  pathname: string,
): { id: string; pattern: string; params: Record<string, string | undefined> } | null {
  // A Spanish page (`/es/…`, app/lib/i18n) is the same page.
  const bare = withoutLocalePrefix(pathname.replace(/^\/es\.data$/, "/_root.data"));
  const page = bare === "/_root.data" ? href("/") : bare.replace(/\.data$/, "");
  const matches = matchRoutes(routeTree(routes), page);
  const leaf = matches?.at(-1);
  if (!matches || !leaf) return null;
  const segments = matches.map((m) => m.route.path).filter((path): path is string => Boolean(path));
  return { id: leaf.route.id ?? "", pattern: `/${segments.join("/")}`, params: leaf.params };
}

/** Whether this request and response are a page someone read. */
function isPageRead(request: Request, response: Response): boolean {
  if (request.method !== "GET" || isPrefetch(request.headers)) return false;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return response.status === 200;
  if (response.status === 304) return /text\/html/i.test(request.headers.get("Accept") ?? "");
  return response.status === 200 && /text\/html/i.test(response.headers.get("Content-Type") ?? "");
}

/** The events of a page read (exported for tests); empty when it is not one. */
export function pageEventsOf(
  routes: ServerBuild["routes"],
  request: Request,
  response: Response,
): { events: CountedEvent[]; pageUrl: string } {
  const none = { events: [], pageUrl: request.url };
  if (!isPageRead(request, response)) return none;
  const url = new URL(request.url);
  const page = matchPage(routes, url.pathname);
  if (!page || NOT_COUNTED.test(page.id)) return none;
  // A page of a city counts for that city (the admin's top cities); others have no subject.
  const events: CountedEvent[] = [{ event: "page_view", route: page.pattern, subject: page.params.locationKey ?? "" }];
  const route = page.pattern;
  const meetingId = page.params.meetingId ?? "";
  if (MEETING_ROUTES.has(page.id)) events.push({ event: "meeting_opened", route, subject: meetingId });
  if (STORY_ROUTES.has(page.id)) events.push({ event: "story_opened", route, subject: meetingId });
  if (page.id === CITY_PAGE && cameFromLandingPage(request, url))
    events.push({ event: "city_picked", route, subject: page.params.locationKey ?? "" });
  if (SEARCH_ROUTES.has(page.id)) {
    // Without personal details; whether the words themselves are kept is the recorder's (k-anonymity).
    const words = searchSubject(url.searchParams.get("q"));
    if (words) {
      events.push({ event: "search", route, subject: words });
      if (response.headers.get(ANALYTICS_SIGNAL_HEADER) === NO_RESULTS_SIGNAL)
        events.push({ event: "search_no_results", route, subject: words });
    }
  }
  const pageUrl = new URL(url);
  pageUrl.pathname = url.pathname === "/_root.data" ? href("/") : url.pathname.replace(/\.data$/, "");
  pageUrl.searchParams.delete("_routes");
  return { events, pageUrl: pageUrl.href };
}

/**
 * A city page reached from the landing page: its picker (a form GET to
 * `/?city=…` that redirects, or a client-side navigation) or one of its
 * links. The browser's Referer says so; it is read, never stored.
 */
function cameFromLandingPage(request: Request, url: URL): boolean {
  const referrer = URL.parse(request.headers.get("Referer") ?? "");
  return referrer !== null && referrer.origin === url.origin && referrer.pathname === "/";
}

/** Counts the events of this response, then removes the private signal header. Never throws. */
export function recordPageEvents(routes: ServerBuild["routes"], request: Request, response: Response): void {
  try {
    if (isCountable(request)) {
      const { events, pageUrl } = pageEventsOf(routes, request, response);
      recordEvents(request, events, { visit: true, pageUrl });
    }
  } catch (error) {
    console.error("Counting a page view failed:", error);
  }
  try {
    response.headers.delete(ANALYTICS_SIGNAL_HEADER);
  } catch {
    // Immutable headers (a redirect): they never carry the signal.
  }
}
