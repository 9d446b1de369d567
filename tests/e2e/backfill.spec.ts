import { expect, test, toast } from "./fixtures";

/**
 * Issue 26, item 12: "Analyze every eligible meeting" from the jobs page,
 * for one city, with its progress: the worker of the e2e server analyzes
 * the meeting (offline analyzer) and the run reads Done, by itself with
 * JavaScript, on reloading without.
 */

test("Analyze every eligible meeting of a city: queued, its progress shown until done", async ({
  page,
  open,
  js,
  signedInAs,
  testData,
}) => {
  test.setTimeout(120_000);
  await signedInAs("admin");
  const city = await testData.createCity({ name: `Backfill ${js ? "Falls" : "Flats"} ${Date.now()}` });
  await testData.createMeeting({ city, title: "Waiting for its analysis" });
  await testData.createMeeting({ city, title: "Analyzed before", analysis: true, story: true });

  await open("/admin/jobs");
  const panel = page.getByRole("region", { name: "Analyze every eligible meeting" });
  await panel.getByLabel("City").selectOption(city.locationKey);
  await panel.getByRole("button", { name: "Analyze every eligible meeting" }).click();
  await expect(toast(page, "status", "Analysis queued for 1 meeting")).toBeVisible();
  await expect(toast(page, "status", "Analysis queued for 1 meeting")).toContainText(
    `Of ${city.name}. 1 meeting was already done or waiting.`,
  );

  const run = panel.getByRole("region", { name: "Progress of the latest runs" }).getByRole("row").filter({
    hasText: city.name,
  });
  await expect(run).toHaveCount(1);
  await expect(run.getByRole("cell").nth(2)).toHaveText(/^1/);

  if (js) {
    await expect(run).toContainText("Done", { timeout: 90_000 });
  } else {
    // The hint stands while a run is unfinished (the page without scripts is
    // one drawing, so the row and the hint agree); the offline analyzer may
    // finish before the page is drawn, and then there is nothing to reload for.
    const finishedAlready = ((await run.textContent()) ?? "").includes("Done");
    if (!finishedAlready) await expect(panel).toContainText("Reload the page to see the progress.");
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await run.textContent()) ?? "";
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toContain("Done");
  }
  await expect(run.getByRole("cell").nth(5)).toHaveText("1"); // done
  await expect(run.getByRole("cell").nth(6)).toHaveText("0"); // failed
});
