import { MeetingAnalysisPage } from "~/components/meeting/meeting-pages";
import { MeetingError } from "~/components/meeting/meeting-error";
import { conditionalGet, publicPageHeaders } from "~/lib/http/cache.server";
import { revalidateUnlessOnlyMomentChanged } from "~/lib/meetings/links";
import { reanalyzeAction } from "~/lib/meetings/actions.server";
import { loadMeetingPage } from "~/lib/meetings/page.server";
import { meetingMeta, notFoundMeta } from "~/lib/meetings/meta";
import type { Route } from "./+types/meeting";

/** /meeting/{videoId}: the meeting analysis page without a city in the path. */

export const middleware: Route.MiddlewareFunction[] = [conditionalGet];

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadMeetingPage(request, params.videoId);
}

export async function action({ request, url, params }: Route.ActionArgs) {
  return reanalyzeAction(request, url, params.videoId);
}

export const headers = publicPageHeaders;

export const shouldRevalidate = revalidateUnlessOnlyMomentChanged;

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? meetingMeta(loaderData.meeting, loaderData.canonicalUrl, location.search) : notFoundMeta();

export default function Meeting({ loaderData }: Route.ComponentProps) {
  return (
    <MeetingAnalysisPage
      meeting={loaderData.meeting}
      pipeline={loaderData.pipeline}
      isAdmin={loaderData.isAdmin}
      cityInPath={false}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <MeetingError error={error} withTopBar />;
}
