import { expect, jsIndependent, test } from "./fixtures";

/**
 * The browser never leaves this machine (tests/support/chromium.ts): a
 * request for any other host, named or by address, in any context, fails at
 * once at the closed local proxy, while 127.0.0.1 is reached directly.
 */
test("requests for other hosts fail at once; this machine's are served", jsIndependent, async ({ page, browser }) => {
  for (const url of ["https://www.example.org/", "http://93.184.216.34/", "http://[2606:2800:220:1::]/"]) {
    await expect(page.goto(url), url).rejects.toThrow(/ERR_PROXY_CONNECTION_FAILED|ERR_TUNNEL_CONNECTION_FAILED/);
  }
  const other = await browser.newContext();
  try {
    await expect(other.newPage().then((fresh) => fresh.goto("https://www.example.org/"))).rejects.toThrow(
      /ERR_PROXY_CONNECTION_FAILED|ERR_TUNNEL_CONNECTION_FAILED/,
    );
  } finally {
    await other.close();
  }
  expect((await page.goto("/healthz"))?.status()).toBe(200);
});
