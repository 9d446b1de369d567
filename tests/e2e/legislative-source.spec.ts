import { expect, test, toast } from "./fixtures";

/**
 * City Management's "Legislative system" card (issue 29) against the fake
 * Legistar the e2e server reads (web-server.ts: client "maplefalls"), with
 * JavaScript on (fetchers) and off (plain posts): each test as a new admin
 * on a city it creates.
 */

test("save a city's Legistar client, test it, sync its record, and see a wrong client's reason", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  await signedInAs("admin");
  const city = await testData.createCity();
  await open(`/admin/city-management?city=${city.id}`);
  const card = page.getByRole("region", { name: "Legislative system" });
  await expect(card).toContainText("The official record (agendas, votes, people and bills)");

  // A client id that is no subdomain is refused under its field, and what was typed stays;
  // a token typed is never sent back in the page.
  await card.getByLabel("Legistar client id").fill("maple falls!");
  await card.getByLabel("Time zone").fill("America/Chicago");
  await card.getByLabel("Token").fill("s3cret-token-typed");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText("Enter the Legistar client id: the name before .legistar.com")).toBeVisible();
  await expect(card.getByLabel("Legistar client id")).toHaveValue("maple falls!");
  await expect(card.getByLabel("Time zone")).toHaveValue("America/Chicago");
  await expect(card.getByLabel("Token")).toHaveValue(js ? "s3cret-token-typed" : "");
  expect(await page.content()).not.toContain("s3cret-token-typed");

  // The site's address is read as its client id.
  await card.getByLabel("Legistar client id").fill("https://maplefalls.legistar.com/Calendar.aspx");
  await card.getByLabel("Token").fill("");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "status", "Legislative system saved")).toBeVisible();
  // The fields show what was saved (the address as its client id), and the refusal's message is gone.
  await expect(card.getByLabel("Legistar client id")).toHaveValue("maplefalls");
  await expect(card.getByText("Enter the Legistar client id: the name before .legistar.com")).toHaveCount(0);
  await expect(card).toContainText("Never");
  await expect(card).toContainText("Not queued");

  await card.getByRole("button", { name: "Test" }).click();
  await expect(toast(page, "status", "Connected to Legistar")).toContainText(
    "2 bodies: City Council, Finance Committee.",
  );

  await card.getByRole("button", { name: "Sync now" }).click();
  await expect(toast(page, "status", "Sync queued")).toBeVisible();
  // The worker of the e2e server reads the record; the card says when.
  await expect(async () => {
    await open(`/admin/city-management?city=${city.id}`);
    await expect(card).toContainText("Began", { timeout: 1_000 });
  }).toPass();
  await expect(card).toContainText("Not queued");

  // A client Legistar does not know: Test says why.
  await card.getByLabel("Legistar client id").fill("nosuchclient");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "status", "Legislative system saved")).toContainText(
    "Another client: the record read from the old one was removed",
  );
  await card.getByRole("button", { name: "Test" }).click();
  await expect(toast(page, "alert", "Legistar test failed")).toBeVisible();
});
