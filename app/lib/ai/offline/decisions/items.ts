/**
 * Item boundaries from the chair's announcements ("Our next item is …",
 * "we'll take up item number 4, the letter of agreement …"): a vote decides
 * the item announced before it, never the next one, and once that item is
 * decided a later motion must name what it decides.
 */
import { announcedItem, isProcedureItem } from "../actions";
import { cleanSentence, shorten } from "../rules";

export type CurrentItem = { name: string | null; sentence: number; decided: boolean };

/** The item a sentence announces: its name, null for procedure (public comment, roll call), undefined when none. */
export function announcement(text: string): string | null | undefined {
  const name = announcedItem(text);
  if (!name) return undefined;
  return isProcedureItem(name) ? null : plainItem(name);
}

// Words that say nothing of what was decided: an item is never "approval" or "this item".
const EMPTY_ITEM =
  /^(?:(?:the|this|that|these|those|our|an?)\s+)?(?:approval|adoption|passage|motion|items?|matter|thing|one|report|presentation|it)$/i;

/** An item's name as a reader sees it: tidy, short, never only "approval". */
export function plainItem(name: string): string | null {
  const text = cleanSentence(name)
    .replace(/[.;:,\s]+$/, "")
    .replace(/^(?:is|are|which is)\s+/i, "");
  if (!text || EMPTY_ITEM.test(text)) return null;
  return shorten(text, 18).replace(/…$/, "");
}
