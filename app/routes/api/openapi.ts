import { openApiDocument } from "~/lib/api/openapi";
import { apiResponse } from "~/lib/api/respond.server";
import { appUrl } from "~/lib/env/env.server";
import type { Route } from "./+types/openapi";

/** GET /api/v1/openapi.json: the OpenAPI 3.1 description of this API. */
export function loader({ request }: Route.LoaderArgs) {
  return apiResponse(request, () => openApiDocument(appUrl()));
}
