/**
 * /admin/proto/frontend-components: the component showcase, on sample data
 * only (docs/product.md). Three tabs: the issue
 * timeline with its entity chips, the search interface in its AI-summary and
 * traditional variants, and the journalist dashboard (alerts, quotes,
 * draft). Every tab, chip, toggle and draft operation is a link or GET form
 * to this page (state in the query string: lib/prototypes/showcase.ts). The
 * screen is app/components/proto/frontend-components/.
 */
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { PRODUCT_NAME } from "~/lib/constants";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { loadPrototypePage } from "~/lib/prototypes/page.server";
import { revalidateUnlessSamePage } from "~/lib/prototypes/revalidate";
import type { Route } from "./+types/frontend-components";
import { FrontendComponentsScreen } from "~/components/proto/frontend-components/screen";

export const handle: AdminHandle = { breadcrumb: "Prototype: Frontend Components" };

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadPrototypePage(request, url);
}

export const headers = publicPageHeaders;
export const shouldRevalidate = revalidateUnlessSamePage;

export const meta: Route.MetaFunction = () => [
  { title: `Frontend Components (prototype) | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function FrontendComponents({ loaderData }: Route.ComponentProps) {
  return <FrontendComponentsScreen loaderData={loaderData} />;
}
