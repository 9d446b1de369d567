/**
 * /admin/business-directory: search, filter by city and first letter, and
 * page through the listings, 12 at a time (docs/product.md); add, preview, edit and delete them
 * (docs/decisions/0033-business-directory-admin.md, 0053-admin-inbox.md).
 * The screen is app/components/businesses/admin-directory.tsx.
 */
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { AdminDirectory } from "~/components/businesses/admin-directory";
import { requireAdmin } from "~/lib/auth/session.server";
import { listCategoriesForAdmin, listListingsForAdmin } from "~/lib/businesses/admin.server";
import { parseAdminDirectoryQuery } from "~/lib/businesses/admin-forms";
import { listCitiesForAdmin } from "~/lib/cities/admin.server";
import { PRODUCT_NAME } from "~/lib/constants";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: `Business Directory | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "Business Directory" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseAdminDirectoryQuery(new URL(request.url).searchParams);
  const [result, cities, categories] = await Promise.all([
    listListingsForAdmin(query),
    listCitiesForAdmin(),
    listCategoriesForAdmin(),
  ]);
  return { query: { ...query, page: result.page }, ...result, cities, categories };
}

export default function BusinessDirectoryAdmin({ loaderData }: Route.ComponentProps) {
  return <AdminDirectory {...loaderData} />;
}
