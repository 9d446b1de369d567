/**
 * /admin/city-management's screen (the route, app/routes/admin/city-management.tsx,
 * loads its data): the city picker and create form, then the chosen city's
 * details, URLs, the selected URL's videos and the videos removed by an admin.
 */
import { Link } from "react-router";
import type { CityManagementData } from "~/lib/cities/city-management.server";
import { cityManagementPageHref as pageHref } from "~/lib/cities/city-management-links";
import { CityDetails, CityDetailsForm, CityPicker, CreateCityForm } from "./city-forms";
import { LegislativeSourceCard } from "./legislative-source";
import { LINK } from "./page-fetcher";
import { RemovedVideos } from "./removed-videos";
import { UrlTable } from "./urls";
import { VideoTable } from "./videos";

export function CityManagementScreen({ data }: { data: CityManagementData }) {
  const { cities, city, cityRequested, creating } = data;
  return (
    <>
      <h1 className="text-3xl font-bold">City Management</h1>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <CityPicker cities={cities} selected={city?.id ?? ""} />
        {creating ? null : (
          <Link className={LINK} to={pageHref({ city: city?.id, create: true })}>
            Create New City
          </Link>
        )}
      </div>
      {creating ? <CreateCityForm cancelTo={pageHref({ city: city?.id })} /> : null}
      {city ? (
        <div className="mt-8 space-y-8">
          {data.edit === "city" ? (
            <CityDetailsForm city={city} />
          ) : (
            <CityDetails city={city} deletion={data.deletion} />
          )}
          <UrlTable data={data} />
          {data.selectedUrl ? <VideoTable data={data} /> : null}
          <RemovedVideos cityId={city.id} urlId={data.selectedUrl?.id ?? null} removed={data.removed} />
          <LegislativeSourceCard cityId={city.id} source={data.legislative} />
        </div>
      ) : (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
          {cityRequested
            ? "City not found"
            : "Please select a city to manage its details and URLs, or create a new city"}
        </p>
      )}
    </>
  );
}
