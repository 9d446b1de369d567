/**
 * Motions (docs/decisions/0061-offline-decision-extraction.md): where a motion is made or restated,
 * and what kind it is. "I will move this item for approval", "I move to postpone this item to the
 * next cycle", "I'll ask the clerk to receive and file that presentation", "a motion to override the
 * mayor's veto". The kinds are decisionSchema's.
 */
import type { MotionKind } from "../../schemas";
import { MOTION } from "../actions";

// Caption and plain-transcript motion language that MOTION (actions.ts) does not cover.
const MORE_MOTION = new RegExp(
  [
    "\\bi(?:'d| would|'ll| will|'m going to|'m| am)?\\s+(?:like to\\s+|love to\\s+|be\\s+|also be\\s+|then\\s+|go ahead and\\s+|just\\s+)*(?:move|moving|make (?:a|the|that) motion|making (?:a|the) motion|motion to)\\b",
    // The chair naming the mover: "Council Member Ortiz has moved the item."
    "\\b(?:has|have) moved (?:the|this|that|it|approval|adoption|passage)\\b",
    "\\b(?:happy|love|like|want|going) to (?:move|make (?:a|the|that) motion)\\b",
    "\\bi(?:'ll| will) approv\\w*\\b",
    "\\bmake that motion\\b",
    "\\bmov(?:e|ed|ing) (?:approval|adoption|passage|that (?:we|the)|to (?:approve|adopt|deny|postpone|continue|refer|amend|substitute|override|reconsider|suspend|table|receive|place|set|forward))\\b",
    "\\b(?:on|with) (?:the|that|this|my) (?:main |substitute )?motion\\b",
    "\\bmoves? (?:for )?(?:suspension|passage|approval|adoption)\\b",
    "\\bmotion (?:to|that|for|by)\\b",
    "\\bmotion from (?:council ?member|councilor|council(?:man|woman)|commissioner|alder(?:man|woman|person)?|(?:vice )?(?:chair|mayor|president)|member)\\b",
    "\\bso moved\\b",
    // The chair restating the motion: "It's been moved and seconded", "moved by Council Member Ortiz, seconded by …",
    // "Council Member Ortiz moves the report", Boston's "Councilor Ortiz seeks suspension and passage".
    "\\bmoved and (?:duly |properly )?seconded\\b",
    // "I have a motion by Councilwoman Ortiz", "There's a motion from Council Member Lind": the chair names the mover.
    "\\b(?:moved|motion made|(?:i|we) (?:have|got|have got) a motion|there(?:'s| is) a motion) (?:by|from) (?:council ?member|councilor|council(?:man|woman)|commissioner|alder(?:man|woman|person)?|(?:vice )?(?:chair|mayor|president)|member)\\b",
    "\\bmoves (?:the (?:item|report|resolution|ordinance|bill|order|recommendations?|consent (?:agenda|calendar))|that|to)\\b",
    "\\bseeks? (?:suspension (?:of the rules )?and )?(?:passage|adoption)\\b",
    // Long Beach's "There's a motion and a second", Denver's "put Council Bill 1234 on the floor",
    // Seattle's "the committee recommends the bill pass" and "those in favor of adopting the resolution".
    // … also as misheard: "There's the motion and a second", "There's a motion in a second", "I have a motion and a second",
    // "There's been a motion and a second", "There is a motion on a second".
    "\\b(?:there(?:'s| is| has)(?: been)?|i have|we have|we've got|(?:in|on) the) (?:a |the )?motion (?:and|in|an|on) (?:a |the )?second\\b",
    "\\bput (?:council bill|resolution|the bill|the resolution|it|this)\\b.{0,60}\\bon the floor\\b",
    "\\bcommittee recommends (?:that )?(?:the )?(?:bill|resolution|ordinance|appointments?|it)s? (?:be )?(?:pass|passed|adopted|approved|confirmed)\\b",
    "\\bthose in favou?r of (?:adopting|passing|approving|confirming|the motion to)\\b",
  ].join("|"),
  "i",
);

// The chair's directive that disposes of a presentation without a vote.
const RECEIVE_AND_FILE =
  /\b(?:(?:ask|direct|move)(?:s|ing)? (?:the |th |e )?(?:clerks?|clk) to (?:receive|file|place)|i(?:'ll| will) (?:receive and file|file and receive)|(?:receive|file) and (?:file|receive) (?:that|this|the|those|these) (?:\w+ )?(?:report|presentation|update|communication)s?)/i;
const PLACE_ON_FILE = /\b(?:place[ds]?|placing) (?:it |this |that |the \w+ )?on file\b/i;

// Most specific first: "a motion to deny the appeal and uphold the approval" is a denial.
const KINDS: Array<[MotionKind, RegExp]> = [
  ["approve", /\bmain motion\b/i],
  // "I'll move approval of items 2 through 11, including postponing item 11": the listing is approved; a
  // postponement or a report filed with it rides along.
  [
    "approve",
    /(?:^|\b(?:move|moving|i(?:'ll| will)|motion (?:on (?:the )?table )?is)\s+)(?:approval|to approve|approve|approving)\s+(?:on |of )?(?:the )?(?:consent (?:agenda|calendar)|(?:items? )?\d+ (?:through|thru|to) \d+|(?:all )?(?:the )?items? (?:\d|one|two|three|four|five|six|seven|eight|nine|ten)|(?:all |both |these |those |the )?(?:remaining |other |\w+ )?items\b)/i,
  ],
  ["override-veto", /\boverrid\w*\b.{0,40}\bveto\b|\bveto\b.{0,30}\b(?:overrid|sustain)/i],
  ["reconsider", /\breconsider\w*\b/i],
  ["suspend-rules", /\bsuspend(?:ing)? the rules\b/i],
  ["substitute", /\bsubstitut\w*\b/i],
  [
    "other",
    /\bamend(?:ing)? the agenda\b|\b(?:add|adding) (?:this|the|that|a|an) (?:walk-on )?item to (?:the |our )?(?:\w+ )?agenda\b/i,
  ],
  // "I move to approve the ordinance as amended" is the main motion, amended before.
  ["amend", /\b(?<!\bas )amend(?:ment|ing|ed)?\b/i],
  ["receive-and-file", RECEIVE_AND_FILE],
  // "I move to receive and file.", "a motion to accept and file the report": the motion's own verb, not a rider
  // of a consent motion ("I'll move the consent agenda and receive and file item 12" approves the agenda).
  [
    "receive-and-file",
    /\b(?:move|moved|moving|motion|i(?:'ll| will))\s+(?:to\s+|that we\s+)?(?:receive|accept) and file\b/i,
  ],
  ["place-on-file", PLACE_ON_FILE],
  ["deny", /\b(?:deny|denial|denying|reject|rejecting)\b/i],
  ["set-public-hearing", /\bset(?:ting)? (?:a |the )?(?:date for (?:a |the )?)?public hearing\b/i],
  ["refer", /\b(?:refer|referral|referring|send (?:it |this |that )?back to)\b/i],
  [
    "postpone",
    /\b(?:postpone|postponing|delay (?:this|the|it|that|one|another|for)|continue (?:this|the|that|it)(?: item| matter)?(?: to| for| until| till)|lay (?:it |this |that )?over|table (?:this|the|it|that)|layover)\b/i,
  ],
  ["adjourn", /\badjourn\w*\b/i],
  ["other", /\bwithout (?:a )?recommendation\b/i],
  ["adopt", /\badopt\w*\b/i],
];

// "we move to the next topic", "I will move on to item 5", "people moved into housing": not motions.
const NOT_A_MOTION =
  /\b(?:mov(?:e|ed|ing) (?:(?:directly|right|straight|quickly) (?:on |back )?to\b|on\b|into\b|through\b|ahead\b|to (?:item|the next|our next|agenda item|public comment|discussion|new business|the (?:\w+ )?(?:item|agenda|topic|section|presentation|hearing))\b|forward to (?:the|our) next\b)|if (?:i|we|you|someone)\b.{0,20}\bmov|\b(?:think|believe|if|whether|would|should|could|might|support|supporting|oppose|opposing|against|about) (?:the |a |this |that |your |her |his )?motion\b)/i;

/** A sentence that makes or restates a motion ("I move approval", "on the motion to deny"). */
export function isMotion(text: string): boolean {
  if (/\?\s*$/.test(text)) return false;
  if (RECEIVE_AND_FILE.test(text) || PLACE_ON_FILE.test(text)) return true;
  return (MOTION.test(text) || MORE_MOTION.test(text)) && !NOT_A_MOTION.test(text);
}

/** The kind of a motion, from its words; "approve" when it names no other kind. */
export function motionKind(text: string): MotionKind {
  for (const [kind, pattern] of KINDS) if (pattern.test(text)) return kind;
  return "approve";
}

/** The chair's word receives and files a report: motion and result in one sentence. */
export const isReceiveAndFile = (text: string) => RECEIVE_AND_FILE.test(text);

/** The chair's receive-and-file words, or null. */
export const receiveAndFilePhrase = (text: string): string | null => RECEIVE_AND_FILE.exec(text)?.[0] ?? null;

// "I will move approval of items 24 and 25", "items one through four": the items a motion names by number.
const NUMBER = "(?:\\d+[a-z]?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
const ITEM_NUMBERS = new RegExp(
  `\\bitems? (?:number |no\\.? )?${NUMBER}(?:(?:,? (?:and|through|to|thru)|,) (?:items? )?${NUMBER})*\\b`,
  "i",
);

/** The items a motion names by number ("items 24 and 25"), or null. */
export function numberedItems(text: string): string | null {
  const match = ITEM_NUMBERS.exec(text);
  return match ? match[0].replace(/^item/i, "item") : null;
}

// "I move approval of items 2 through 11, including postponing item 11", "the consent agenda and refer item 6 to the
// budget committee", "with item 4 continued to March 3": another decision taken by the same vote, on the items it names.
const RIDER_ITEMS = ITEM_NUMBERS.source.slice(2, -2);
const RIDER_VERB = "postpon\\w*|continu\\w*|lay(?:ing)? over|tabl(?:e|ing)|refer\\w*|receiv\\w* and fil\\w*";
const RIDER_PARTICIPLE = "postponed|continued|laid over|tabled|referred|received and filed";
const RIDER = new RegExp(
  `\\b(?:(${RIDER_VERB})\\s+(?:of\\s+)?(?:the\\s+)?(${RIDER_ITEMS})|(${RIDER_ITEMS}),?\\s+(?:to be\\s+|being\\s+)?(${RIDER_PARTICIPLE}))\\b`,
  "gi",
);

export type Rider = { kind: MotionKind; items: string };

/** The other decisions an approval of several items takes with it ("including postponing item 11"), in order. */
export function riders(text: string): Rider[] {
  if (motionKind(text) !== "approve") return [];
  return [...text.matchAll(RIDER)].map((match) => {
    const verb = (match[1] ?? match[4]!).toLowerCase();
    const kind: MotionKind = verb.startsWith("refer")
      ? "refer"
      : verb.startsWith("receiv")
        ? "receive-and-file"
        : "postpone";
    return { kind, items: (match[2] ?? match[3]!).replace(/^item/i, "item") };
  });
}

const CONSENT = /\bconsent (?:agenda|calendar|items)\b/i;

/** A motion on the consent agenda or calendar. */
export const isConsentMotion = (text: string) => CONSENT.test(text);
