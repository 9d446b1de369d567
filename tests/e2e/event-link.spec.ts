import { expect, test } from "./fixtures";

/**
 * An admin corrects a meeting's link to its Legistar event on Content
 * Management (issue 29; docs/decisions/0080), with JavaScript on and off:
 * the link and how it was made, Unlink, then another event of the city
 * linked from the select. Plain form posts either way.
 */

test("an admin unlinks a meeting's Legistar event and links another", async ({ page, open, signedInAs, testData }) => {
  await signedInAs("admin");
  // Its own name: the js and no-js projects share the server's database.
  const city = await testData.createCity({ name: `Maple Falls ${Math.random().toString(36).slice(2, 8)}` });
  const source = await testData.createSource(city, { title: "Council videos", sourceType: "youtube" });
  const meeting = await testData.createMeeting({
    city,
    cityUrlsId: source.id,
    title: "City Council",
    publishedAt: "2026-11-17T18:00:00Z",
  });
  expect(
    await testData.createLegislativeRecord(city, {
      timeZone: "UTC",
      events: [
        { id: 901, body: "Finance Committee", date: "2026-11-10" },
        { id: 902, body: "City Council", date: "2026-11-17" },
      ],
    }),
  ).toEqual({ linked: 1, changed: 1 });

  await open(`/admin/content-management?cityId=${city.id}&sourceUrlId=${source.id}&meetingId=${meeting.meetingId}`);
  const details = page.getByRole("region", { name: "Details", exact: true });
  const link = details.locator("[data-event-link]");
  await expect(link).toContainText(
    "City Council — Tuesday, Nov 17, 2026, 6:30 PM UTC (event 902), matched by body and date",
  );

  await link.getByRole("button", { name: "Unlink" }).click();
  await expect(page.getByText("Unlinked from the Legistar event")).toBeVisible();
  await expect(link).toContainText("Not linked to a Legistar event.");

  await link
    .getByLabel("Link an event")
    .selectOption({ label: "Finance Committee — Tuesday, Nov 10, 2026, 6:30 PM UTC" });
  await link.getByRole("button", { name: "Link" }).click();
  await expect(page.getByText("Linked to the Legistar event", { exact: true })).toBeVisible();
  await expect(link).toContainText(
    "Finance Committee — Tuesday, Nov 10, 2026, 6:30 PM UTC (event 901), linked by an admin",
  );
});
