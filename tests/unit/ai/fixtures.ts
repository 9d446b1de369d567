/**
 * Synthetic council meetings written for these tests (fictional city,
 * fictional people). No real transcript text is used here.
 */
import type { Analysis, NewsStory } from "~/lib/ai/schemas";

export const LABELED_MEETING = `[00:00:05] MAYOR LOPEZ: Good evening. I call this meeting of the Riverton City Council to order.
[00:00:12] CLERK: Councilmember Reyes? Here. Councilmember Park? Here. Mayor Lopez? Here.
[00:01:30] MAYOR LOPEZ: Item four is a recommendation to approve a contract with Harbor Paving Company for the Oak Street resurfacing project.
[00:02:10] CITY MANAGER OKAFOR: Thank you, Mayor. The contract is $2.4 million and is funded by the Measure B transportation fund. Staff expects construction to begin in April and finish by September 30, 2025.
[00:04:45] COUNCILMEMBER REYES: Um, I support this, but residents on Elm Avenue have told me the detour plan will, you know, push traffic past Lincoln Elementary School. I want to make sure the Public Works Department talks to the school before work starts.
[00:06:20] COUNCILMEMBER PARK: I share that concern. The last resurfacing project on Main Street ran three months late and cost the city an extra $300,000.
[00:07:02] COUNCILMEMBER REYES: I move that we approve the contract and direct staff to report back on the detour plan by March 15.
[00:07:10] COUNCILMEMBER PARK: Second.
[00:07:15] MAYOR LOPEZ: All those in favor? Any opposed? The motion carries 5-0.
[00:08:00] MAYOR LOPEZ: Item five is the Riverside Park playground renovation.
[00:08:30] DIRECTOR NGUYEN: The Parks and Recreation Department received 340 comments from residents. Most of them asked for shade structures and an accessible swing. The renovation budget is $850,000 from the state grant.
[00:10:05] COUNCILMEMBER PARK: Can staff bring back a revised design with the shade structures at the next meeting?
[00:10:40] DIRECTOR NGUYEN: Yes, we will bring back a revised design on April 2 with two options for the swing.
[00:11:15] MAYOR LOPEZ: Thank you. Our next regular meeting is on April 2 at 6 p.m. This meeting is adjourned.`;

/** The same meeting as ASR text: no timestamps, no speaker labels, one paragraph. */
export const UNLABELLED_MEETING = LABELED_MEETING.split("\n")
  .map((line) => line.replace(/^\[[\d:]+\]\s+[A-Z ]+:\s+/, ""))
  .join(" ");

export const SEGMENT_TIMES = [
  "00:00:05",
  "00:00:12",
  "00:01:30",
  "00:02:10",
  "00:04:45",
  "00:06:20",
  "00:07:02",
  "00:07:10",
  "00:07:15",
  "00:08:00",
  "00:08:30",
  "00:10:05",
  "00:10:40",
  "00:11:15",
];

export function modelAnalysis(overrides: Partial<Analysis> = {}): Analysis {
  return {
    summary:
      "The council approved a $2.4 million contract for the Oak Street resurfacing project 5-0 and asked for a revised Riverside Park playground design.",
    highlights: [
      {
        timestamp: "00:07:02",
        point_of_interest: "The motion that approved the contract.",
        quotes: [
          {
            text: "I move that we approve the contract and direct staff to report back on the detour plan by March 15.",
            speaker: "COUNCILMEMBER REYES",
          },
        ],
      },
    ],
    action_items: [
      { description: "Report back on the detour plan", responsible_party: "City staff", due_date: "March 15" },
    ],
    entities: [{ name: "Harbor Paving Company", type: "organization", context: "Contractor for Oak Street" }],
    decisions: [],
    ...overrides,
  };
}

export function modelStory(overrides: Partial<NewsStory["article"]> = {}): NewsStory {
  return {
    article: {
      headline: "Riverton approves Oak Street resurfacing contract",
      body: "The Riverton City Council voted 5-0 to approve a $2.4 million contract.\n\nCouncilmember Reyes said, \u201cI move that we approve the contract and direct staff to report back on the detour plan by March 15.\u201d",
      word_count: 0,
      primary_focus: "Oak Street resurfacing",
      ...overrides,
    },
    sidebar_elements: {
      quote_block: {
        quote: "I want to make sure the Public Works Department talks to the school before work starts.",
        attribution: "Councilmember Reyes",
        context: "On the detour plan",
      },
      quick_facts: ["Contract: $2.4 million", "Vote: 5-0"],
      background: "The project repaves Oak Street.",
    },
    metadata: {
      follow_up_needed: true,
      next_meeting_date: "April 2",
      sources_used: ["Meeting transcript"],
      uncertainty_notes: [],
    },
    notes: "",
  };
}
