import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";

/**
 * The fake model never closes a connection the client keeps for reuse: the
 * client decides. With Node's default keep-alive timeout (5 s) the server
 * timed out a pooled connection just as the client reused it after the event
 * loop had been busy, and a 401 read as "the AI service could not be
 * reached" (pipeline-analysis.test.ts on a busy machine, issue 28).
 */

let server: FakeOpenAiServer;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  server = await startFakeOpenAiServer();
  server.otherwise(() => ({ kind: "status", status: 401, message: "bad key" }));
});
afterAll(async () => {
  agent.destroy();
  await server.close();
});

/** One chat request over the shared keep-alive agent: its status, and whether it went over a reused connection. */
function post(): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.baseURL}/chat/completions`,
      { method: "POST", agent, headers: { "content-type": "application/json" } },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify({ model: "m", messages: [] }));
  });
}

describe("the fake model server", () => {
  it("keeps an idle connection open past Node's default keep-alive timeout", async () => {
    expect(await post()).toEqual({ status: 401, reused: false });
    // Idle longer than Node's default keep-alive timeout (5 s, plus the 1 s buffer of recent Node
    // versions): the condition under test, not a time limit.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await post()).toEqual({ status: 401, reused: true });
  });
});
