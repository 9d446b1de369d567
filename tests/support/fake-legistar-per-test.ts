import { afterAll, beforeAll, beforeEach } from "vitest";
import { startFakeLegistarServer, type FakeLegistarServer } from "./fake-legistar-server";
import { mapleFalls } from "./legistar-fixtures";

/**
 * In a Vitest file: a fake Legistar API for the file's tests, with
 * LEGISTAR_BASE_URL pointed at it, Maple Falls served afresh, the requests
 * forgotten and the default timeout back before each test.
 */
export function fakeLegistarPerTest(): FakeLegistarServer {
  let server: FakeLegistarServer | undefined;
  const current = () => {
    if (!server) throw new Error("The fake Legistar starts in beforeAll");
    return server;
  };
  beforeAll(async () => {
    server = await startFakeLegistarServer();
  });
  beforeEach(() => {
    process.env.LEGISTAR_BASE_URL = current().baseUrl;
    delete process.env.LEGISTAR_TIMEOUT_MS;
    current().requests.length = 0;
    current().clients = { maplefalls: mapleFalls() };
  });
  afterAll(async () => {
    delete process.env.LEGISTAR_BASE_URL;
    delete process.env.LEGISTAR_TIMEOUT_MS;
    await server?.close();
  });
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get requests() {
      return current().requests;
    },
    get clients() {
      return current().clients;
    },
    set clients(value) {
      current().clients = value;
    },
    close: () => current().close(),
  };
}
