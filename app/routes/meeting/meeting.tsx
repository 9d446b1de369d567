import type { CityRouteHandle } from "~/routes/city/city";
import { MeetingAnalysisPage } from "~/components/meeting/meeting-analysis-page";
import { MeetingErrorBoundary } from "~/components/meeting/meeting-error";
import { publicPageHeaders } from "~/lib/http/cache.server";
import { reanalyzeAction } from "~/lib/meetings/actions.server";
import { revalidateUnlessOnlyMomentChanged } from "~/lib/meetings/video";
import { meetingMeta, notFoundMeta } from "~/lib/meetings/meta";
import { cityIdOfPath, loadMeetingPage } from "~/lib/meetings/page.server";
import type { Route } from "./+types/meeting";

/**
 * The meeting analysis page, at /city/{locationKey}/meeting/{meetingId}
 * (under the city layout) and at /meeting/{meetingId} (routes.ts registers
 * this module for both).
 */

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadMeetingPage(request, params.meetingId, await cityIdOfPath(context, params));
}

export async function action({ request, url, params }: Route.ActionArgs) {
  return reanalyzeAction(request, url, params.meetingId);
}

export const headers = publicPageHeaders;

export const shouldRevalidate = revalidateUnlessOnlyMomentChanged;

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? meetingMeta(loaderData.metaFacts, location.search) : notFoundMeta();

export default function Meeting({ loaderData, params }: Route.ComponentProps) {
  const { meeting, cityTheme, pipeline, isAdmin, officialAgenda, officialDecisions } = loaderData;
  return (
    <MeetingAnalysisPage
      meeting={meeting}
      cityTheme={cityTheme}
      pipeline={pipeline}
      isAdmin={isAdmin}
      cityInPath={"locationKey" in params}
      officialAgenda={officialAgenda}
      officialDecisions={officialDecisions}
    />
  );
}

export function ErrorBoundary() {
  return <MeetingErrorBoundary />;
}
