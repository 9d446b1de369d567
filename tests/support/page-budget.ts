import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * First-load JavaScript budgets (docs/decisions/0073-first-load-budgets.md),
 * computed from the browser build's route manifest
 * (`build/client/assets/manifest-*.js`, what React Router's <Scripts> reads):
 * for a page, every script its HTML references is the entry module and its
 * imports, then for each route of the matched chain (root first) its module,
 * its split client modules and their static imports; each counted at the
 * size the server sends it (server.ts: `compression()` gzips a body of 1 KB
 * or more at zlib's default level and sends a smaller one as it is).
 *
 * KB here is 1,000 bytes: the stricter reading of the "125 KB".
 */

export const KB = 1000;
/** The most first-load JavaScript a page may send (issue 34). */
export const PAGE_BUDGET_BYTES = 125 * KB;
/** What a page should stay under, to leave room for the next features. */
export const PAGE_AIM_BYTES = 118 * KB;
/** compression's default `threshold`: smaller bodies are sent uncompressed. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
};

export type ClientManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute | undefined>;
};

export const CLIENT_BUILD_DIR = path.resolve("build/client");
/** The committed chunk sizes by page that a failure compares with (`npx tsx scripts/page-budget.ts --write-baseline`). */
export const BASELINE_FILE = "tests/support/page-budget-baseline.json";

/** The browser build's route manifest; throws, naming the fix, when there is no build. */
export function readClientManifest(buildDir = CLIENT_BUILD_DIR): ClientManifest {
  const assets = path.join(buildDir, "assets");
  const file = fs.existsSync(assets)
    ? fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))
    : undefined;
  if (!file) throw new Error(`The client build (${buildDir}) has no route manifest: run \`npm run build\`.`);
  return JSON.parse(
    fs
      .readFileSync(path.join(assets, file), "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;\s*$/, ""),
  ) as ClientManifest;
}

/** The routes that render a page (a default export); resource routes send no HTML. */
export function pageRouteIds(manifest: ClientManifest): string[] {
  return Object.values(manifest.routes)
    .filter((route): route is ManifestRoute => route?.hasDefaultExport === true)
    .map((route) => route.id);
}

/** The route and its ancestors, root first: what a request for it matches. */
export function routeChain(manifest: ClientManifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id !== undefined;) {
    const route: ManifestRoute | undefined = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the client manifest.`);
    chain.unshift(route);
    id = route.parentId;
  }
  return chain;
}

/** The route's URL pattern, for messages (`/city/:locationKey/meeting/:meetingId`). */
export function routePattern(manifest: ClientManifest, routeId: string): string {
  const parts = routeChain(manifest, routeId)
    .map((route) => route.path ?? "")
    .filter(Boolean);
  return `/${parts.join("/")}`;
}

/**
 * Every script file (URL path) a page of this route chain references in its
 * HTML: the modulepreload links and the inline module script's imports
 * (react-router's <Scripts>).
 */
export function firstLoadFiles(manifest: ClientManifest, leafRouteId: string): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of routeChain(manifest, leafRouteId)) {
    for (const file of [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      ...(route.imports ?? []),
    ]) {
      if (file) files.add(file);
    }
  }
  return [...files];
}

/** The bytes the server sends for a file's body (gzip at the default level, or as it is when small). */
export function sentSize(body: Buffer): number {
  return body.length < COMPRESSION_THRESHOLD_BYTES ? body.length : zlib.gzipSync(body).length;
}

/** A chunk's name without its content hash (`shell-CSpofE6p.js` → `shell`). */
export function chunkName(file: string): string {
  return path
    .basename(file)
    .replace(/-[\w-]{8}\.js$/, "")
    .replace(/\.js$/, "");
}

export type PageWeight = {
  routeId: string;
  pattern: string;
  total: number;
  /** Largest first. */
  chunks: Array<{ file: string; name: string; bytes: number }>;
};

/** The first-load JavaScript of every page route, heaviest first. `sizeOf` gives a file's sent size. */
export function pageWeights(manifest: ClientManifest, sizeOf: (file: string) => number): PageWeight[] {
  return pageRouteIds(manifest)
    .map((routeId) => {
      const chunks = firstLoadFiles(manifest, routeId)
        .map((file) => ({ file, name: chunkName(file), bytes: sizeOf(file) }))
        .sort((a, b) => b.bytes - a.bytes);
      const total = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
      return { routeId, pattern: routePattern(manifest, routeId), total, chunks };
    })
    .sort((a, b) => b.total - a.total || a.routeId.localeCompare(b.routeId));
}

/** Sent sizes of the build's files, read once each. */
export function buildSizes(buildDir = CLIENT_BUILD_DIR): (file: string) => number {
  const cache = new Map<string, number>();
  return (file) => {
    let size = cache.get(file);
    if (size === undefined) {
      size = sentSize(fs.readFileSync(path.join(buildDir, file)));
      cache.set(file, size);
    }
    return size;
  };
}

/** Chunk sizes by page, as committed in the baseline: page route id → chunk name → bytes. */
export type Baseline = Record<string, Record<string, number>>;

export function baselineOf(weights: PageWeight[]): Baseline {
  return Object.fromEntries(
    [...weights]
      .sort((a, b) => a.routeId.localeCompare(b.routeId))
      .map((weight) => [weight.routeId, chunkBytesByName(weight)]),
  );
}

function chunkBytesByName(weight: PageWeight): Record<string, number> {
  const byName: Record<string, number> = {};
  for (const chunk of [...weight.chunks].sort((a, b) => a.name.localeCompare(b.name)))
    byName[chunk.name] = (byName[chunk.name] ?? 0) + chunk.bytes;
  return byName;
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** What grew (or is new) in a page since the baseline, largest growth first. */
export function growth(weight: PageWeight, baseline: Baseline | undefined): string[] {
  const before = baseline?.[weight.routeId];
  if (!before) return [];
  return Object.entries(chunkBytesByName(weight))
    .map(([name, bytes]) => ({ name, delta: bytes - (before[name] ?? 0), isNew: !(name in before) }))
    .filter((change) => change.delta > 0)
    .sort((a, b) => b.delta - a.delta)
    .map((change) => `${change.name} +${kb(change.delta)}${change.isNew ? " (new)" : ""}`);
}

/**
 * The pages over their limit, each as a sentence naming the page, its total,
 * its largest chunks and what grew since the baseline. `limits` may raise a
 * page's limit (a known overage, its ceiling until it is fixed).
 */
export function overBudget(
  weights: PageWeight[],
  {
    limit = PAGE_BUDGET_BYTES,
    limits = {},
    baseline,
  }: { limit?: number; limits?: Record<string, number>; baseline?: Baseline } = {},
): string[] {
  return weights
    .filter((weight) => weight.total > (limits[weight.routeId] ?? limit))
    .map((weight) => {
      const pageLimit = limits[weight.routeId] ?? limit;
      const largest = weight.chunks
        .slice(0, 5)
        .map((chunk) => `${chunk.name} ${kb(chunk.bytes)}`)
        .join(", ");
      const grew = growth(weight, baseline);
      return (
        `${weight.routeId} (${weight.pattern}): ${kb(weight.total)} of first-load JavaScript, over ${kb(pageLimit)}; ` +
        `largest chunks: ${largest}` +
        (grew.length > 0 ? `; grew since the baseline: ${grew.slice(0, 5).join(", ")}` : "")
      );
    });
}
