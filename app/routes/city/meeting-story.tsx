import { MeetingStoryPage } from "~/components/meeting/meeting-pages";
import { MeetingError } from "~/components/meeting/meeting-error";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { storyAction } from "~/lib/meetings/actions.server";
import { loadStoryPage } from "~/lib/meetings/page.server";
import { notFoundMeta, storyMeta } from "~/lib/meetings/meta";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/meeting-story";

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  return loadStoryPage(request, params.videoId, city.id);
}

export async function action({ request, url, params }: Route.ActionArgs) {
  return storyAction(request, url, params.videoId);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? storyMeta(loaderData.meeting, loaderData.canonicalUrl) : notFoundMeta();

export default function CityMeetingStory({ loaderData }: Route.ComponentProps) {
  const { meeting, pipeline, isAdmin, jsonLd } = loaderData;
  return <MeetingStoryPage meeting={meeting} pipeline={pipeline} isAdmin={isAdmin} jsonLd={jsonLd} cityInPath />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <MeetingError error={error} />;
}
