import { z } from "zod";
import { LOCALES } from "./locales";

/** The footer's language switch (routes/resources/language.ts). */
export const LanguageSchema = z.object({
  lang: z.enum(LOCALES),
  redirectTo: z.string().max(2000).optional(),
});
