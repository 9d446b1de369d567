import { useRef } from "react";
import { Form, href, Link, useFetcher } from "react-router";
import { Button, ErrorList, Field } from "~/components/forms/fields";
import {
  getFormProps,
  getInputProps,
  useSchemaForm,
  type FormConstraint,
  type LastResult,
} from "~/components/forms/use-schema-form";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { CONFIRM_FIELD } from "~/lib/privacy/delete-account-form";

/**
 * Account deletion's confirm step (docs/decisions/0038-privacy-promises.md):
 * without JavaScript the page /profile/delete; with it, the same form in a
 * modal dialog on /profile, posted by a fetcher to that page's action. The
 * member types their e-mail address; the form carries nothing else (the
 * account is the session's).
 */

const DELETE_ACTION = href("/profile/delete");

/** What deletion removes and what it keeps, in the member's words. */
export function DeletionExplained() {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>Deleting your account cannot be undone. It removes, at once:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>your account, your password, your profile and home city, and your roles;</li>
        <li>every session (you are signed out on every device) and any sign-in code we sent you;</li>
        <li>the copies of e-mails we sent you that we keep for technical reasons.</li>
      </ul>
      <p>
        Feedback, city requests and contact messages you sent are kept so that they can still be acted on, but without
        your e-mail address: nobody can tell they were yours. You can{" "}
        <a href={href("/profile/export")} download className="font-semibold text-brand-700 hover:underline">
          download your data
        </a>{" "}
        first.
      </p>
    </div>
  );
}

export function LastAdminNotice({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      {message}
    </p>
  );
}

type FormComponent = typeof Form;

export function DeleteAccountForm({
  email,
  constraint,
  lastResult,
  submitting,
  FormElement = Form,
  cancel,
}: {
  email: string;
  constraint: FormConstraint;
  lastResult: LastResult;
  submitting: boolean;
  FormElement?: FormComponent;
  cancel: React.ReactNode;
}) {
  const [form, fields] = useSchemaForm<{ [CONFIRM_FIELD]: string }>({ id: "delete-account", constraint, lastResult });
  return (
    <FormElement method="post" action={DELETE_ACTION} {...getFormProps(form)} className="space-y-4">
      <Field
        label={
          <>
            To confirm, type your e-mail address <span className="font-mono">{email}</span>
          </>
        }
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        errors={fields[CONFIRM_FIELD].errors}
        {...getInputProps(fields[CONFIRM_FIELD], { type: "email" })}
      />
      <ErrorList id={form.errorId} errors={form.errors} announce />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {cancel}
        <Button className="bg-red-700 hover:bg-red-800" disabled={submitting}>
          {submitting ? "Deleting…" : "Delete my account"}
        </Button>
      </div>
    </FormElement>
  );
}

/**
 * The profile page's Delete account control: a link to /profile/delete, which
 * with JavaScript opens the confirm step in a dialog instead.
 */
export function DeleteAccountDialog({
  email,
  constraint,
  lastAdminMessage,
}: {
  email: string;
  constraint: FormConstraint;
  lastAdminMessage: string | null;
}) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<{ result?: LastResult }>({ key: "delete-account" });
  const close = () => dialogRef.current?.close();
  return (
    <>
      <Link
        to={DELETE_ACTION}
        className="inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          dialogRef.current?.showModal();
        }}
      >
        Delete my account
      </Link>
      {hydrated ? (
        <dialog
          ref={dialogRef}
          id="delete-account-dialog"
          aria-labelledby="delete-account-title"
          className="m-auto w-[min(34rem,calc(100%-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
        >
          <h2 id="delete-account-title" className="text-xl font-semibold">
            Delete your account?
          </h2>
          <div className="mt-3">
            <DeletionExplained />
          </div>
          <div className="mt-5">
            {lastAdminMessage ? (
              <>
                <LastAdminNotice message={lastAdminMessage} />
                <div className="mt-4 flex justify-end">
                  <Button type="button" variant="secondary" onClick={close}>
                    Close
                  </Button>
                </div>
              </>
            ) : (
              <DeleteAccountForm
                email={email}
                constraint={constraint}
                lastResult={fetcher.data?.result}
                submitting={fetcher.state !== "idle"}
                FormElement={fetcher.Form as FormComponent}
                cancel={
                  <Button type="button" variant="ghost" onClick={close}>
                    Cancel
                  </Button>
                }
              />
            )}
          </div>
        </dialog>
      ) : null}
    </>
  );
}
