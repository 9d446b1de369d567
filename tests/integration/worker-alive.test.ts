import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { dbKind } from "../setup";

/**
 * A worker container's health check (compose.yaml: scripts/worker-alive.ts)
 * says whether the worker of its host beats: not before it starts, yes while
 * it runs, not after it stopped. PostgreSQL only: on PGlite the worker runs
 * inside the web server, whose /healthz says it.
 */

const env = { ...process.env, JOBS_HEARTBEAT_SECONDS: "5", WORKER_STOP_TIMEOUT_MS: "2000" };

async function healthCheck(): Promise<{ code: number; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker-alive.ts"], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number];
  return { code, stderr };
}

describe.runIf(dbKind === "postgres")("a worker container's health check [db: postgres]", () => {
  it("fails without a worker, passes while one runs, fails once it stopped", async () => {
    expect(await healthCheck()).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/No worker on .* has reported alive/),
    });

    const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      let output = "";
      worker.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      while (!output.includes("is processing jobs")) {
        if (worker.exitCode !== null) throw new Error(`The worker exited: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await healthCheck()).toMatchObject({ code: 0 });
    } finally {
      const exited = once(worker, "exit");
      worker.kill("SIGTERM");
      await exited;
    }
    expect((await healthCheck()).code).toBe(1);
  }, 120_000);
});
