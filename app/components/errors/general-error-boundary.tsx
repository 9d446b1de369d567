import { type ErrorResponse, href, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Main } from "~/components/layout/main";

/**
 * The one error boundary of every route (docs/product.md#messages-everywhere).
 * A route passes its own texts for a status (its not-found texts, say) and,
 * if it has its own words for it, for the unexpected error; its
 * `ErrorBoundary` export puts the result in the route's frame.
 */

type StatusHandler = (error: ErrorResponse) => React.ReactNode;

export function GeneralErrorBoundary({
  statusHandlers,
  unexpectedErrorHandler = () => <UnexpectedError />,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  unexpectedErrorHandler?: (error: unknown) => React.ReactNode;
}) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    logOnce(error);
    return unexpectedErrorHandler(error);
  }
  const handler = statusHandlers?.[error.status] ?? DEFAULT_STATUS_HANDLERS[error.status];
  return handler ? handler(error) : unexpectedErrorHandler(error);
}

const accessDenied: StatusHandler = (error) => (
  <AccessDenied message={messageOf(error)} signedIn={error.status === 403} />
);

const DEFAULT_STATUS_HANDLERS: Record<number, StatusHandler> = {
  401: accessDenied,
  403: accessDenied,
  404: () => <PageNotFound />,
};

/** A refusal may say why (requireAdmin: the admin panel's message). */
function messageOf(error: ErrorResponse): string | undefined {
  const body: unknown = error.data;
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
  return undefined;
}

const logged = new WeakSet<object>();

/**
 * In the browser only, and once per error: on the server React Router's
 * error handler (loaders, actions) or the render's onError (entry.server.tsx)
 * has logged it already.
 */
function logOnce(error: unknown) {
  if (typeof document === "undefined") return;
  if (error && typeof error === "object") {
    if (logged.has(error)) return;
    logged.add(error);
  }
  console.error(error);
}

/** A centered message with a way home: the shape of every error page. */
export function ErrorMessage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: React.ReactNode;
}) {
  return (
    <Main className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-24 text-center">
      {children}
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{description}</p>
      <HomeLink />
    </Main>
  );
}

function HomeLink() {
  return (
    <Link to={href("/")} className="mt-6 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
      Return to Home
    </Link>
  );
}

export function UnexpectedError() {
  return (
    <ErrorMessage title="An unexpected error occurred" description="Please reload the page or try again in a moment." />
  );
}

/** The unknown page; also the catch-all route's page. */
export function PageNotFound() {
  return (
    <ErrorMessage title="Oops! Page not found" description="The page you asked for is not here. It may have moved.">
      <p className="mb-4 text-6xl font-bold text-brand-600">404</p>
    </ErrorMessage>
  );
}

/** 401/403: a destructive alert with the refusal's reason; a signed-out visitor is offered to sign in. */
function AccessDenied({ message, signedIn }: { message?: string; signedIn: boolean }) {
  return (
    <Main className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Access Denied</h1>
      <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800">
        {message ?? "You don't have permission to do that."}
      </p>
      {signedIn ? (
        <HomeLink />
      ) : (
        <Link to={href("/auth")} className="mt-6 font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      )}
    </Main>
  );
}
