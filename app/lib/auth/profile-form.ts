import { z } from "zod";

/** The profile's Change home city form, shared by the action and the page. */
export const HomeCitySchema = z.object({
  homeCity: z.string({ error: "Please choose a city" }).trim().max(100, "Please choose a city from the list"),
});
