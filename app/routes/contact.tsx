import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, useLocation, useNavigation } from "react-router";
import { Button, ErrorList, Field, HoneypotField, SelectField, TextareaField } from "~/components/forms/fields";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useSchemaForm,
  type FormConstraint,
  type LastResult,
} from "~/components/forms/use-schema-form";
import { PageShell } from "~/components/layout/page-shell";
import { hitRateLimit } from "~/lib/auth/rate-limit.server";
import {
  CONTACT_RATE_LIMIT,
  ContactSchema,
  contactRateLimitedMessage,
  contactRefusalToast,
} from "~/lib/contact/contact-form";
import { saveContactSubmission } from "~/lib/contact/contact.server";
import { CONTACT_TOPICS } from "~/lib/constants";
import { clientIp } from "~/lib/http/client-ip.server";
import { isHoneypotFilled } from "~/lib/http/honeypot";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import type { z } from "zod";
import type { Route } from "./+types/contact";

const SENT = {
  type: "success",
  title: "Success!",
  description: "Your message has been sent successfully. We'll get back to you soon.",
} as const;

export const meta: Route.MetaFunction = () => [
  { title: "Contact | Gavel" },
  { name: "description", content: "Questions, corrections, partnerships or press: write to the Gavel team." },
];

export function loader() {
  return { constraint: getZodConstraint(ContactSchema) };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  if (isHoneypotFilled(formData)) return redirectWithToast(href("/contact"), SENT);
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return dataWithToast({ result: submission.reply() }, contactRefusalToast(formData), { status: 400 });
  }
  const limit = await hitRateLimit(`contact:ip:${clientIp(request)}`, CONTACT_RATE_LIMIT);
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: [contactRateLimitedMessage(limit.retryAfterSeconds)] }) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  try {
    await saveContactSubmission(submission.value);
  } catch (error) {
    console.error("Saving a contact message failed:", error);
    return dataWithToast(
      { result: submission.reply() },
      { type: "error", title: "Error", description: "Failed to send your message. Please try again." },
      { status: 500 },
    );
  }
  return redirectWithToast(href("/contact"), SENT);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <PageShell narrow>
      <h1 className="text-3xl font-bold">Contact us</h1>
      <p className="mt-2 text-slate-600">
        A question about a meeting, a correction, a partnership or a press enquiry: we read every message and answer
        within two working days.
      </p>
      {/* A new key after each successful send (a new location) gives an empty form. */}
      <ContactForm key={location.key} constraint={loaderData.constraint} lastResult={actionData?.result} />
    </PageShell>
  );
}

function ContactForm({ constraint, lastResult }: { constraint: FormConstraint; lastResult: LastResult }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useSchemaForm<z.input<typeof ContactSchema>>({ id: "contact", constraint, lastResult });
  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-8 space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <HoneypotField />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Email"
            autoComplete="email"
            errors={fields.email.errors}
            {...getInputProps(fields.email, { type: "email" })}
            required
          />
          <Field
            label="Phone (optional)"
            autoComplete="tel"
            errors={fields.phone.errors}
            {...getInputProps(fields.phone, { type: "tel" })}
          />
        </div>
        <SelectField
          label="Topic"
          placeholder="Select a topic"
          options={CONTACT_TOPICS.map((topic) => ({ value: topic, label: topic }))}
          errors={fields.topic.errors}
          {...getSelectProps(fields.topic)}
          required
        />
        <TextareaField
          label="Message"
          rows={6}
          errors={fields.message.errors}
          {...getTextareaProps(fields.message)}
          required
        />
        <ErrorList id={form.errorId} errors={form.errors} announce />
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-slate-500">
            <span aria-hidden className="text-red-600">
              *
            </span>{" "}
            Required
          </p>
          <Button disabled={submitting}>{submitting ? "Sending…" : "Send Message"}</Button>
        </div>
      </Form>
    </>
  );
}
