import { problemResponse } from "~/lib/api/respond.server";
import type { Route } from "./+types/not-found";

/** Any other address under /api/v1/: a JSON problem, not the site's HTML 404 page. */
export function loader({ url }: Route.LoaderArgs) {
  return problemResponse("not-found", `There is no API endpoint at ${url.pathname}; see /api/v1/openapi.json.`);
}
