/**
 * The screen of /admin/issues (app/routes/admin/issues.tsx): the list, the
 * create or edit form and each issue's Delete button.
 */
import { Form, href, Link, useLocation, useNavigation } from "react-router";
import { Button, ErrorList, Field } from "~/components/forms/fields";
import {
  getFormProps,
  getInputProps,
  useSchemaForm,
  type FormConstraint,
  type LastResult,
} from "~/components/forms/use-schema-form";
import { BODIES, BODY_LABELS } from "~/lib/constants";
import { formatDateTime } from "~/lib/format/date";
import { ISSUE_NOT_FOUND } from "~/lib/issues/messages";

import type { Route } from "../../routes/admin/+types/issues";

type LoaderData = Route.ComponentProps["loaderData"];

export function AdminIssuesScreen({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const location = useLocation();
  const { issues, editing } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">Tracked Issues</h1>
      <p className="mt-2 text-slate-600">
        A tracked issue is a named search over some cities and bodies. Its timeline lists every meeting that discussed
        it, and its summary is rewritten when a new meeting joins.
      </p>
      {loaderData.editNotFound ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {ISSUE_NOT_FOUND}
        </p>
      ) : null}
      <section aria-labelledby="issues-heading" className="mt-8">
        <h2 id="issues-heading" className="text-xl font-semibold">
          Issues ({issues.length})
        </h2>
        {issues.length === 0 ? (
          <p className="mt-3 rounded-lg border border-slate-200 bg-white p-6 text-slate-600">No tracked issues yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {issues.map((issue) => (
              <li
                key={issue.id}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="issue-row"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 className="font-semibold">{issue.title}</h3>
                    <p className="text-sm text-slate-600">
                      <code>{issue.issueKey}</code> · search “{issue.query}” ·{" "}
                      {issue.bodies.length
                        ? issue.bodies.map((body) => BODY_LABELS[body as keyof typeof BODY_LABELS] ?? body).join(", ")
                        : "all bodies"}
                    </p>
                    <p className="text-sm text-slate-600">
                      {issue.cities.map((city, index) => (
                        <span key={city.id}>
                          {index > 0 ? ", " : null}
                          <Link
                            className="text-brand-700 hover:underline"
                            to={href("/city/:locationKey/issues/:issueKey", {
                              locationKey: city.locationKey,
                              issueKey: issue.issueKey,
                            })}
                          >
                            {city.name}
                          </Link>
                        </span>
                      ))}
                    </p>
                    <p className="text-xs text-slate-500">
                      Summary:{" "}
                      {issue.summaryGeneratedAt
                        ? `written ${formatDateTime(issue.summaryGeneratedAt)}`
                        : "not written yet"}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Link
                      to={`${href("/admin/issues")}?edit=${issue.id}`}
                      className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
                      aria-label={`Edit ${issue.title}`}
                    >
                      Edit
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={issue.id} />
                      <Button variant="secondary" aria-label={`Delete ${issue.title}`}>
                        Delete
                      </Button>
                    </Form>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <IssueForm
        // A new key after each save (a new location) gives a fresh form.
        key={`${location.key}-${editing?.id ?? "new"}`}
        constraint={loaderData.constraint}
        cities={loaderData.cities}
        editing={editing}
        lastResult={actionData && "result" in actionData ? (actionData.result as LastResult) : undefined}
      />
    </>
  );
}

function IssueForm({
  constraint,
  cities: cityOptions,
  editing,
  lastResult,
}: {
  constraint: FormConstraint;
  cities: LoaderData["cities"];
  editing: LoaderData["editing"];
  lastResult: LastResult;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useSchemaForm<{
    issueKey: string;
    title: string;
    query: string;
    cityIds: string[];
    bodies: string[];
  }>({ id: "issue", constraint, lastResult });
  const initial = form.initialValue;
  const chosen = (name: "cityIds" | "bodies", fallback: readonly string[]) => {
    const value = initial?.[name];
    if (value === undefined) return fallback;
    return Array.isArray(value) ? (value as string[]) : [String(value)];
  };
  const cityIds = chosen("cityIds", editing?.cityIds ?? []);
  const bodies = chosen("bodies", editing?.bodies ?? []);
  const text = (name: "issueKey" | "title" | "query") =>
    typeof initial?.[name] === "string" ? (initial[name] as string) : (editing?.[name] ?? "");
  return (
    <section aria-labelledby="issue-form-heading" className="mt-10">
      <h2 id="issue-form-heading" className="text-xl font-semibold">
        {editing ? `Edit “${editing.title}”` : "New issue"}
      </h2>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-3 space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <ErrorList id={form.errorId} errors={form.errors} announce />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Title"
            errors={fields.title.errors}
            {...getInputProps(fields.title, { type: "text" })}
            defaultValue={text("title")}
            required
          />
          <Field
            label="Issue key"
            hint="Its address: /city/…/issues/KEY"
            errors={fields.issueKey.errors}
            {...getInputProps(fields.issueKey, { type: "text" })}
            defaultValue={text("issueKey")}
            required
          />
        </div>
        <Field
          label="Search"
          hint='As in the search box: words, "a phrase", or, -word'
          errors={fields.query.errors}
          {...getInputProps(fields.query, { type: "text" })}
          defaultValue={text("query")}
          required
        />
        <fieldset aria-describedby={fields.cityIds.errors ? `${fields.cityIds.id}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">
            Cities{" "}
            <span aria-hidden className="text-red-600">
              *
            </span>
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {cityOptions.map((city) => (
              <label key={city.id} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name="cityIds" value={city.id} defaultChecked={cityIds.includes(city.id)} />
                {city.name}, {city.state}
              </label>
            ))}
          </div>
          <ErrorList id={`${fields.cityIds.id}-error`} errors={fields.cityIds.errors} />
        </fieldset>
        <fieldset aria-describedby={fields.bodies.errors ? `${fields.bodies.id}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">Bodies (none checked: all)</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {BODIES.map((body) => (
              <label key={body} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name="bodies" value={body} defaultChecked={bodies.includes(body)} />
                {BODY_LABELS[body]}
              </label>
            ))}
          </div>
          <ErrorList id={`${fields.bodies.id}-error`} errors={fields.bodies.errors} />
        </fieldset>
        <div className="flex items-center gap-3">
          <Button disabled={submitting}>{editing ? "Save issue" : "Create issue"}</Button>
          {editing ? (
            <Link to={href("/admin/issues")} className="text-sm font-semibold text-brand-700 hover:underline">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
