/**
 * /admin/inbox/requests/:requestId: one request for a city's coverage, the
 * city it is for, whether its sender was told the city is Live, its replies,
 * a reply by e-mail and its status (docs/decisions/0053-admin-inbox.md).
 */
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { Coverage } from "~/components/inbox/coverage";
import {
  BackLink,
  ItemHeader,
  MailLink,
  Replies,
  ReplyForm,
  SentAt,
  StatusForm,
  type ActionData,
} from "~/components/inbox/inbox-item";
import { requireAdmin } from "~/lib/auth/session.server";
import { listCitiesForAdmin } from "~/lib/cities/admin.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { inboxItemAction, inboxNotFound, isInboxId } from "~/lib/inbox/actions.server";
import { inboxHref, inboxReturnTo, replySubjectFor } from "~/lib/inbox/inbox";
import { getCityRequest } from "~/lib/inbox/inbox.server";
import type { Route } from "./+types/request";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = isInboxId(params.requestId) ? await getCityRequest(params.requestId) : null;
  if (!found) inboxNotFound("requests");
  return {
    request: {
      ...found,
      createdAt: found.createdAt.toISOString(),
      liveNotifiedAt: iso(found.liveNotifiedAt),
      liveNoticeQueuedAt: iso(found.liveNoticeQueuedAt),
      replies: found.replies.map((reply) => ({ ...reply, sentAt: reply.sentAt.toISOString() })),
    },
    cities: await listCitiesForAdmin(),
    back: inboxReturnTo(new URL(request.url).searchParams.get("back")),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return inboxItemAction({ box: "requests", id: params.requestId, request, admin });
}

const titleOf = (found: { cityName: string; state: string }) => `Request for ${found.cityName}, ${found.state}`;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? titleOf(loaderData.request) : "Request"} | Inbox | ${PRODUCT_NAME}` },
];

export const handle: AdminHandle<{ request: { cityName: string; state: string }; back: string }> = {
  breadcrumb: (loaderData) => [
    { label: "Inbox", to: loaderData?.back ?? inboxHref({ box: "requests" }) },
    { label: loaderData ? titleOf(loaderData.request) : "Request" },
  ],
};

export default function InboxRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { request, cities, back } = loaderData;
  return (
    <>
      <ItemHeader
        title={titleOf(request)}
        status={request.status}
        facts={[
          ["E-mail", <MailLink key="email" email={request.email} />],
          ["City", request.cityName],
          ["State", request.state],
          ["Received", <SentAt key="sent" value={request.createdAt} />],
        ]}
      >
        <StatusForm status={request.status} />
      </ItemHeader>
      <Coverage request={request} cities={cities} actionData={actionData as ActionData} />
      <Replies replies={request.replies} />
      <ReplyForm
        to={request.email}
        defaultSubject={replySubjectFor({ kind: "request", cityName: request.cityName, state: request.state })}
        actionData={actionData as ActionData}
      />
      <BackLink to={back} />
    </>
  );
}
