/**
 * The demo's tracked issues (docs/decisions/0041-issue-timelines.md). The
 * query is one that really matches several demo meetings: the housing
 * development at the creek and the mixed-use building on the slope toward
 * it, in Alder Creek and Lake Wendell.
 */
import type { Body } from "~/lib/constants";
import type { BodyKind } from "./sources";

export type SeedIssue = {
  issueKey: string;
  title: string;
  query: string;
  cityKeys: readonly string[];
  bodies: readonly Body[];
};

export const SEED_ISSUES: readonly SeedIssue[] = [
  {
    issueKey: "oakdale-creek-development",
    title: "Oakdale Creek development",
    query: "creek apartments or creek development",
    cityKeys: ["alder-creek", "port-halvern", "lake-wendell"],
    bodies: [],
  },
];

/** The public body (city_urls.body) of each kind of source. */
export const SOURCE_BODY: Record<BodyKind, Body> = {
  council: "city",
  planning: "city",
  school: "school",
  county: "county",
};
