/**
 * Where uploaded files live, behind one interface (docs/decisions/0034-business-images.md):
 * a folder under the data directory by default (`local.server.ts`), or any
 * S3-compatible bucket (`s3.server.ts`) so that several app servers share
 * the same files. `STORAGE` and the `S3_*` settings choose.
 *
 * Keys are relative paths of lowercase letters, digits, dots, hyphens and
 * underscores, in folders separated by "/" ("businesses/alder-bakery-1767225600000.png").
 */
import path from "node:path";
import { settings } from "~/lib/env/settings.server";
import { LocalStorage } from "./local.server";
import { S3Storage } from "./s3.server";
import type { FileStorage } from "./keys.server";

export { checkStorageKey, etagOf, InvalidStorageKeyError, type FileStorage, type StoredFile } from "./keys.server";

let cached: { source: string; storage: FileStorage } | undefined;

/** The storage the settings name; the same object until those settings change. */
export function fileStorage(): FileStorage {
  const s = settings();
  const source = JSON.stringify([
    s.STORAGE,
    s.DATA_DIR,
    s.S3_BUCKET,
    s.S3_ENDPOINT,
    s.S3_REGION,
    s.S3_ACCESS_KEY_ID,
    s.S3_SECRET_ACCESS_KEY,
    s.S3_FORCE_PATH_STYLE,
  ]);
  if (cached?.source === source) return cached.storage;
  const storage: FileStorage =
    s.STORAGE === "s3"
      ? new S3Storage({
          bucket: s.S3_BUCKET!,
          endpoint: s.S3_ENDPOINT,
          region: s.S3_REGION,
          accessKeyId: s.S3_ACCESS_KEY_ID,
          secretAccessKey: s.S3_SECRET_ACCESS_KEY,
          forcePathStyle: s.S3_FORCE_PATH_STYLE,
        })
      : new LocalStorage(localStorageDirectory());
  cached = { source, storage };
  return storage;
}

/** The local storage's folder: `uploads` in the data directory. */
export function localStorageDirectory(): string {
  return path.resolve(settings().DATA_DIR, "uploads");
}
