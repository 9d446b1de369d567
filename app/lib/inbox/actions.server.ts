/**
 * The one action of an opened contact message or city request
 * (/admin/inbox/messages/:messageId, /admin/inbox/requests/:requestId;
 * docs/decisions/0053-admin-inbox.md): reply by e-mail, set the status, or
 * (requests) link the city. The admin's identity comes from the session;
 * the recipient is the message's own address, never a field of the form.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { SessionUser } from "~/lib/auth/session.server";
import { getCityForAdmin } from "~/lib/cities/admin.server";
import { sendEmail } from "~/lib/email/email.server";
import { settings } from "~/lib/env/settings.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import { replyEmail } from "./email";
import { INBOX_MESSAGES, inboxItemHref, inboxReturnTo, type InboxBox } from "./inbox";
import { MessageActionSchema, RequestActionSchema, type ReplyFields } from "./inbox-forms";
import { getCityRequest, getContactMessage, linkRequestToCity, recordReply, setInboxStatus } from "./inbox.server";
import { notifyCityRequestersIfLive } from "./notices.server";
import { href } from "react-router";
import { isUuid } from "~/lib/uuid";

export const isInboxId = (value: string | undefined): value is string => isUuid(value);

const NOT_FOUND: Record<InboxBox, string> = { messages: "Message not found", requests: "Request not found" };

export function inboxNotFound(box: InboxBox): never {
  throw data({ message: NOT_FOUND[box] }, { status: 404 });
}

/** The message or request to reply to: its address and what its sender wrote. */
async function replyTarget(box: InboxBox, id: string) {
  if (box === "messages") {
    const message = await getContactMessage(id);
    return message && { email: message.email, sentAt: message.createdAt, text: message.message };
  }
  const request = await getCityRequest(id);
  return (
    request && {
      email: request.email,
      sentAt: request.createdAt,
      text: `Please cover ${request.cityName}, ${request.state}.`,
    }
  );
}

type Echo = { intent: string; result: SubmissionResult<string[]> };

/** Sends the reply to the message's own address and records it; null when the message is gone. */
async function reply(box: InboxBox, id: string, fields: ReplyFields, admin: SessionUser, self: string, echo: Echo) {
  const target = await replyTarget(box, id);
  if (!target) return null;
  if (!target.email) return dataWithToast(echo, INBOX_MESSAGES.noAddress, { status: 409 });
  const contactUrl = `${settings().APP_URL}${href("/contact")}`;
  try {
    await sendEmail(replyEmail(target.email, fields, { sentAt: target.sentAt, text: target.text }, contactUrl));
  } catch (error) {
    console.error(`Inbox: the reply to ${box} ${id} was not sent:`, error);
    return dataWithToast(echo, INBOX_MESSAGES.replyFailed, { status: 502 });
  }
  await recordReply(box, id, { ...fields, sentBy: admin.id });
  return redirectWithToast(self, INBOX_MESSAGES.replySent(target.email));
}

export async function inboxItemAction({
  box,
  id,
  request,
  admin,
}: {
  box: InboxBox;
  id: string | undefined;
  request: Request;
  admin: SessionUser;
}) {
  if (!isInboxId(id)) inboxNotFound(box);
  const formData = await request.formData();
  const self = inboxItemHref(box, id, inboxReturnTo(new URL(request.url).searchParams.get("back")));
  const submission = parseWithZod(formData, { schema: box === "messages" ? MessageActionSchema : RequestActionSchema });
  const intent = String(formData.get("intent") ?? "");
  const echo: Echo = { intent, result: submission.reply() };
  if (submission.status !== "success") {
    const toast = intent === "reply" ? INBOX_MESSAGES.replyRefused : INBOX_MESSAGES.notUnderstood;
    return dataWithToast(echo, toast, { status: 400 });
  }
  const value = submission.value;
  let answer: Response | Awaited<ReturnType<typeof dataWithToast>> | null;
  try {
    if (value.intent === "reply") answer = await reply(box, id, value, admin, self, echo);
    else if (value.intent === "status")
      answer = (await setInboxStatus(box, id, value.status))
        ? await redirectWithToast(self, INBOX_MESSAGES.statusSaved(value.status))
        : null;
    else if (await linkRequestToCity(id, value.cityId)) {
      if (value.cityId) await notifyCityRequestersIfLive(await getCityForAdmin(value.cityId));
      answer = await redirectWithToast(self, value.cityId ? INBOX_MESSAGES.citySaved : INBOX_MESSAGES.cityUnlinked);
    } else
      answer = (await getCityRequest(id)) ? dataWithToast(echo, INBOX_MESSAGES.notUnderstood, { status: 400 }) : null;
  } catch (error) {
    console.error(`Inbox: ${intent} on ${box} ${id} failed:`, error);
    return dataWithToast(echo, INBOX_MESSAGES.failed, { status: 500 });
  }
  if (!answer) inboxNotFound(box);
  return answer;
}
