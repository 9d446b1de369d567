import { Form, href, Link } from "react-router";
import { Button } from "~/components/forms/fields";
import { PageShell } from "~/components/layout/page-shell";
import { confirmAccount } from "~/lib/auth/sign-in.server";
import { PRODUCT_NAME } from "~/lib/constants";
import type { Route } from "./+types/confirm";

export const meta: Route.MetaFunction = () => [{ title: `Confirm your account | ${PRODUCT_NAME}` }];

// Opening the link only shows a button: mail scanners that prefetch links
// must not use up the one-time token.
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "");
  const signedIn = token ? await confirmAccount(request, token) : null;
  return signedIn ?? { invalid: true };
}

export default function ConfirmAccount({ loaderData, actionData }: Route.ComponentProps) {
  const invalid = actionData?.invalid || !loaderData.token;
  return (
    <PageShell narrow>
      <h1 className="text-2xl font-bold">Confirm your account</h1>
      {invalid ? (
        <div className="mt-4 space-y-4">
          <p role="alert" className="text-red-700">
            This confirmation link is invalid or has expired.
          </p>
          <p>
            <Link
              to={`${href("/auth")}?mode=login&method=password`}
              className="font-semibold text-brand-700 hover:underline"
            >
              Sign in
            </Link>{" "}
            and we will send you a new link.
          </p>
        </div>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-slate-700">One click and your e-mail address is confirmed.</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button>Confirm my account</Button>
        </Form>
      )}
    </PageShell>
  );
}
