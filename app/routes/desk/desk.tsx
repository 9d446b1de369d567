/**
 * /desk, the journalist's desk (docs/decisions/0042-journalists-desk.md):
 * tabs Alerts, Quotes and Draft as links (`?tab=`), every change a form
 * post, so that it all works without JavaScript. Members only. The
 * screen is app/components/desk/screen.tsx.
 */
import { data, href, redirect } from "react-router";
import { getCurrentUser } from "~/lib/auth/session.server";
import { listLiveCities } from "~/lib/cities/cities.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { listAlertMatches } from "~/lib/desk/alerts.server";
import { draftMeetingDecisions } from "~/lib/desk/decisions.server";
import { clearDraft, listDraft, moveDraftQuote, removeDraftQuote } from "~/lib/desk/draft.server";
import { draftIntentSchema, quoteSearchSchema } from "~/lib/desk/forms";
import { deskTab } from "~/lib/desk/desk";
import { searchVerifiedQuotes } from "~/lib/desk/quotes.server";
import { NO_STORE_HEADERS } from "~/lib/http/cache.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/desk";
import { parsePageParam } from "~/lib/pagination";
import { DeskScreen } from "~/components/desk/screen";

export const meta: Route.MetaFunction = () => [
  { title: `Journalist's desk | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

/** Visitors go to sign in and come back to the same tab. */
async function requireMember(request: Request) {
  const user = await getCurrentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const page = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  throw redirect(`${href("/auth")}?redirectTo=${encodeURIComponent(page)}`);
}

/** The alerts tab pages through at most 500 pages. */
const MAX_ALERT_PAGE = 500;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireMember(request);
  const tab = deskTab(url.searchParams.get("tab"));
  const init = { headers: NO_STORE_HEADERS };
  if (tab === "alerts") {
    const page = parsePageParam(url.searchParams.get("page"), MAX_ALERT_PAGE);
    const { alerts, hasMore } = await listAlertMatches(user.id, page);
    return data({ tab, alerts: { items: alerts, page, hasMore } }, init);
  }
  if (tab === "quotes") {
    const search = quoteSearchSchema.parse(Object.fromEntries(url.searchParams));
    const [cities, { hits, hasMore }] = await Promise.all([
      listLiveCities(),
      searchVerifiedQuotes({ words: search.q, speaker: search.speaker, cityKey: search.city, page: search.page }),
    ]);
    return data(
      {
        tab,
        quotes: {
          search,
          cities: cities.map((c) => ({ value: c.locationKey, label: `${c.name}, ${c.state}` })),
          hits,
          hasMore,
        },
      },
      init,
    );
  }
  const entries = await listDraft(user.id);
  const decisions = await draftMeetingDecisions(entries);
  return data({ tab, draft: { entries, decisions, confirmClear: url.searchParams.get("confirm") === "clear" } }, init);
}

const DRAFT_TAB = `${href("/desk")}?tab=draft`;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireMember(request);
  const parsed = draftIntentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return redirectWithToast(DRAFT_TAB, { type: "error", title: "That change could not be made" }, { status: 303 });
  const intent = parsed.data;
  if (intent.intent === "clear") {
    const removed = await clearDraft(user.id);
    return redirectWithToast(
      DRAFT_TAB,
      { type: "success", title: removed > 0 ? "Draft cleared" : "The draft was already empty" },
      { status: 303 },
    );
  }
  const done =
    intent.intent === "remove"
      ? await removeDraftQuote(user.id, intent.id)
      : await moveDraftQuote(user.id, intent.id, intent.intent === "move-up" ? "up" : "down");
  const title = {
    remove: "Quote removed from the draft",
    "move-up": "Quote moved up",
    "move-down": "Quote moved down",
  }[intent.intent];
  return redirectWithToast(
    DRAFT_TAB,
    done ? { type: "success", title } : { type: "error", title: "That quote is not in your draft" },
    { status: 303 },
  );
}

export default function Desk({ loaderData }: Route.ComponentProps) {
  return <DeskScreen loaderData={loaderData} />;
}
