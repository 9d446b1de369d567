import { MeetingStoryPage } from "~/components/meeting/meeting-pages";
import { MeetingError } from "~/components/meeting/meeting-error";
import { conditionalGet, publicPageHeaders } from "~/lib/http/cache.server";
import { storyAction } from "~/lib/meetings/actions.server";
import { loadStoryPage } from "~/lib/meetings/page.server";
import { notFoundMeta, storyMeta } from "~/lib/meetings/meta";
import type { Route } from "./+types/meeting-story";

/** /meeting-story/{videoId}: the meeting story page without a city in the path. */

export const middleware: Route.MiddlewareFunction[] = [conditionalGet];

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadStoryPage(request, params.videoId);
}

export async function action({ request, url, params }: Route.ActionArgs) {
  return storyAction(request, url, params.videoId);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? storyMeta(loaderData.meeting, loaderData.canonicalUrl) : notFoundMeta();

export default function MeetingStory({ loaderData }: Route.ComponentProps) {
  const { meeting, pipeline, isAdmin, jsonLd } = loaderData;
  return (
    <MeetingStoryPage meeting={meeting} pipeline={pipeline} isAdmin={isAdmin} jsonLd={jsonLd} cityInPath={false} />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <MeetingError error={error} withTopBar />;
}
