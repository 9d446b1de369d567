/**
 * Page weight of a running Gavel: for each page, the gzipped size of its
 * HTML and of the JavaScript and CSS it loads (modulepreload, scripts,
 * stylesheets). Start the built app first (`npm run build && npm start`).
 *
 *   npx tsx bench/page-weight.ts [http://localhost:3000]
 */
import zlib from "node:zlib";

const base = process.argv[2] ?? "http://localhost:3000";
const gzipped = new Map<string, number>();

async function gzippedSize(url: string): Promise<number> {
  if (!gzipped.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipped.set(url, zlib.gzipSync(body).length);
  }
  return gzipped.get(url)!;
}

async function firstMeetingPath(cityPath: string): Promise<string | null> {
  const html = await (await fetch(`${base}${cityPath}`)).text();
  return html.match(/\/city\/[a-z0-9-]+\/meeting\/[0-9a-f-]{36}/)?.[0] ?? null;
}

async function pagesToMeasure(): Promise<string[]> {
  const home = await (await fetch(base)).text();
  const cityKey = home.match(/option value="([a-z0-9-]+)"/)?.[1];
  const cityPath = cityKey ? `/city/${cityKey}` : null;
  const meeting = cityPath ? await firstMeetingPath(cityPath) : null;
  return [
    "/",
    ...(cityPath ? [cityPath] : []),
    ...(meeting ? [meeting, meeting.replace("/meeting/", "/meeting-story/")] : []),
    "/auth?mode=login&method=code",
    "/contact",
    "/search?q=budget",
    "/about",
    "/no-such-page",
  ];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const path of await pagesToMeasure()) {
  const response = await fetch(`${base}${path}`);
  const html = await response.text();
  const assets = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) assets.add(m[1]!);
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const size = await gzippedSize(`${base}${asset}`);
    if (asset.endsWith(".css")) css += size;
    else js += size;
  }
  const htmlSize = zlib.gzipSync(Buffer.from(html)).length;
  console.log(
    `${path.replace(/[0-9a-f-]{36}/, "{id}").padEnd(40)} ${response.status}  html ${kb(htmlSize)}  js ${kb(js)}  css ${kb(css)}`,
  );
}
