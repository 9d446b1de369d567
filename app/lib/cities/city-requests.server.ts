import { getDb } from "~/lib/db/client.server";
import { cityRequests } from "~/lib/db/schema";

export type CityRequestInput = { state: string; cityName: string; email: string };

export async function createCityRequest(input: CityRequestInput): Promise<void> {
  await getDb().insert(cityRequests).values({
    state: input.state,
    cityName: input.cityName,
    email: input.email.toLowerCase(),
  });
}
