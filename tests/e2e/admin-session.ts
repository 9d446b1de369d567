import path from "node:path";

/** Where admin.setup.ts keeps the signed-in admin's cookies for other specs. */
export function adminStorageState(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return path.join(dir, "admin-storage-state.json");
}
