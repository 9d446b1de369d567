import { expect, jsIndependent, test } from "./fixtures";
import { mainTestDataDoor } from "./test-data";

/**
 * The test-data door the other specs use (test-data-server.ts) answers only
 * with this run's token, and the app itself has no such routes.
 */

test("the door refuses requests without this run's token", jsIndependent, async ({ request }) => {
  const door = mainTestDataDoor();
  for (const authorization of [undefined, "Bearer wrong", `Bearer ${door.token}x`, door.token]) {
    const response = await request.post(`${door.url}/users`, {
      data: { role: "admin" },
      headers: authorization ? { Authorization: authorization } : {},
    });
    expect(response.status(), String(authorization)).toBe(403);
  }
  const created = await request.post(`${door.url}/users`, {
    data: { role: "member" },
    headers: { Authorization: `Bearer ${door.token}` },
  });
  expect(created.status()).toBe(201);
});

test("the app has no test-data routes", jsIndependent, async ({ request }) => {
  for (const path of ["/users", "/cities", "/meetings"]) {
    const response = await request.post(path, { data: { role: "admin" }, failOnStatusCode: false });
    expect(response.status(), path).not.toBe(201);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("gavel_session");
  }
});
