/** The unknown-city state (docs/product.md#messages-city-page), for the loader's 404 and the page. */
export const CITY_NOT_FOUND = {
  title: "City Not Found",
  description: "The city you're looking for doesn't exist or has been removed.",
} as const;
