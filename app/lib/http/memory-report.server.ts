/**
 * What the process's memory holds, for `npm run bench -- --only soak`
 * (BENCH_MEMORY_REPORT): on SIGUSR2 the server collects garbage when it can
 * (`node --expose-gc`) and prints one line, `[memory] {…}` in MB: the
 * resident set, V8's heap after the collection, memory outside it, and the
 * embedded database's WebAssembly memory, which grows and never shrinks.
 */
import { getConnection } from "~/lib/db/client.server";

export type MemoryReport = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** PGlite's WebAssembly linear memory; null on PostgreSQL. */
  wasm: number | null;
  collected: boolean;
};

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export function memoryReport(): MemoryReport {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const usage = process.memoryUsage();
  const module = getConnection().pglite?.Module as { HEAPU8?: Uint8Array } | undefined;
  const wasm = module?.HEAPU8?.buffer.byteLength;
  return {
    rss: mb(usage.rss),
    heapUsed: mb(usage.heapUsed),
    heapTotal: mb(usage.heapTotal),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    wasm: wasm === undefined ? null : mb(wasm),
    collected: Boolean(gc),
  };
}

export function reportMemoryOnSignal(): void {
  process.on("SIGUSR2", () => console.log(`[memory] ${JSON.stringify(memoryReport())}`));
}
