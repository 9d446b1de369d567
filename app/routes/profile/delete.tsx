import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, useNavigation } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { DeleteAccountForm, DeletionExplained, LastAdminNotice } from "~/components/privacy/delete-account";
import { requireUser, signOut } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { NO_STORE_HEADERS } from "~/lib/http/cache.server";
import { adminCount, deleteAccount, LAST_ADMIN_MESSAGE } from "~/lib/privacy/account.server";
import { DELETED_TOAST, deleteAccountSchema } from "~/lib/privacy/delete-account-form";
import { dataWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/delete";

/**
 * /profile/delete: the confirm step of deleting one's own account, a page
 * that works without JavaScript (the profile page opens the same form in a
 * dialog). The account deleted is always the session's: the form names none.
 */

export const meta: Route.MetaFunction = () => [{ title: `Delete your account | ${PRODUCT_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const lastAdmin = user.isAdmin && (await adminCount()) <= 1;
  return data(
    {
      email: user.email,
      lastAdminMessage: lastAdmin ? LAST_ADMIN_MESSAGE : null,
      constraint: getZodConstraint(deleteAccountSchema()),
    },
    { headers: NO_STORE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: deleteAccountSchema(user.email) });
  if (submission.status !== "success") {
    return dataWithToast(
      { result: submission.reply() },
      { type: "error", title: "Your account was not deleted", description: "Type your e-mail address to confirm." },
      { status: 400 },
    );
  }
  const deleted = await deleteAccount(user.id);
  if (!deleted.ok) {
    const message = deleted.reason === "last-admin" ? LAST_ADMIN_MESSAGE : "This account no longer exists.";
    return dataWithToast(
      { result: submission.reply({ formErrors: [message] }) },
      { type: "error", title: "Your account was not deleted", description: message },
      { status: 409 },
    );
  }
  // The session row went with the account; this clears the cookie and lands on the home page.
  return signOut(request, DELETED_TOAST);
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { email, lastAdminMessage, constraint } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const formError = actionData?.result.error?.[""]?.[0];
  return (
    <PageShell narrow>
      <h1 className="text-2xl font-bold">Delete your account</h1>
      <p className="mt-1 text-slate-600">{email}</p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <DeletionExplained />
        <div className="mt-6">
          {lastAdminMessage || formError ? (
            <LastAdminNotice message={lastAdminMessage ?? formError!} />
          ) : (
            <DeleteAccountForm
              email={email}
              constraint={constraint}
              lastResult={actionData?.result}
              submitting={submitting}
              cancel={
                <Link
                  to={href("/profile")}
                  className="rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                >
                  Cancel
                </Link>
              }
            />
          )}
        </div>
      </div>
    </PageShell>
  );
}
