import type { ComponentType, ReactNode } from "react";
import type { FormProps } from "react-router";
import type { z } from "zod";
import { Button, HoneypotField, SelectField, TextareaField } from "~/components/forms/fields";
import {
  getFormProps,
  getSelectProps,
  getTextareaProps,
  useSchemaForm,
  type FormConstraint,
  type LastResult,
} from "~/components/forms/use-schema-form";
import { FEEDBACK_SEVERITIES, FEEDBACK_TYPES } from "~/lib/constants";
import { FEEDBACK_TEXT_MAX, type FeedbackPrefill } from "~/lib/feedback/feedback";
import type { FeedbackSchema } from "~/lib/feedback/feedback-schema";

/** The constraint the dialog renders; the form page sends the schema's own from its loader. */
export const FEEDBACK_CONSTRAINT: FormConstraint = {
  type: { required: true },
  text: { required: true, maxLength: FEEDBACK_TEXT_MAX },
};

const TYPE_OPTIONS = FEEDBACK_TYPES.map((type) => ({ value: type, label: type }));
const SEVERITY_OPTIONS = FEEDBACK_SEVERITIES.map((severity) => ({
  value: String(severity.value),
  label: severity.label,
}));

/**
 * The feedback form, on the /feedback page (a `<Form>`) and in the footer's
 * dialog (a fetcher's form). It never asks for an e-mail: a signed-in
 * user's comes from the session, and a visitor stays anonymous.
 */
export function FeedbackForm({
  id,
  FormComponent,
  constraint,
  lastResult,
  prefill,
  signedInAs,
  busy,
  cancel,
  extraFields,
  action,
}: {
  id: string;
  /** Where it posts: the /feedback action; the page itself leaves it out, to keep its address's pre-fill. */
  action?: string;
  FormComponent: ComponentType<FormProps & React.RefAttributes<HTMLFormElement>>;
  constraint: FormConstraint;
  lastResult: LastResult;
  prefill: FeedbackPrefill;
  signedInAs: string | null;
  busy: boolean;
  cancel?: ReactNode;
  extraFields?: ReactNode;
}) {
  const [form, fields] = useSchemaForm<z.input<typeof FeedbackSchema>>({ id, constraint, lastResult });
  // A refused post shows what was sent; a fresh form what the link asked for.
  const sent = (value: unknown) => (typeof value === "string" ? value : undefined);
  return (
    <FormComponent method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <HoneypotField />
      {extraFields}
      <input type="hidden" name="page" value={sent(fields.page.initialValue) ?? prefill.page ?? ""} />
      <SelectField
        label="What is it about?"
        placeholder="Choose one"
        options={TYPE_OPTIONS}
        errors={fields.type.errors}
        {...getSelectProps(fields.type)}
        defaultValue={sent(fields.type.initialValue) ?? prefill.type ?? ""}
        required
      />
      <TextareaField
        label="Your feedback"
        rows={5}
        errors={fields.text.errors}
        {...getTextareaProps(fields.text)}
        defaultValue={sent(fields.text.initialValue) ?? prefill.text}
        required
      />
      <SelectField
        label="How serious is it? (optional)"
        placeholder="Not sure"
        options={SEVERITY_OPTIONS}
        errors={fields.severity.errors}
        {...getSelectProps(fields.severity)}
      />
      <p className="text-sm text-slate-600">
        {signedInAs
          ? `We'll see that this came from ${signedInAs}, so that we can answer you.`
          : "Sent anonymously: we don't ask for your e-mail address."}
        {prefill.page ? ` The address of the page (${prefill.page}) goes with it.` : null}
      </p>
      <div className="flex items-center justify-end gap-3">
        {cancel}
        <Button disabled={busy}>{busy ? "Sending…" : "Send feedback"}</Button>
      </div>
    </FormComponent>
  );
}
