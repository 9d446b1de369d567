import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useState } from "react";

/**
 * The client side of a form the action validates with its zod schema
 * (decision records 5 and 29). Neither the schema nor a validator reaches
 * the browser: the loader sends the schema's native constraints
 * (`getZodConstraint`, rendered as `required`, `minLength`, …) and the
 * action answers a refused form with `submission.reply()` (`lastResult`),
 * whose messages show under their fields, with JavaScript or without. A
 * field edited after that answer stops showing its message until the next
 * one. Forms are `noValidate`, so the messages are always the server's.
 *
 * A refused form puts the focus on its first invalid field, so the message
 * is read out with it (aria-describedby): without JavaScript the field is
 * rendered with `autofocus`, with JavaScript an effect focuses it when the
 * answer comes. A form-level message only is announced by its role="alert"
 * (ErrorList `announce`), and the focus goes to the form's first field.
 *
 * The shape follows Conform's `useForm` (`[form, fields]`, `getInputProps`
 * & co.) so the actions keep Conform's `parseWithZod` and `reply()`.
 */

export type Constraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
};

export type FormConstraint = Record<string, Constraint>;
export type LastResult = SubmissionResult<string[]> | null | undefined;

type Errors = string[] | undefined;

export type FieldMetadata = Constraint & {
  name: string;
  id: string;
  errors: Errors;
  initialValue: unknown;
  /** The form's first field with a message from the last answer. */
  autoFocus: boolean;
};

export type FormMetadata = {
  id: string;
  errorId: string;
  errors: Errors;
  initialValue: Record<string, unknown> | undefined;
  onInput: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** Every field name of a form's values, across the variants of a union (one per intent). */
type FieldName<Values> = Values extends unknown ? keyof Values & string : never;
type Fields<Values> = { [Name in FieldName<Values>]: FieldMetadata };

export function useSchemaForm<Values extends Record<string, unknown>>({
  id,
  lastResult,
  constraint,
}: {
  id?: string;
  lastResult?: LastResult;
  constraint?: FormConstraint;
}): [FormMetadata, Fields<Values>] {
  const fallbackId = useId();
  const formId = id ?? fallbackId;
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const [answered, setAnswered] = useState(lastResult);
  if (answered !== lastResult) {
    setAnswered(lastResult);
    setEdited(new Set());
  }
  const errors = lastResult?.error ?? {};
  const initialValue = lastResult?.initialValue ?? undefined;
  const errorsOf = (name: string): Errors => (edited.has(name) ? undefined : (errors[name] ?? undefined));
  const firstInvalid = Object.keys(errors).find((name) => name !== "" && errors[name]?.length);

  useEffect(() => {
    if (!lastResult?.error) return;
    const form = document.getElementById(formId);
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), select, textarea");
    target?.focus();
  }, [lastResult, formId]);

  const form: FormMetadata = {
    id: formId,
    errorId: `${formId}-form-error`,
    errors: errors[""] ?? undefined,
    initialValue,
    onInput: (event) => {
      const name = (event.target as Partial<HTMLInputElement>).name;
      if (name && errors[name] && !edited.has(name)) setEdited(new Set(edited).add(name));
    },
  };
  const fields = new Proxy({} as Record<string, FieldMetadata>, {
    get: (_, name: string): FieldMetadata => ({
      ...constraint?.[name],
      name,
      id: `${formId}-${name}`,
      errors: errorsOf(name),
      initialValue: initialValue?.[name],
      autoFocus: name === firstInvalid && !edited.has(name),
    }),
  });
  return [form, fields as Fields<Values>];
}

export function getFormProps(form: FormMetadata) {
  return { id: form.id, noValidate: true, onInput: form.onInput };
}

/** The field's own constraints, without the kinds in `drop`; undefined ones are absent, so props written before the spread stay. */
function constraintsOf(field: FieldMetadata, drop: ReadonlyArray<keyof Constraint>): Constraint {
  const kinds: Array<keyof Constraint> = [
    "required",
    "minLength",
    "maxLength",
    "min",
    "max",
    "step",
    "multiple",
    "pattern",
  ];
  return Object.fromEntries(
    kinds.filter((kind) => !drop.includes(kind) && field[kind] !== undefined).map((kind) => [kind, field[kind]]),
  );
}

function controlProps(field: FieldMetadata, drop: ReadonlyArray<keyof Constraint>) {
  const defaultValue = typeof field.initialValue === "string" ? { defaultValue: field.initialValue } : {};
  const autoFocus = field.autoFocus ? { autoFocus: true } : {};
  return { name: field.name, id: field.id, ...defaultValue, ...autoFocus, ...constraintsOf(field, drop) };
}

export function getInputProps(field: FieldMetadata, { type }: { type: React.HTMLInputTypeAttribute }) {
  return { ...controlProps(field, []), type };
}

export function getSelectProps(field: FieldMetadata) {
  return controlProps(field, ["minLength", "maxLength", "pattern", "step", "min", "max"]);
}

export function getTextareaProps(field: FieldMetadata) {
  return controlProps(field, ["min", "max", "pattern", "step", "multiple"]);
}
