/**
 * docs/product.md lists every route of app/routes.ts (docs/developing.md,
 * "How to add a route"): a route added without its line there fails here.
 *
 * A route's path is compared with the paths written in code spans in the
 * document's Routes section, parameters aside: `:meetingId` in the route
 * table matches `{meetingId}` (or `{id}`) in the document, and a query
 * string or `#anchor` after a documented path is ignored. Splat routes
 * (`*`, the not-found pages) are described in words and are not compared.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";

const PRODUCT_PATH = fileURLToPath(new URL("../../docs/product.md", import.meta.url));

/** Every full path of the route tree, with `{}` for each parameter. */
function routePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const joined = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.path === undefined && !entry.index ? [] : [joined === "" ? "/" : joined];
    return [...own, ...routePaths(entry.children ?? [], joined)];
  });
}

function normalize(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "{}" : segment.replace(/\{[^}]*\}/g, "{}")))
    .join("/");
}

/** The paths written in code spans of the document's "## Routes" section. */
function documentedPaths(markdown: string): Set<string> {
  const start = markdown.indexOf("\n## Routes\n");
  const end = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  const paths = new Set<string>();
  for (const match of section.matchAll(/`([^`]+)`/g)) {
    for (const token of (match[1] ?? "").split(/\s+/)) {
      if (token.startsWith("/")) paths.add(normalize(token.replace(/[?#].*$/, "")));
    }
  }
  return paths;
}

describe("docs/product.md", () => {
  const documented = documentedPaths(readFileSync(PRODUCT_PATH, "utf8"));
  const paths = [...new Set(routePaths(routes))].filter((path) => !path.includes("*"));

  it("reads the route tree", () => {
    expect(paths).toContain("/");
    expect(paths).toContain("/city/:locationKey/meeting/:meetingId");
    expect(paths).toContain("/api/v1/openapi.json");
  });

  it("lists every route of app/routes.ts in its Routes section", () => {
    const missing = paths.filter((path) => !documented.has(normalize(path)));
    expect(missing, "routes of app/routes.ts missing from docs/product.md's Routes section").toEqual([]);
  });
});
