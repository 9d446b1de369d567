/**
 * /admin/product-feedback: what users sent, ranked (spec:
 * docs/product.md). A table by rank ascending,
 * unranked last, then newest; filters by status and type in the URL; 50 a
 * page. With JavaScript, status and severity save as soon as they change
 * and the rank on each valid number typed; without it, each row has its own
 * form and Save button (docs/decisions/0035-product-feedback.md). The
 * screen is app/components/feedback/admin-feedback.tsx.
 */
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { FeedbackAdmin, SCRIPT_FIELD } from "~/components/feedback/admin-feedback";
import { requireAdmin } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import {
  FEEDBACK_UPDATE_FAILED,
  FEEDBACK_UPDATED,
  feedbackReturnTo,
  parseFeedbackQuery,
  parseFeedbackUpdate,
  RANK_IGNORED,
} from "~/lib/feedback/feedback";
import { listFeedbackForAdmin, updateFeedback } from "~/lib/feedback/feedback.server";
import type { ToastInput } from "~/lib/toast/toast";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/product-feedback";

export const meta: Route.MetaFunction = () => [{ title: `Product Feedback | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "Product Feedback" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseFeedbackQuery(new URL(request.url).searchParams);
  const result = await listFeedbackForAdmin(query);
  return {
    query: { ...query, page: result.page },
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    rows: result.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const fromScript = formData.get(SCRIPT_FIELD) === "1";
  const returnTo = feedbackReturnTo(formData.get("returnTo"));
  const refuse = (description: string, status: number) =>
    dataWithToast({ saved: false }, { type: "error", title: FEEDBACK_UPDATE_FAILED, description }, { status });
  const update = parseFeedbackUpdate(formData);
  if (!update.ok) return refuse(update.message, 400);
  if (update.rankIgnored && Object.keys(update.patch).length === 0) return refuse(RANK_IGNORED, 400);
  try {
    if (!(await updateFeedback(update.id, update.patch))) return refuse("Feedback not found", 404);
  } catch (error) {
    console.error(`Product feedback: updating ${update.id} failed:`, error);
    return refuse(error instanceof Error ? error.message : "The database refused the change.", 500);
  }
  const saved: ToastInput = {
    type: "success",
    title: FEEDBACK_UPDATED,
    ...(update.rankIgnored ? { description: RANK_IGNORED } : {}),
  };
  return fromScript ? dataWithToast({ saved: true }, saved) : redirectWithToast(returnTo, saved);
}

export default function ProductFeedbackAdmin({ loaderData }: Route.ComponentProps) {
  return <FeedbackAdmin {...loaderData} />;
}
