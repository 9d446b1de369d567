import { useEffect, useRef, useState } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { Button, ErrorList, Field, HoneypotField, SelectField } from "~/components/forms/fields";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useSchemaForm,
  type FormConstraint,
  type LastResult,
} from "~/components/forms/use-schema-form";
import type { CityRequestSchema } from "~/lib/cities/city-request";
import { US_STATES } from "~/lib/us-states";
import { useHydrated } from "~/components/hooks/use-hydrated";

/** The home page's index action (`?index` picks the index route, not the root layout). */
const REQUEST_CITY_ACTION = `${href("/")}?index`;
const STATE_OPTIONS = US_STATES.map(([value, label]) => ({ value, label }));

/**
 * The Request City Coverage form. Without JavaScript it is a `<dialog open>`
 * shown in the page (reached through `/?request-city`); with JavaScript the
 * same element becomes a modal dialog.
 */
export function RequestCityDialog({
  open,
  onClose,
  constraint,
  lastResult,
}: {
  open: boolean;
  onClose: () => void;
  constraint: FormConstraint;
  lastResult: LastResult;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The `open` attribute is only for the first, server-rendered paint; after
  // that the effect below drives the element, so React must not touch it.
  const [initiallyOpen] = useState(open);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formAction?.startsWith(REQUEST_CITY_ACTION) === true;

  const [form, fields] = useSchemaForm<z.input<typeof CityRequestSchema>>({
    id: "request-city",
    constraint,
    lastResult,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [allFilled, setAllFilled] = useState(() =>
    REQUIRED_FIELDS.every((name) => String(lastResult?.initialValue?.[name] ?? "").trim() !== ""),
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      id="request-city-dialog"
      open={initiallyOpen}
      aria-labelledby="request-city-title"
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 open:relative not-[:modal]:my-8"
    >
      <div className="p-6">
        <h2 id="request-city-title" className="text-xl font-semibold">
          Request City Coverage
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Tell us where you live. We add cities where residents ask for them.
        </p>
        <Form
          ref={formRef}
          method="post"
          action={REQUEST_CITY_ACTION}
          {...getFormProps(form)}
          onChange={() => setAllFilled(everyFieldFilled(formRef.current))}
          className="mt-5 space-y-4"
        >
          <HoneypotField />
          <SelectField
            label="State"
            placeholder="Select a state"
            options={STATE_OPTIONS}
            errors={fields.state.errors}
            {...getSelectProps(fields.state)}
          />
          <Field
            label="City Name"
            autoComplete="address-level2"
            errors={fields.cityName.errors}
            {...getInputProps(fields.cityName, { type: "text" })}
          />
          <Field
            label="Email"
            autoComplete="email"
            errors={fields.email.errors}
            {...getInputProps(fields.email, { type: "email" })}
          />
          <ErrorList id={form.errorId} errors={form.errors} announce />
          <div className="flex items-center justify-end gap-3 pt-2">
            <Link
              to={href("/")}
              className="rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                onClose();
              }}
            >
              Cancel
            </Link>
            <Button disabled={hydrated && (!allFilled || submitting)}>
              {submitting ? "Submitting…" : "Submit Request"}
            </Button>
          </div>
        </Form>
      </div>
    </dialog>
  );
}

const REQUIRED_FIELDS = ["state", "cityName", "email"] as const;

function everyFieldFilled(form: HTMLFormElement | null): boolean {
  if (!form) return false;
  const formData = new FormData(form);
  return REQUIRED_FIELDS.every((name) => String(formData.get(name) ?? "").trim() !== "");
}
