import { href, isRouteErrorResponse, Link } from "react-router";
import { TopBar } from "~/components/layout/top-bar";
import { VideoNotFound } from "./meeting-pages";

/** Error states of the meeting pages (the city-less routes have no city header: `withTopBar`): unknown video (404), no permission, or anything else. */
export function MeetingError({ error, withTopBar = false }: { error: unknown; withTopBar?: boolean }) {
  return (
    <>
      {withTopBar ? <TopBar /> : null}
      <MeetingErrorMessage error={error} />
    </>
  );
}

function MeetingErrorMessage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <VideoNotFound />;
  const denied = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{denied ? "Access Denied" : "An unexpected error occurred"}</h1>
      <p className="mt-2 text-slate-600">
        {denied ? "You don't have permission to do that." : "Please reload the page or try again in a moment."}
      </p>
      <Link to={href("/")} className="mt-6 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Return to Home
      </Link>
    </main>
  );
}
