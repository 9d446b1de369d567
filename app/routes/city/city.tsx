import { data } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { getCityByKey } from "~/lib/cities/cities.server";
import type { Route } from "./+types/city";

export async function loader({ params }: Route.LoaderArgs) {
  const city = await getCityByKey(params.locationKey);
  if (!city) throw data(null, { status: 404 });
  return { city: { name: city.name, state: city.state, tagLine: city.tagLine } };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.city.name}, ${data.city.state} | Gavel` : "City Not Found | Gavel" },
];

export default function CityRoute({ loaderData }: Route.ComponentProps) {
  const { city } = loaderData;
  return (
    <PageShell>
      <h1 className="text-3xl font-bold">
        {city.name}, {city.state}
      </h1>
      {city.tagLine ? <p className="mt-2 text-slate-600">{city.tagLine}</p> : null}
    </PageShell>
  );
}
