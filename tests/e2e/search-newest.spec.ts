import { CITY_SEARCH_LIMIT } from "~/lib/constants";
import { NEWEST_FIRST_TEXT } from "~/lib/search/outcome";
import { expect, jsIndependent, test } from "./fixtures";

/**
 * A word said in more meetings than search ranks (FEW_MEETINGS, 100, in
 * app/lib/search/search.server.ts) lists the newest meetings first and the
 * page says so (docs/decisions/0031-search-at-scale.md), with or without
 * JavaScript.
 */

const MEETINGS = 101;
const BATCH = 10;

test(
  "a city search for a common word lists the newest meetings and says so",
  jsIndependent,
  async ({ page, open, testData }) => {
    test.setTimeout(120_000);
    const city = await testData.createCity();
    for (let first = 0; first < MEETINGS; first += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, MEETINGS - first) }, (_, i) => first + i);
      await Promise.all(
        batch.map((index) =>
          testData.createMeeting({
            city,
            title: `Hearing ${index}`,
            publishedAt: new Date(Date.UTC(2025, 0, 1 + index, 18)).toISOString(),
            transcript: `[00:00:05] MAYOR: The quillwort survey, item ${index}.`,
          }),
        ),
      );
    }

    await open(`${city.path}/search?q=quillwort`);
    await expect(page.getByText(NEWEST_FIRST_TEXT)).toBeVisible();
    const results = page.locator("li[data-result-id]");
    await expect(results).toHaveCount(CITY_SEARCH_LIMIT);
    await expect(results.first()).toContainText(`Hearing ${MEETINGS - 1}`);
    await expect(results.first().locator("mark").first()).toHaveText(/quillwort/i);
  },
);
