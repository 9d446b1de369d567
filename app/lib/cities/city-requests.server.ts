import { getDb } from "~/lib/db/client.server";
import { cityRequests } from "~/lib/db/schema";
import { notifyIfRequestedCityIsLive, queueAdminNotice } from "~/lib/inbox/notices.server";

export type CityRequestInput = { state: string; cityName: string; email: string };

/**
 * Stores a request for a city's coverage for the admin inbox, then queues
 * the admins' notice of it, and the requester's own when that city is
 * already Live (neither ever fails the visitor's post: docs/decisions/0053-admin-inbox.md).
 */
export async function createCityRequest(input: CityRequestInput): Promise<void> {
  const [saved] = await getDb()
    .insert(cityRequests)
    .values({
      state: input.state,
      cityName: input.cityName,
      email: input.email.toLowerCase(),
    })
    .returning({ id: cityRequests.id });
  if (!saved) return;
  await queueAdminNotice("requests", saved.id);
  await notifyIfRequestedCityIsLive(input);
}
