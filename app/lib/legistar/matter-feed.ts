/**
 * A matter's actions as an Atom feed (docs/decisions/0076-bills-and-calendars.md),
 * newest first, written by the one Atom writer (app/lib/feeds/atom.ts):
 * one entry per action of its history, linked to the meeting's video at
 * the item's moment when there is one, else to the matter's page.
 */
import { atomFeed, type AtomEntry } from "~/lib/feeds/atom";
import { formatDate } from "~/lib/format/date";
import { meetingHref } from "~/lib/meetings/links";
import { outcomeLabel } from "./matters";
import type { MatterAction, MatterView } from "./matters.server";
import { VOTE_LABELS } from "./people";

/** The entry's title: "Nov 17, 2026 · City Council: adopted (Passed 3:1)". */
export function actionTitle(action: MatterAction): string {
  const where = [formatDate(action.date), action.bodyName].filter(Boolean).join(" · ");
  const outcome = [outcomeLabel(action.passed), action.tally].filter(Boolean).join(" ");
  const what = `${action.action ?? "Action"}${outcome ? ` (${outcome})` : ""}`;
  return where ? `${where}: ${what}` : what;
}

/** The entry's text: mover and seconder, then each vote on its line. */
export function actionText(action: MatterAction): string {
  const lines: string[] = [];
  if (action.mover) lines.push(`Moved by ${action.mover}`);
  if (action.seconder) lines.push(`Seconded by ${action.seconder}`);
  for (const vote of action.votes)
    lines.push(`${vote.name}: ${vote.value ? VOTE_LABELS[vote.value] : (vote.valueName ?? "not recorded")}`);
  return lines.join("\n");
}

export function matterFeedXml(
  matter: MatterView,
  {
    cityName,
    cityKey,
    origin,
    pagePath,
    feedPath,
  }: {
    cityName: string;
    cityKey: string;
    origin: string;
    pagePath: string;
    feedPath: string;
  },
): string {
  const pageUrl = `${origin}${pagePath}`;
  const entries: AtomEntry[] = [...matter.actions].reverse().map((action) => ({
    id: `${pageUrl}#action-${action.id}`,
    title: actionTitle(action),
    link: action.meetingId
      ? `${origin}${meetingHref(action.meetingId, { cityKey, seconds: action.seconds })}`
      : pageUrl,
    updated: new Date(action.updatedAt),
    content: actionText(action) || null,
  }));
  return atomFeed({
    id: pageUrl,
    title: `${matter.file}${matter.title ? `: ${matter.title}` : ""} — ${cityName}`,
    subtitle: `Every action on ${matter.file} in ${cityName}'s official record, newest first.`,
    selfUrl: `${origin}${feedPath}`,
    pageUrl,
    author: cityName,
    updated: matter.updatedAt,
    entries,
  });
}
