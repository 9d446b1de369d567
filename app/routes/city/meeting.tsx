import { MeetingAnalysisPage } from "~/components/meeting/meeting-pages";
import { MeetingError } from "~/components/meeting/meeting-error";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { revalidateUnlessOnlyMomentChanged } from "~/lib/meetings/links";
import { reanalyzeAction } from "~/lib/meetings/actions.server";
import { loadMeetingPage } from "~/lib/meetings/page.server";
import { meetingMeta, notFoundMeta } from "~/lib/meetings/meta";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/meeting";

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  return loadMeetingPage(request, params.videoId, city.id);
}

export async function action({ request, url, params }: Route.ActionArgs) {
  return reanalyzeAction(request, url, params.videoId);
}

export const headers = publicPageHeaders;

export const shouldRevalidate = revalidateUnlessOnlyMomentChanged;

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? meetingMeta(loaderData.meeting, loaderData.canonicalUrl, location.search) : notFoundMeta();

export default function CityMeeting({ loaderData }: Route.ComponentProps) {
  return (
    <MeetingAnalysisPage
      meeting={loaderData.meeting}
      pipeline={loaderData.pipeline}
      isAdmin={loaderData.isAdmin}
      cityInPath
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <MeetingError error={error} />;
}
