import { data, Form, href, Link, useNavigation } from "react-router";
import { Button } from "~/components/forms/fields";
import { PageShell } from "~/components/layout/page-shell";
import { findByUnsubscribeToken, unsubscribe, type UnsubscribeView } from "~/lib/alerts/alerts.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { NO_STORE_HEADERS } from "~/lib/http/cache.server";
import type { Route } from "./+types/unsubscribe";

/**
 * /alerts/unsubscribe/:token, the link of every alert e-mail; no sign-in
 * needed (the random token is the key). GET shows the alerts it turns off
 * and a confirm button, and changes nothing (link scanners open links);
 * POST, from that button or a mail client's one-click unsubscribe
 * (List-Unsubscribe-Post, RFC 8058, whatever its body), turns them off.
 * Several tokens joined by "." name the several alerts of one e-mail.
 */

const MAX_TOKENS = 50;

function tokensOf(param: string | undefined): string[] {
  return [...new Set((param ?? "").split("."))].filter(Boolean).slice(0, MAX_TOKENS);
}

async function found(views: Promise<UnsubscribeView | null>[]): Promise<UnsubscribeView[]> {
  return (await Promise.all(views)).filter((v): v is UnsubscribeView => v !== null);
}

export async function loader({ params }: Route.LoaderArgs) {
  const alerts = await found(tokensOf(params.token).map(findByUnsubscribeToken));
  if (alerts.length === 0) throw data(null, { status: 404, headers: NO_STORE_HEADERS });
  return data({ alerts, done: false }, { headers: NO_STORE_HEADERS });
}

export async function action({ params }: Route.ActionArgs) {
  const alerts = await found(tokensOf(params.token).map(unsubscribe));
  if (alerts.length === 0) throw data(null, { status: 404, headers: NO_STORE_HEADERS });
  return data({ alerts, done: true }, { headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = () => NO_STORE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: `Unsubscribe from alerts | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const submitting = useNavigation().state === "submitting";
  const allOff = view.alerts.every((a) => !a.active);
  return (
    <PageShell narrow>
      <h1 className="text-2xl font-bold">{view.done ? "You are unsubscribed" : "Unsubscribe from alerts"}</h1>
      <ul className="mt-4 list-disc space-y-1 pl-6">
        {view.alerts.map((alert) => (
          <li key={alert.query}>
            Alert for <strong>“{alert.query}”</strong>
            {view.done || !alert.active ? " — turned off" : null}
          </li>
        ))}
      </ul>
      {view.done ? (
        <p role="status" className="mt-4 text-slate-700">
          {view.alerts.length === 1 ? "This alert is turned off" : "These alerts are turned off"}: you will get no more
          e-mails for {view.alerts.length === 1 ? "it" : "them"}. You can turn alerts back on from your{" "}
          <Link to={`${href("/profile")}#alerts`} className="font-semibold text-brand-700 hover:underline">
            profile
          </Link>
          .
        </p>
      ) : allOff ? (
        <p className="mt-4 text-slate-700">Already turned off: you get no e-mails for it.</p>
      ) : (
        <Form method="post" className="mt-6">
          <p className="mb-4 text-slate-700">
            You will get no more e-mails for {view.alerts.length === 1 ? "this alert" : "these alerts"}.
          </p>
          <Button disabled={submitting}>Turn off {view.alerts.length === 1 ? "this alert" : "these alerts"}</Button>
        </Form>
      )}
    </PageShell>
  );
}
