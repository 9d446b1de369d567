import { expect, jsIndependent, test } from "./fixtures";

/**
 * The people of a city's official record (issue 29, deliverable 5) with
 * JavaScript on and off: from the city page to its people, to one person,
 * their votes filtered with the plain GET form and the agreement with each
 * colleague. The city and its record (the fake Legistar's Maple Falls) are
 * made through the test-data door.
 */

test("open a city's people, a person, and filter their votes", async ({ page, open, testData }) => {
  const city = await testData.createCity({ name: "Maple Falls" });
  await testData.syncLegislativeRecord(city);

  await open(city.path);
  await page.getByRole("link", { name: "People and their votes" }).click();
  await expect(page).toHaveURL(`${city.path}/people`);
  await expect(page.getByRole("heading", { level: 1, name: "People of Maple Falls" })).toBeVisible();
  const current = page.getByTestId("current-members");
  await expect(current.getByRole("heading", { level: 3 })).toHaveText([
    "Daniel Huang",
    "Grace Okafor",
    "Renee Baptiste",
    "Tomas Lindqvist",
  ]);
  await expect(current.getByRole("listitem").filter({ hasText: "Renee Baptiste" })).toContainText(
    "Finance Committee: Chair",
  );

  await current.getByRole("link", { name: "Renee Baptiste" }).click();
  await expect(page).toHaveURL(`${city.path}/people/240`);
  await expect(page.getByRole("heading", { level: 1, name: "Renee Baptiste" })).toBeVisible();
  const votes = page.getByTestId("vote");
  await expect(votes).toHaveCount(3);
  await expect(votes.first()).toContainText("Voted: Yes");
  await expect(page.getByTestId("agreement").getByRole("row", { name: /Daniel Huang/ })).toContainText(
    "1 of 3 items33%",
  );

  await page.getByLabel("Matter type").selectOption("Resolution");
  await page.getByLabel("Result").selectOption("failed");
  await page.getByRole("button", { name: "Filter votes" }).click();
  await expect(page).toHaveURL(`${city.path}/people/240?type=Resolution&result=failed`);
  await expect(votes).toHaveCount(1);
  await expect(votes).toContainText("RES 2026-88");
  await expect(votes).toContainText("Voted: No · Failed 1:2");
  await expect(page.getByTestId("vote-count")).toHaveText("1 vote matching these filters");
  await expect(page.getByLabel("Matter type")).toHaveValue("Resolution");

  // A colleague's page from the agreement table.
  await page.getByTestId("agreement").getByRole("link", { name: "Grace Okafor" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grace Okafor" })).toBeVisible();
  await expect(page.getByLabel("Matter type")).toHaveValue("");
});

test("a person of no city's record is not found", jsIndependent, async ({ request, testData }) => {
  const city = await testData.createCity({ name: "No Record" });
  expect((await request.get(`${city.path}/people`)).status()).toBe(404);
  expect((await request.get(`${city.path}/people/240`)).status()).toBe(404);
});
