/**
 * Each page's first-load JavaScript from the build (`npm run build` first),
 * as the server sends it (docs/decisions/0073-first-load-budgets.md):
 *
 *   npx tsx scripts/page-budget.ts            every page, heaviest first, with its largest chunks
 *   npx tsx scripts/page-budget.ts --chunks   and every chunk of every page
 *   npx tsx scripts/page-budget.ts --write-baseline
 *                                             rewrites tests/support/page-budget-baseline.json, which the
 *                                             budget test uses to say which chunks grew
 */
import fs from "node:fs";
import {
  BASELINE_FILE,
  PAGE_AIM_BYTES,
  PAGE_BUDGET_BYTES,
  baselineOf,
  buildSizes,
  kb,
  pageWeights,
  readClientManifest,
} from "../tests/support/page-budget";

const weights = pageWeights(readClientManifest(), buildSizes());

if (process.argv.includes("--write-baseline")) {
  fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(baselineOf(weights), null, 2)}\n`);
  console.log(`Wrote ${BASELINE_FILE} (${weights.length} pages).`);
} else {
  console.log(`First-load JavaScript per page (sent size; limit ${kb(PAGE_BUDGET_BYTES)}, aim ${kb(PAGE_AIM_BYTES)}):`);
  for (const weight of weights) {
    const mark = weight.total > PAGE_BUDGET_BYTES ? "OVER" : weight.total > PAGE_AIM_BYTES ? "aim " : "ok  ";
    const largest = weight.chunks
      .slice(0, process.argv.includes("--chunks") ? undefined : 4)
      .map((chunk) => `${chunk.name} ${kb(chunk.bytes)}`)
      .join(", ");
    console.log(`${kb(weight.total).padStart(9)} ${mark} ${weight.routeId.padEnd(44)} ${largest}`);
  }
}
