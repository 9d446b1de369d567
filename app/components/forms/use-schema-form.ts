import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Conform's `useForm` with the schema the action parses: once JavaScript
 * runs, a field is checked when it loses focus, again on every keystroke
 * after that, and the whole form on submit, so a form the schema refuses
 * never reaches the server. The action stays the authority and answers with
 * `submission.reply()` (`lastResult`). Conform renders the form `noValidate`
 * from the start, so without JavaScript the server's messages are the ones
 * people see (decision record 5).
 *
 * `schemaFor` picks another schema for some submissions, e.g. by the
 * submit button's intent; it defaults to `schema`.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  schemaFor,
  lastResult,
}: {
  id?: string;
  schema: Schema;
  schemaFor?: (formData: FormData) => z.ZodType;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // A picked schema describes the same form, so its result stands in for the main one's.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: (schemaFor?.(formData) ?? schema) as Schema }),
  });
}
