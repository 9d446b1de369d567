/**
 * A city request's coverage (docs/decisions/0053-admin-inbox.md): the city
 * it is for (linked by an admin, or found by its name and state), whether
 * its sender was told once that the city is Live, and the form that links
 * it to another city when the name was spelled differently.
 */
import { Form, Link } from "react-router";
import { Button, SelectField } from "~/components/forms/fields";
import { formatDateTime } from "~/lib/format/date";
import { cityManagementHref, type ActionData } from "./inbox-item";

type CoverageRequest = {
  email: string | null;
  linkedCityId: string | null;
  city: { id: string; name: string; state: string; status: string } | null;
  liveNotifiedAt: string | null;
  liveNoticeQueuedAt: string | null;
};

function noticeText(request: CoverageRequest): string {
  if (request.liveNotifiedAt)
    return `The sender was told by e-mail on ${formatDateTime(request.liveNotifiedAt)} that the city is Live.`;
  if (request.liveNoticeQueuedAt) return "The e-mail telling the sender the city is Live is on its way.";
  if (!request.email) return "The request has no e-mail address: its sender cannot be told when the city is Live.";
  return "The sender is told once, by e-mail, when the city is Live.";
}

export function Coverage({
  request,
  cities,
  actionData,
}: {
  request: CoverageRequest;
  cities: { id: string; name: string; state: string }[];
  actionData: ActionData;
}) {
  const errors = actionData?.intent === "city" ? actionData.result?.error?.cityId : undefined;
  const { city } = request;
  return (
    <section
      aria-labelledby="inbox-coverage"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="inbox-coverage" className="text-lg font-semibold">
        Coverage
      </h2>
      <p className="mt-2 text-slate-800">
        {city ? (
          <>
            For{" "}
            <Link to={cityManagementHref(city.id)} className="font-semibold text-brand-700 hover:underline">
              {city.name}, {city.state}
            </Link>{" "}
            (status {city.status}), {request.linkedCityId ? "linked by an admin" : "found by its name and state"}.
          </>
        ) : (
          "No city of this name and state exists yet. Link the request to a city if it is spelled differently."
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700">{noticeText(request)}</p>
      <Form method="post" aria-label="City of the request" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="city" />
        <SelectField
          label="City"
          name="cityId"
          key={request.linkedCityId ?? ""}
          defaultValue={request.linkedCityId ?? ""}
          placeholder="No link: match by name and state"
          options={cities.map((option) => ({ value: option.id, label: `${option.name}, ${option.state}` }))}
          errors={errors}
        />
        <Button variant="secondary">Save city</Button>
      </Form>
    </section>
  );
}
