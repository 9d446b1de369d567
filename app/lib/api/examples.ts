/** Example requests built from the OpenAPI document's own examples (the /api page, the tests). */
import type { OpenApiDocument, OpenApiParameter } from "./openapi";

/** The path with its example parameters, e.g. `/meetings?city=alder-creek&limit=2`. */
export function examplePath(
  path: string,
  parameters: OpenApiParameter[],
  overrides: Partial<Record<string, string>> = {},
): string {
  let filled = path;
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    const value = overrides[parameter.name] ?? String(parameter.example);
    if (parameter.in === "path") filled = filled.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (value !== "") query.set(parameter.name, value);
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

/** Every documented GET with its example URL, in the document's order. */
export function exampleRequests(document: OpenApiDocument): { path: string; url: string }[] {
  const base = document.servers[0]!.url;
  return Object.entries(document.paths).map(([path, item]) => ({
    path,
    url: `${base}${examplePath(path, item.get.parameters)}`,
  }));
}
