import { expect, jsIndependent, test, toast } from "./fixtures";
import { parseIcal } from "../support/ical-parser";

/**
 * Bills and calendars (issue 29, deliverables 6 and 7;
 * docs/decisions/0076-bills-and-calendars.md) with JavaScript on and off:
 * from a person's sponsored matter to the matter's page, "Follow this
 * bill" for a visitor (sent to sign in and back) and for a member, and
 * stopping; a forged follow of another city's matter or an unknown file
 * fails with the not-found page; the city page's "Subscribe to the
 * calendar", read back by a strict iCalendar reader. The record is the fake
 * Legistar's Maple Falls, made through the test-data door.
 */

const LIBRARY_PATH = "matters/ORD%202026-14";

test("follow a bill from its page, signed out and then signed in", async ({ page, open, testData, signedInAs }) => {
  const city = await testData.createCity({ name: "Maple Falls" });
  await testData.syncLegislativeRecord(city);

  await open(`${city.path}/people/240`);
  await page.getByTestId("sponsorships").getByRole("link", { name: "ORD 2026-14" }).click();
  await expect(page).toHaveURL(`${city.path}/${LIBRARY_PATH}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "An ordinance extending the hours of the Maple Falls Public Library" }),
  ).toBeVisible();
  const actions = page.getByTestId("matter-action");
  await expect(actions).toHaveCount(2);
  await expect(actions.first()).toContainText("Finance Committee");
  await expect(actions.last()).toContainText("City Council");
  await expect(actions.last().getByTestId("action-votes")).toContainText("Daniel Huang: No");

  // A visitor is sent to sign in, and back to the bill afterwards.
  await page.getByRole("button", { name: "Follow this bill" }).click();
  await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent(`${city.path}/${LIBRARY_PATH}`)}`);

  await signedInAs("member");
  await open(`${city.path}/${LIBRARY_PATH}`);
  await page.getByRole("button", { name: "Follow this bill" }).click();
  await expect(toast(page, "status", "You follow this bill")).toBeVisible();
  await expect(page.getByTestId("following")).toBeVisible();
  await page.getByRole("button", { name: "Stop following this bill" }).click();
  await expect(toast(page, "status", "You no longer follow this bill")).toBeVisible();
  await expect(page.getByRole("button", { name: "Follow this bill" })).toBeVisible();
});

test(
  "a forged follow of another city's bill or an unknown file fails",
  jsIndependent,
  async ({ page, testData, signedInAs, baseURL }) => {
    const city = await testData.createCity({ name: "Maple Falls" });
    await testData.syncLegislativeRecord(city);
    const other = await testData.createCity({ name: "Cedar Bend" });
    await signedInAs("member");
    for (const path of [`${other.path}/${LIBRARY_PATH}`, `${city.path}/matters/ORD%202026-99`]) {
      const response = await page.request.post(path, {
        form: { intent: "follow" },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain("Matter not found");
    }
  },
);

test("subscribe to a city's calendar from its upcoming meetings", async ({ page, open, testData, request }) => {
  const city = await testData.createCity({ name: "Maple Falls" });
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await testData.createLegislativeRecord(city, {
    events: [{ id: 9201, body: "Budget Committee", date: day, time: "9:00 AM", items: [] }],
  });
  await open(city.path);
  const link = page.getByRole("link", { name: "Subscribe to the calendar" });
  await expect(link).toHaveAttribute("href", `${city.path}/calendar.ics`);
  const response = await request.get(`${city.path}/calendar.ics`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = parseIcal(await response.text());
  expect(calendar.events.map((event) => event.SUMMARY!.value)).toEqual(["Budget Committee"]);
  expect(calendar.events[0]!.URL!.value).toMatch(new RegExp(`${city.path}/events/9201$`));

  // The upcoming meeting's page offers its body's calendar.
  await page.getByRole("link", { name: "Budget Committee", exact: true }).click();
  const bodyLink = page.getByRole("link", { name: "Subscribe to the Budget Committee calendar" });
  const bodyPath = await bodyLink.getAttribute("href");
  const bodyCalendar = parseIcal(await (await request.get(bodyPath!)).text());
  expect(bodyCalendar.events.map((event) => event.UID!.value)).toEqual(calendar.events.map((e) => e.UID!.value));
});
