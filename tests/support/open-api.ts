import type { OpenApiDocument } from "~/lib/api/openapi";
import { CLIENT_IP_HEADER } from "~/lib/http/client-ip.server";
import { loader as cityLoader } from "~/routes/api/city";
import { loader as citiesLoader } from "~/routes/api/cities";
import { loader as eventLoader } from "~/routes/api/event";
import { loader as eventsLoader } from "~/routes/api/events";
import { loader as issueLoader } from "~/routes/api/issue";
import { loader as issuesLoader } from "~/routes/api/issues";
import { loader as matterLoader } from "~/routes/api/matter";
import { loader as mattersLoader } from "~/routes/api/matters";
import { loader as meetingLoader } from "~/routes/api/meeting";
import { loader as meetingsLoader } from "~/routes/api/meetings";
import { loader as notFoundLoader } from "~/routes/api/not-found";
import { loader as openApiLoader } from "~/routes/api/openapi";
import { loader as peopleLoader } from "~/routes/api/people";
import { loader as personLoader } from "~/routes/api/person";
import { loader as personVotesLoader } from "~/routes/api/person-votes";
import { loader as searchLoader } from "~/routes/api/search";
import { callRoute, getRequest, type RouteResult } from "../setup";
import { schemaProblems } from "./json-schema";

/**
 * Calling the open API's routes as the router would, and checking answers
 * against its OpenAPI document (tests/integration/api*.test.ts).
 */

export const API_BASE = "/api/v1";

/** The route module of each documented path, and its parameters from a URL path's parts (decoded, as the router gives them). */
export const API_ROUTES: Record<
  string,
  { loader: (args: never) => unknown; params: (parts: string[]) => Record<string, string> }
> = {
  "/cities": { loader: citiesLoader, params: () => ({}) },
  "/cities/{locationKey}": { loader: cityLoader, params: ([, key]) => ({ locationKey: key! }) },
  "/cities/{locationKey}/people": { loader: peopleLoader, params: ([, key]) => ({ locationKey: key! }) },
  "/cities/{locationKey}/people/{personId}": {
    loader: personLoader,
    params: ([, key, , id]) => ({ locationKey: key!, personId: id! }),
  },
  "/cities/{locationKey}/people/{personId}/votes": {
    loader: personVotesLoader,
    params: ([, key, , id]) => ({ locationKey: key!, personId: id! }),
  },
  "/cities/{locationKey}/matters": { loader: mattersLoader, params: ([, key]) => ({ locationKey: key! }) },
  "/cities/{locationKey}/matters/{file}": {
    loader: matterLoader,
    params: ([, key, , file]) => ({ locationKey: key!, file: file! }),
  },
  "/cities/{locationKey}/events": { loader: eventsLoader, params: ([, key]) => ({ locationKey: key! }) },
  "/cities/{locationKey}/events/{eventId}": {
    loader: eventLoader,
    params: ([, key, , id]) => ({ locationKey: key!, eventId: id! }),
  },
  "/meetings": { loader: meetingsLoader, params: () => ({}) },
  "/meetings/{meetingId}": { loader: meetingLoader, params: ([, id]) => ({ meetingId: id! }) },
  "/search": { loader: searchLoader, params: () => ({}) },
  "/issues": { loader: issuesLoader, params: () => ({}) },
  "/issues/{issueKey}": { loader: issueLoader, params: ([, key]) => ({ issueKey: key! }) },
  "/openapi.json": { loader: openApiLoader, params: () => ({}) },
};

export type ApiResult = RouteResult & { body: unknown };

/** Calls the route for a URL under /api/v1 (path and query) from the address `ip`. */
export async function callApi(path: string, ip: string, headers: Record<string, string> = {}): Promise<ApiResult> {
  const pathname = path.split("?")[0]!;
  const template = Object.keys(API_ROUTES).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{[^}]+\}/g, "[^/]+").replace(".", "\\.")}$`).test(pathname),
  );
  const route = template ? API_ROUTES[template]! : { loader: notFoundLoader, params: () => ({}) };
  const request = getRequest(`${API_BASE}${path}`, { headers: { [CLIENT_IP_HEADER]: ip, ...headers } });
  const parts = pathname
    .split("/")
    .slice(1)
    .map((part) => decodeURIComponent(part));
  const result = await callRoute(route.loader, { request, params: route.params(parts) });
  const text = result.response && result.status !== 304 ? await result.response.clone().text() : "";
  return { ...result, body: text ? JSON.parse(text) : null };
}

/** Reading the document's schemas: what a path's answer must hold, and what is wrong with one. */
export function documentSchemas(document: OpenApiDocument) {
  /** The schema a $ref names, or the schema itself. */
  function resolve(schema: Record<string, unknown>): Record<string, unknown> {
    const ref = schema.$ref;
    if (typeof ref !== "string") return schema;
    let target: unknown = document;
    for (const part of ref.slice(2).split("/")) target = (target as Record<string, unknown>)[part];
    return resolve(target as Record<string, unknown>);
  }

  function documentedKeys(
    path: string,
    status: string,
  ): { type: string; keys: string[]; schema: Record<string, unknown> } {
    const response = resolve(document.paths[path]!.get.responses[status] as Record<string, unknown>);
    const [type, media] = Object.entries(response.content as Record<string, { schema: Record<string, unknown> }>)[0]!;
    const schema = resolve(media.schema);
    return { type, keys: ((schema.required as string[] | undefined) ?? []).slice().sort(), schema };
  }

  /** What is wrong with an answer's body against the document's schema for it ([] when it conforms). */
  function bodyProblems(path: string, status: string, body: unknown): string[] {
    return schemaProblems(document as unknown as Record<string, unknown>, documentedKeys(path, status).schema, body);
  }

  return { resolve, documentedKeys, bodyProblems };
}
