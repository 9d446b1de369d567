/**
 * /admin/inbox/messages/:messageId: one contact message, its replies, a
 * reply by e-mail and its status (docs/decisions/0053-admin-inbox.md).
 */
import { href } from "react-router";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
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
import { PRODUCT_NAME } from "~/lib/constants";
import { inboxItemAction, inboxNotFound, isInboxId } from "~/lib/inbox/actions.server";
import { inboxReturnTo, replySubjectFor } from "~/lib/inbox/inbox";
import { getContactMessage } from "~/lib/inbox/inbox.server";
import type { Route } from "./+types/message";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const message = isInboxId(params.messageId) ? await getContactMessage(params.messageId) : null;
  if (!message) inboxNotFound("messages");
  return {
    message: {
      ...message,
      createdAt: message.createdAt.toISOString(),
      replies: message.replies.map((reply) => ({ ...reply, sentAt: reply.sentAt.toISOString() })),
    },
    back: inboxReturnTo(new URL(request.url).searchParams.get("back")),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return inboxItemAction({ box: "messages", id: params.messageId, request, admin });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Message: ${loaderData.message.topic}` : "Message"} | Inbox | ${PRODUCT_NAME}` },
];

export const handle: AdminHandle<{ message: { topic: string }; back: string }> = {
  breadcrumb: (loaderData) => [
    { label: "Inbox", to: loaderData?.back ?? href("/admin/inbox") },
    { label: loaderData ? `Message: ${loaderData.message.topic}` : "Message" },
  ],
};

export default function InboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, back } = loaderData;
  return (
    <>
      <ItemHeader
        title={`${message.topic} from ${message.email ?? "a deleted account"}`}
        status={message.status}
        facts={[
          ["E-mail", <MailLink key="email" email={message.email} />],
          ["Phone", message.phone ?? "Not given"],
          ["Topic", message.topic],
          ["Received", <SentAt key="sent" value={message.createdAt} />],
        ]}
      >
        <h2 className="mt-5 text-sm font-semibold text-slate-700">Message</h2>
        <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-900">{message.message}</p>
        <StatusForm status={message.status} />
      </ItemHeader>
      <Replies replies={message.replies} />
      <ReplyForm
        to={message.email}
        defaultSubject={replySubjectFor({ kind: "message", topic: message.topic })}
        actionData={actionData as ActionData}
      />
      <BackLink to={back} />
    </>
  );
}
