/** The storage interface and its key rule, shared by every kind of storage (storage.server.ts). */
import { createHash } from "node:crypto";

export type StoredFile = {
  body: Uint8Array;
  /** The content type given when the file was stored. */
  contentType: string;
  /** A strong validator of the bytes, quoted as HTTP wants it. */
  etag: string;
};

export interface FileStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
}

/** Throws for anything but a plain relative key: no "..", no leading "/", no backslashes. */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..") || key.length > 512) {
    throw new InvalidStorageKeyError(`Not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** The quoted ETag of some bytes (MD5, as S3 gives for a single-part upload). */
export function etagOf(body: Uint8Array): string {
  return `"${createHash("md5").update(body).digest("hex")}"`;
}
