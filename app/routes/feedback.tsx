/**
 * /feedback: the feedback form as a page (every page's footer links here;
 * with JavaScript the footer opens the same form in a dialog), and the one
 * action that stores feedback, from this page or that dialog
 * (docs/decisions/0035-product-feedback.md). The e-mail of a signed-in user
 * comes from the session, never from the form; the page address is kept
 * only as a path on this site.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { FeedbackForm } from "~/components/feedback/feedback-form";
import { PageShell } from "~/components/layout/page-shell";
import { hitRateLimit } from "~/lib/auth/rate-limit.server";
import { getCurrentUser, safeRedirect } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import {
  FEEDBACK_FAILED,
  FEEDBACK_RATE_LIMIT,
  FEEDBACK_RATE_LIMITED,
  FEEDBACK_THANKS,
  feedbackPagePath,
  feedbackPrefill,
} from "~/lib/feedback/feedback";
import { FeedbackSchema } from "~/lib/feedback/feedback-schema";
import { saveFeedback } from "~/lib/feedback/feedback.server";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { clientIp } from "~/lib/http/client-ip.server";
import { isHoneypotFilled } from "~/lib/http/honeypot";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/feedback";

/** The dialog's posts carry this field: they are answered with data, not a redirect. */
export const DIALOG_FIELD = "dialog";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const url = new URL(request.url);
  return data(
    {
      constraint: getZodConstraint(FeedbackSchema),
      prefill: feedbackPrefill(url.searchParams, url.origin),
      signedInAs: user?.email ?? null,
      meta: { title: `Send feedback | ${PRODUCT_NAME}` },
    },
    { headers: cacheHeaders(user) },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title ?? `Send feedback | ${PRODUCT_NAME}` },
  { name: "description", content: "Tell the Gavel team about a bug, an idea or a mistake in a meeting summary." },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const fromDialog = formData.get(DIALOG_FIELD) === "1";
  const pagePath = feedbackPagePath(formData.get("page"), new URL(request.url).origin);
  const back = safeRedirect(pagePath, "/");
  const thanks = () =>
    fromDialog
      ? dataWithToast({ sent: true, result: null }, FEEDBACK_THANKS)
      : redirectWithToast(back, FEEDBACK_THANKS);

  // A bot that filled the hidden field is thanked like anyone, and nothing is kept.
  if (isHoneypotFilled(formData)) return thanks();
  const submission = parseWithZod(formData, { schema: FeedbackSchema });
  if (submission.status !== "success") {
    return dataWithToast(
      { sent: false, result: submission.reply() },
      { type: "error", title: "Please check the highlighted fields" },
      { status: 400 },
    );
  }
  const limit = await hitRateLimit(`feedback:ip:${clientIp(request)}`, FEEDBACK_RATE_LIMIT);
  if (!limit.allowed) {
    return dataWithToast({ sent: false, result: submission.reply() }, FEEDBACK_RATE_LIMITED, {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const user = await getCurrentUser(request);
  try {
    await saveFeedback({
      type: submission.value.type,
      text: submission.value.text,
      severity: submission.value.severity,
      pagePath,
      userEmail: user?.email ?? null,
    });
  } catch (error) {
    console.error("Saving feedback failed:", error);
    return dataWithToast({ sent: false, result: submission.reply() }, FEEDBACK_FAILED, { status: 500 });
  }
  return thanks();
}

export default function FeedbackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { constraint, prefill, signedInAs } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  return (
    <PageShell narrow>
      <h1 className="text-3xl font-bold">Send feedback</h1>
      <p className="mt-2 text-slate-600">
        Found a bug, a wrong quote or a summary that misses the point? Have an idea? Tell us: every message is read by
        the team.
      </p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <FeedbackForm
          // A new key after each send (a new location) gives an empty form.
          key={location.key}
          id="feedback"
          FormComponent={Form}
          constraint={constraint}
          lastResult={actionData?.result}
          prefill={prefill}
          signedInAs={signedInAs}
          busy={navigation.state === "submitting"}
          cancel={
            prefill.page ? (
              <Link
                to={prefill.page}
                className="rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
              >
                Back to the page
              </Link>
            ) : null
          }
        />
      </div>
    </PageShell>
  );
}
