/**
 * An opened contact message or city request (/admin/inbox/messages/:id,
 * /admin/inbox/requests/:id): what was sent, the replies sent so far (who,
 * when, what), a reply by e-mail, the status, and for a request the city
 * it is for and whether its sender was told the city is Live. Plain form
 * posts to the page's action; a refused reply keeps its text.
 */
import { Form, href, Link, useNavigation } from "react-router";
import { Button, ErrorList, Field, SelectField, TextareaField } from "~/components/forms/fields";
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useSchemaForm,
  type LastResult,
} from "~/components/forms/use-schema-form";
import { INBOX_STATUSES } from "~/lib/constants";
import { formatDateTime } from "~/lib/format/date";
import { NO_ADDRESS_NOTE, REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from "~/lib/inbox/inbox";
import { InboxStatusBadge } from "./status-badge";

export type ReplyItem = { id: string; subject: string; body: string; sentAt: string; sentBy: string | null };
export type ActionData = { intent?: string; result?: LastResult } | undefined;

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const LINK = "font-semibold text-brand-700 hover:underline";

/** The heading, status and facts of the item, then its text. */
export function ItemHeader({
  title,
  status,
  facts,
  children,
}: {
  title: string;
  status: string;
  facts: [string, React.ReactNode][];
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby="inbox-item-title" className={CARD}>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="inbox-item-title" className="text-2xl font-bold [overflow-wrap:anywhere]">
          {title}
        </h1>
        <InboxStatusBadge status={status} />
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-slate-700">{term}</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

export function SentAt({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

export function MailLink({ email }: { email: string | null }) {
  if (!email) return <span className="text-slate-600">None (the sender deleted their account)</span>;
  return (
    <a href={`mailto:${email}`} className={LINK}>
      {email}
    </a>
  );
}

export function Replies({ replies }: { replies: ReplyItem[] }) {
  return (
    <section aria-labelledby="inbox-replies" className={`mt-6 ${CARD}`}>
      <h2 id="inbox-replies" className="text-lg font-semibold">
        Replies ({replies.length})
      </h2>
      {replies.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No reply yet.</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {replies.map((reply) => (
            <li key={reply.id} className="border-l-4 border-emerald-300 pl-4">
              <p className="font-semibold [overflow-wrap:anywhere]">{reply.subject}</p>
              <p className="text-sm text-slate-600">
                Sent by {reply.sentBy ?? "a deleted account"} on <SentAt value={reply.sentAt} />
              </p>
              <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-800">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type ReplyValues = { intent: string; subject: string; body: string };

/** The reply by e-mail to the message's own address; without one, the reason it cannot be answered. */
export function ReplyForm({
  to,
  defaultSubject,
  actionData,
}: {
  to: string | null;
  defaultSubject: string;
  actionData: ActionData;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  const lastResult = actionData?.intent === "reply" ? actionData.result : undefined;
  const [form, fields] = useSchemaForm<ReplyValues>({ id: "inbox-reply", lastResult });
  return (
    <section aria-labelledby="inbox-reply-title" className={`mt-6 ${CARD}`}>
      <h2 id="inbox-reply-title" className="text-lg font-semibold">
        Reply by e-mail
      </h2>
      {to ? (
        <Form method="post" {...getFormProps(form)} aria-labelledby="inbox-reply-title" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="reply" />
          <p className="text-sm text-slate-700">
            To <strong className="[overflow-wrap:anywhere]">{to}</strong>, from the site&rsquo;s address; the sender
            sees no admin&rsquo;s address, and a link to the contact form to write again.
          </p>
          <Field
            label="Subject"
            {...getInputProps(fields.subject, { type: "text" })}
            defaultValue={
              typeof fields.subject.initialValue === "string" ? fields.subject.initialValue : defaultSubject
            }
            maxLength={REPLY_SUBJECT_MAX}
            required
            errors={fields.subject.errors}
          />
          <TextareaField
            label="Message"
            rows={8}
            {...getTextareaProps(fields.body)}
            maxLength={REPLY_BODY_MAX}
            required
            errors={fields.body.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} announce />
          <Button disabled={sending}>{sending ? "Sending…" : "Send reply"}</Button>
        </Form>
      ) : (
        <p className="mt-2 text-slate-700">{NO_ADDRESS_NOTE}</p>
      )}
    </section>
  );
}

/** New, Answered or Closed, with a Save button (a reply sets Answered by itself). */
export function StatusForm({ status }: { status: string }) {
  return (
    <Form method="post" aria-label="Status" className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="status" />
      <SelectField
        label="Status"
        name="status"
        key={status}
        defaultValue={status}
        options={INBOX_STATUSES.map((value) => ({ value, label: value }))}
      />
      <Button variant="secondary">Save status</Button>
    </Form>
  );
}

export function BackLink({ to }: { to: string }) {
  return (
    <p className="mt-6">
      <Link to={to} className={LINK}>
        Back to the inbox
      </Link>
    </p>
  );
}

export const cityManagementHref = (cityId: string) => `${href("/admin/city-management")}?city=${cityId}`;
