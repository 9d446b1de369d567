import { afterAll, beforeAll, beforeEach } from "vitest";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { runNextJob, type QueueName } from "~/lib/jobs/index.server";
import { execSql, truncateAllTables } from "../setup";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "./fake-openai-server";

/**
 * The hooks every pipeline test file needs: a fake OpenAI-compatible model
 * on 127.0.0.1 for the whole file, and before each test an empty database,
 * an empty job queue, a model with no scripted answers and no API key (the
 * offline analyzer) until a test sets one. Returns the fake model, usable
 * once the file's tests run.
 */
export function withPipelineServices(): FakeOpenAiServer {
  let server: FakeOpenAiServer | undefined;
  beforeAll(async () => {
    server = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await stopBoss();
    await server?.close();
  });
  beforeEach(async () => {
    await truncateAllTables();
    await (await getBoss()).clearStorage();
    server?.reset();
    delete process.env.OPENAI_API_KEY;
  });
  return new Proxy({} as FakeOpenAiServer, {
    get(_, property) {
      if (!server) throw new Error("The fake model starts in beforeAll: use it inside hooks and tests");
      const value = Reflect.get(server, property);
      return typeof value === "function" ? value.bind(server) : value;
    },
  });
}

/** Runs the queue's jobs as a worker would, retries included (their delay skipped). */
export async function workQueue(queue: QueueName) {
  for (let round = 0; round < 10; round++) {
    await execSql(
      "update pgboss.job set start_after = now() - interval '1 second' where name = $1 and state = 'retry'",
      [queue],
    );
    if (!(await runNextJob(queue))) return;
  }
}
