/**
 * The grid search behind the analyzer's summary defaults (DEFAULT_WEIGHTS and
 * DEFAULT_LENGTH in app/lib/ai/offline/analyzer.server.ts): `npx tsx bench/tune.ts`.
 * 44 rows is a small sample: prefer settings that are good across a region of
 * the grid over a single best point.
 */
import { loadMeetingBank } from "./meetingbank";
import { analyzer, evaluate, printEvaluations } from "./summarizers";

const data = loadMeetingBank();
if ("missing" in data) {
  console.log(`Tuning skipped: ${data.missing}`);
} else {
  console.log("Summary length (word budget = clamp(ratio x transcript words, minWords, 130)):");
  const lengths = [20, 30, 40, 60].flatMap((minWords) =>
    [0.005, 0.01, 0.02].map((ratio) =>
      evaluate(`minWords=${minWords} ratio=${ratio}`, data.rows, analyzer({ length: { minWords, ratio } })),
    ),
  );
  printEvaluations(lengths);

  console.log("\nRule weights:");
  const weights = [0.35, 0.6, 1].flatMap((agendaBonus) =>
    [1.5, 3, 6].flatMap((positionWeight) =>
      [40, 70].map((idealMaxWords) =>
        evaluate(
          `agenda=${agendaBonus} position=${positionWeight} maxWords=${idealMaxWords}`,
          data.rows,
          analyzer({ weights: { agendaBonus, positionWeight, idealMaxWords } }),
        ),
      ),
    ),
  );
  printEvaluations(weights.sort((a, b) => b.scores.rougeL - a.scores.rougeL));
}
