import fs from "node:fs";
import path from "node:path";
import { CLIENT_BUILD_DIR, firstLoadFiles, readClientManifest } from "../support/page-budget";

/** The code of every script a page made of these routes loads on a cold visit (entry, routes, their chunks), by file. */
export function firstLoadScripts(routeIds: string[]): Map<string, string> {
  const manifest = readClientManifest();
  const files = new Set(routeIds.flatMap((id) => firstLoadFiles(manifest, id)));
  return new Map([...files].map((file) => [file, fs.readFileSync(path.join(CLIENT_BUILD_DIR, file), "utf8")]));
}
