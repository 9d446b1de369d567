import { getDb } from "~/lib/db/client.server";
import { contactSubmissions } from "~/lib/db/schema";

export type ContactInput = { email: string; phone?: string | null; topic: string; message: string };

export async function saveContactSubmission(input: ContactInput): Promise<void> {
  await getDb()
    .insert(contactSubmissions)
    .values({
      email: input.email,
      phone: input.phone?.trim() ? input.phone.trim() : null,
      topic: input.topic,
      message: input.message,
    });
}
