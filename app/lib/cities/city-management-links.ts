/**
 * The states of /admin/city-management, all in its query (docs/decisions/0022-city-management.md):
 * `?city=&url=` the selection; `edit=city|url:{id}|video:{id}`, `add=1`,
 * `create=1` the modes; `confirm=delete-city|delete-url:{id}|delete-video:{id}`
 * the confirmation a deletion asks first (a step of its own, so it works
 * without JavaScript).
 */
import { href } from "react-router";

export type CityManagementPage = {
  city?: string | null;
  url?: string | null;
  edit?: string | null;
  add?: boolean;
  create?: boolean;
  confirm?: string | null;
};

/** City Management with the given selection and mode. */
export function cityManagementPageHref({ city, url, edit, add, create, confirm }: CityManagementPage = {}): string {
  const query = new URLSearchParams();
  if (city) query.set("city", city);
  if (city && url) query.set("url", url);
  if (edit) query.set("edit", edit);
  if (add) query.set("add", "1");
  if (create) query.set("create", "1");
  if (confirm) query.set("confirm", confirm);
  const search = query.toString();
  return `${href("/admin/city-management")}${search ? `?${search}` : ""}`;
}

/** What a `confirm` asks about. */
export type Confirming = { kind: "city" } | { kind: "url"; id: string } | { kind: "video"; id: string };

export function parseConfirm(value: string | null): Confirming | null {
  if (value === "delete-city") return { kind: "city" };
  const match = /^delete-(url|video):([0-9a-f-]{36})$/i.exec(value ?? "");
  return match ? { kind: match[1] as "url" | "video", id: match[2]!.toLowerCase() } : null;
}
