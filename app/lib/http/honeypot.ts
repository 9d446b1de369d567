/** The name of the hidden field that only bots fill in (see HoneypotField). */
export const HONEYPOT_FIELD_NAME = "website_url";

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD_NAME);
  return typeof value === "string" && value.trim() !== "";
}
