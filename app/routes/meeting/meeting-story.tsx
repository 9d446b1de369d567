import type { CityRouteHandle } from "~/routes/city/city";
import { MeetingStoryPage } from "~/components/meeting/meeting-story-page";
import { MeetingErrorBoundary } from "~/components/meeting/meeting-error";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { storyAction } from "~/lib/meetings/actions.server";
import { notFoundMeta } from "~/lib/meetings/meta";
import { cityIdOfPath, loadStoryPage } from "~/lib/meetings/page.server";
import type { Route } from "./+types/meeting-story";

/**
 * The meeting's news story, at /city/{locationKey}/meeting-story/{meetingId}
 * (under the city layout) and at /meeting-story/{meetingId} (routes.ts
 * registers this module for both).
 */

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadStoryPage(request, params.meetingId, await cityIdOfPath(context, params));
}

export async function action({ request, url, params }: Route.ActionArgs) {
  return storyAction(request, url, params.meetingId);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? notFoundMeta();

export default function MeetingStory({ loaderData, params }: Route.ComponentProps) {
  const { meeting, cityTheme, pipeline, isAdmin, jsonLd } = loaderData;
  return (
    <MeetingStoryPage
      meeting={meeting}
      cityTheme={cityTheme}
      pipeline={pipeline}
      isAdmin={isAdmin}
      jsonLd={jsonLd}
      cityInPath={"locationKey" in params}
    />
  );
}

export function ErrorBoundary() {
  return <MeetingErrorBoundary />;
}
