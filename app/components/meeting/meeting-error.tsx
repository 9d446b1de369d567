import { useParams } from "react-router";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { TopBar } from "~/components/layout/top-bar";
import { VIDEO_NOT_FOUND } from "~/lib/meetings/meta";

/** Both meeting pages' error boundary: under the city header, or under the top bar on the city-less routes. */
export function MeetingErrorBoundary() {
  return (
    <>
      {useParams().locationKey ? null : <TopBar />}
      <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorMessage {...VIDEO_NOT_FOUND} /> }} />
    </>
  );
}
