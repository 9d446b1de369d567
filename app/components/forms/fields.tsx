import { useId } from "react";
import { HONEYPOT_FIELD_NAME } from "~/lib/http/honeypot";

/**
 * The app's one set of form fields. Each takes the plain input props (from
 * Conform's `getInputProps` & co. or written by hand), a label, and the
 * field's errors, and renders them accessibly: the label is tied to the
 * control, errors are announced and linked with aria-describedby.
 */

type Errors = string[] | null | undefined;

/** A field's messages; a form's own messages (`announce`) are an alert, read out as they appear. */
export function ErrorList({ id, errors, announce = false }: { id?: string; errors: Errors; announce?: boolean }) {
  const messages = errors?.filter(Boolean);
  if (!messages?.length) return null;
  return (
    <ul id={id} role={announce ? "alert" : undefined} className="mt-1 space-y-1 text-sm text-red-700">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

function useFieldIds(explicitId: string | undefined) {
  const fallback = useId();
  const id = explicitId ?? fallback;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

const CONTROL =
  "block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 disabled:bg-slate-100 aria-[invalid=true]:border-red-500";

function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: React.ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
      {label}
      {required ? (
        <span aria-hidden className="ml-0.5 text-red-600">
          *
        </span>
      ) : null}
    </label>
  );
}

type FieldProps<P> = {
  label: React.ReactNode;
  errors?: Errors;
  hint?: React.ReactNode;
  className?: string;
} & P;

type ControlA11yProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * The one field wrapper: label, control, hint and errors, with the control's
 * id, aria-invalid and aria-describedby worked out here for every kind.
 */
function FieldFrame({
  id: explicitId,
  label,
  required,
  errors,
  hint,
  className,
  renderControl,
}: {
  id: string | undefined;
  label: React.ReactNode;
  required: boolean | undefined;
  errors: Errors;
  hint: React.ReactNode;
  className: string | undefined;
  renderControl: (a11y: ControlA11yProps) => React.ReactNode;
}) {
  const { id, errorId, hintId } = useFieldIds(explicitId);
  const hasErrors = Boolean(errors?.length);
  const describedBy = [hasErrors ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {renderControl({ id, "aria-invalid": hasErrors || undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function Field({
  label,
  errors,
  hint,
  className,
  ...inputProps
}: FieldProps<React.InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <FieldFrame
      id={inputProps.id}
      label={label}
      required={inputProps.required}
      errors={errors}
      hint={hint}
      className={className}
      renderControl={(a11y) => <input {...inputProps} {...a11y} className={CONTROL} />}
    />
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  className,
  ...textareaProps
}: FieldProps<React.TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FieldFrame
      id={textareaProps.id}
      label={label}
      required={textareaProps.required}
      errors={errors}
      hint={hint}
      className={className}
      renderControl={(a11y) => <textarea {...textareaProps} {...a11y} className={CONTROL} />}
    />
  );
}

export type SelectOption = { value: string; label: string };

export function SelectField({
  label,
  errors,
  hint,
  className,
  options,
  placeholder,
  ...selectProps
}: FieldProps<React.SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  return (
    <FieldFrame
      id={selectProps.id}
      label={label}
      required={selectProps.required}
      errors={errors}
      hint={hint}
      className={className}
      renderControl={(a11y) => (
        <select {...selectProps} {...a11y} className={CONTROL}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * A field people never see and bots fill in. Forms that face the public
 * carry it; `isHoneypotFilled` on the server turns such posts away.
 */
export function HoneypotField() {
  return (
    <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD_NAME} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function Button({
  variant = "primary",
  className = "",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "ghost" | "danger" }) {
  const styles = {
    primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-500",
    danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-500",
    secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-500",
    ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-500",
  }[variant];
  return (
    <button
      type="submit"
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${styles} ${className}`}
    />
  );
}
