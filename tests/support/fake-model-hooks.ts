import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "./fake-openai-server";

const AI_ENV = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MAX_RETRIES", "OPENAI_TIMEOUT_MS", "AI_PROVIDER"] as const;

/**
 * Vitest hooks for a file that talks to the fake model: one server for the
 * file, reset before each test, and the AI settings a test set removed after it.
 * Returns a getter, since the server starts in beforeAll.
 */
export function fakeModelPerFile(): () => FakeOpenAiServer {
  let server: FakeOpenAiServer | undefined;
  beforeAll(async () => {
    server = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => server!.reset());
  afterEach(() => {
    for (const name of AI_ENV) delete process.env[name];
  });
  return () => server!;
}
