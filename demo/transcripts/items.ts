/** The library of agenda items the meetings are composed from. */
import {
  affordableHousingLoan,
  footbridgeReplacement,
  libraryHours,
  parkRenovation,
  policeBudgetAmendment,
  shortTermRentals,
  waterRatePlan,
} from "./items-housing-infra";
import {
  crossingGuardContract,
  midYearBudget,
  pavementProgram,
  protectedBikeLane,
  setbackVariance,
  varianceAppeal,
  warmingCenter,
  wildfirePreparedness,
} from "./items-streets-safety";
import {
  broadbandPlan,
  dogPark,
  downtownParking,
  foodTruckPermits,
  groceryDesignReview,
  leafBlowerPhaseOut,
  organicsCollection,
  schoolStartTimes,
  seniorCenterHvac,
  stormwaterFee,
  transferStation,
  treeOrdinance,
} from "./items-community";
import type { AgendaItem } from "./types";

export const AGENDA_ITEMS: readonly AgendaItem[] = [
  affordableHousingLoan,
  footbridgeReplacement,
  waterRatePlan,
  policeBudgetAmendment,
  libraryHours,
  parkRenovation,
  shortTermRentals,
  protectedBikeLane,
  setbackVariance,
  varianceAppeal,
  wildfirePreparedness,
  crossingGuardContract,
  midYearBudget,
  pavementProgram,
  warmingCenter,
  organicsCollection,
  leafBlowerPhaseOut,
  downtownParking,
  treeOrdinance,
  dogPark,
  foodTruckPermits,
  broadbandPlan,
  stormwaterFee,
  seniorCenterHvac,
  groceryDesignReview,
  schoolStartTimes,
  transferStation,
];

/** Items whose story has enough substance to lead a news article. */
export const LEAD_STORY_ITEM_IDS: readonly string[] = [
  "affordable-housing-loan",
  "footbridge-replacement",
  "water-rate-plan",
  "police-budget-amendment",
  "library-sunday-hours",
  "park-playground-renovation",
  "short-term-rental-ordinance",
  "protected-bike-lane",
  "wildfire-preparedness",
];

export function agendaItem(id: string): AgendaItem {
  const item = AGENDA_ITEMS.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`Unknown agenda item ${id}`);
  return item;
}
