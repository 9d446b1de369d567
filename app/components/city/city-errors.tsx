import { href, isRouteErrorResponse, Link } from "react-router";
import { TopBar } from "~/components/layout/top-bar";
import { CITY_NOT_FOUND } from "~/lib/cities/not-found";

function Message({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <TopBar />
      <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <div className="mt-2 text-slate-600">{children}</div>
        <Link
          to={href("/")}
          className="mt-6 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Return to Home
        </Link>
      </main>
    </>
  );
}

/** The city layout's error states: unknown city (404), or the city could not be read. */
export function CityError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Message title={CITY_NOT_FOUND.title}>
        <p>{CITY_NOT_FOUND.description}</p>
      </Message>
    );
  }
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    return (
      <Message title="Access Denied">
        <p>{typeof error.data?.message === "string" ? error.data.message : "You don't have permission to do that."}</p>
      </Message>
    );
  }
  return (
    <Message title="City not found">
      <p>An unexpected error occurred. Please try again in a moment.</p>
    </Message>
  );
}
