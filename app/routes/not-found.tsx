import { data } from "react-router";
import { TopBar } from "~/components/layout/top-bar";
import { PageNotFound } from "~/components/errors/general-error-boundary";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

// A form posted to an unknown path gets the same page, not a 405.
export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Gavel" }];

export default function NotFoundRoute() {
  return (
    <>
      <TopBar />
      <PageNotFound />
    </>
  );
}
