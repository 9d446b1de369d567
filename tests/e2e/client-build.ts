import fs from "node:fs";
import path from "node:path";

/**
 * The browser build's route manifest (`build/client/assets/manifest-*.js`,
 * which the e2e server serves): what each route loads on a cold visit.
 */
type ClientManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
};

function readClientManifest(): ClientManifest {
  const assets = path.resolve("build/client/assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("The client build has no route manifest: run `npm run build`.");
  return JSON.parse(
    fs
      .readFileSync(path.join(assets, file), "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;\s*$/, ""),
  ) as ClientManifest;
}

/** The code of every script a page made of these routes loads on a cold visit (entry, routes, their chunks), by file. */
export function firstLoadScripts(routeIds: string[]): Map<string, string> {
  const manifest = readClientManifest();
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the client manifest.`);
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return new Map([...files].map((file) => [file, fs.readFileSync(path.join("build/client", file), "utf8")]));
}
