import { getDb } from "~/lib/db/client.server";
import { contactSubmissions } from "~/lib/db/schema";
import { queueAdminNotice } from "~/lib/inbox/notices.server";

export type ContactInput = { email: string; phone?: string | null; topic: string; message: string };

/**
 * Stores a contact message for the admin inbox, then queues the admins'
 * notice of it (which never fails the visitor's post: docs/decisions/0053-admin-inbox.md).
 */
export async function saveContactSubmission(input: ContactInput): Promise<void> {
  const [saved] = await getDb()
    .insert(contactSubmissions)
    .values({
      email: input.email,
      phone: input.phone?.trim() ? input.phone.trim() : null,
      topic: input.topic,
      message: input.message,
    })
    .returning({ id: contactSubmissions.id });
  if (saved) await queueAdminNotice("messages", saved.id);
}
