/**
 * A synthetic council meeting with five votes (fictional city, fictional
 * people), and the decisions it holds, for the decision checks
 * (app/lib/ai/verify-decisions.ts) and the lying model.
 */
import type { Decision } from "~/lib/ai/schemas";

export const DECISIONS_MEETING = `[00:00:05] MAYOR LOPEZ: I call this meeting of the Riverton City Council to order at 6:05 p.m.
[00:01:00] MAYOR LOPEZ: Item one is the letter of agreement with the police federation.
[00:01:40] COUNCILMEMBER REYES: I move to approve the one-year extension of the letter of agreement.
[00:01:48] COUNCILMEMBER PARK: Second.
[00:02:10] MAYOR LOPEZ: All those in favor? Opposed? The motion carries 12-0.
[00:03:00] MAYOR LOPEZ: Item two is the mayor's veto of the budget amendment.
[00:03:30] COUNCILMEMBER PARK: I move to override the mayor's veto of the budget amendment.
[00:03:36] COUNCILMEMBER REYES: Second.
[00:03:50] CLERK: Reyes? Aye. Park? Aye. Chen? No. Diaz? No. Evans? Aye. Fox? No. Gray? Aye. Hill? No. Ito? Aye. Jones? No. Kim? Aye. Lee? No.
[00:04:40] MAYOR LOPEZ: That motion fails and the mayor's veto is sustained.
[00:05:30] MAYOR LOPEZ: Item three is the 4% raise for appointed staff.
[00:06:00] COUNCILMEMBER CHEN: I move to deny the 4% raise for appointed staff.
[00:06:05] COUNCILMEMBER DIAZ: Second.
[00:06:40] MAYOR LOPEZ: All those in favor? Opposed? The motion carries 8-4.
[00:07:30] MAYOR LOPEZ: Item four is the Elm Avenue crosswalk.
[00:07:50] COUNCILMEMBER REYES: I move to approve the Elm Avenue crosswalk.
[00:07:55] COUNCILMEMBER PARK: Second.
[00:08:20] MAYOR LOPEZ: All those in favor? Motion carried 9 05 p.m.
[00:09:00] MAYOR LOPEZ: Item five is the parking ordinance.
[00:09:20] COUNCILMEMBER CHEN: I move to amend the parking ordinance to exempt Sundays.
[00:09:25] COUNCILMEMBER GRAY: Second.
[00:10:30] CLERK: Eleven eyes, zero nays.
[00:10:35] MAYOR LOPEZ: The amendment is adopted. This meeting is adjourned.`;

function decision(overrides: Partial<Decision> & Pick<Decision, "item" | "motion" | "result">): Decision {
  return {
    ayes: null,
    nays: null,
    abstain: null,
    absent: null,
    how: null,
    consent_items: [],
    motion_evidence: { text: "", timestamp: "00:00:00" },
    result_evidence: { text: "", timestamp: "00:00:00" },
    ...overrides,
  };
}

/** The five decisions as a careful reader of the transcript states them. */
export const GENUINE_DECISIONS = {
  federation: decision({
    item: "One-year extension of the letter of agreement with the police federation",
    motion: "approve",
    result: "carried",
    ayes: 12,
    nays: 0,
    how: "voice",
    motion_evidence: {
      text: "I move to approve the one-year extension of the letter of agreement.",
      timestamp: "00:01:40",
    },
    result_evidence: { text: "The motion carries 12-0.", timestamp: "00:02:10" },
  }),
  veto: decision({
    item: "Override of the mayor's veto of the budget amendment",
    motion: "override-veto",
    result: "failed",
    ayes: 6,
    nays: 6,
    how: "roll-call",
    motion_evidence: { text: "I move to override the mayor's veto of the budget amendment.", timestamp: "00:03:30" },
    result_evidence: { text: "That motion fails and the mayor's veto is sustained.", timestamp: "00:04:40" },
  }),
  raise: decision({
    item: "The 4% raise for appointed staff",
    motion: "deny",
    result: "carried",
    ayes: 8,
    nays: 4,
    how: "voice",
    motion_evidence: { text: "I move to deny the 4% raise for appointed staff.", timestamp: "00:06:00" },
    result_evidence: { text: "The motion carries 8-4.", timestamp: "00:06:40" },
  }),
  crosswalk: decision({
    item: "The Elm Avenue crosswalk",
    motion: "approve",
    result: "carried",
    how: "voice",
    motion_evidence: { text: "I move to approve the Elm Avenue crosswalk.", timestamp: "00:07:50" },
    result_evidence: { text: "Motion carried 9 05 p.m.", timestamp: "00:08:20" },
  }),
  parking: decision({
    item: "Amendment exempting Sundays from the parking ordinance",
    motion: "amend",
    result: "carried",
    ayes: 11,
    nays: 0,
    motion_evidence: { text: "I move to amend the parking ordinance to exempt Sundays.", timestamp: "00:09:20" },
    result_evidence: { text: "The amendment is adopted.", timestamp: "00:10:35" },
  }),
} satisfies Record<string, Decision>;

export { decision as decisionClaim };
