/** The periods /admin/analytics offers, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** The period asked for (`?days=`), 30 days unless it is one of the choices. */
export function parsePeriod(value: string | null): AnalyticsPeriod {
  const days = Number(value);
  return (ANALYTICS_PERIODS as readonly number[]).includes(days) ? (days as AnalyticsPeriod) : 30;
}
