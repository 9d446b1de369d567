import { data } from "react-router";
import { PrivacyPage, type AnalyticsMode, type CookieRow } from "~/components/privacy/privacy-page";
import { getCurrentUser } from "~/lib/auth/session.server";
import { settings } from "~/lib/env/settings.server";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { COOKIE_LIST, cookieLifetime } from "~/lib/privacy/cookies";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | Gavel" },
  { name: "description", content: "No tracking, no data sales, essential cookies only." },
];

/** How visits are counted, as the ANALYTICS setting says: the FAQ's answer follows it. */
function analyticsMode(): AnalyticsMode {
  const { ANALYTICS, ANALYTICS_FORWARD_URL } = settings();
  if (ANALYTICS === "forward" && ANALYTICS_FORWARD_URL)
    return { mode: "forward", host: new URL(ANALYTICS_FORWARD_URL).host };
  return { mode: ANALYTICS === "off" ? "off" : "local" };
}

/**
 * The cookies table comes from the registry every cookie-setting module uses
 * (app/lib/privacy/cookies.ts); the other sites from app/lib/privacy/outside-sites.ts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const cookies: CookieRow[] = COOKIE_LIST.map((cookie) => ({
    name: cookie.name,
    purpose: cookie.purpose,
    setWhen: cookie.setWhen,
    lifetime: cookieLifetime(cookie),
  }));
  return data({ cookies, analytics: analyticsMode() }, { headers: cacheHeaders(user) });
}

export const headers = publicPageHeaders;

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <PrivacyPage {...loaderData} />;
}
