/**
 * File storage in a local folder (the default): one file per key, written
 * to a temporary name and renamed, so a reader never sees half a file. The
 * content type is kept beside it in `<file>.type`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { checkStorageKey, etagOf, type FileStorage, type StoredFile } from "./keys.server";

const TYPE_SUFFIX = ".type";

export class LocalStorage implements FileStorage {
  constructor(readonly directory: string) {}

  private pathOf(key: string): string {
    return path.join(this.directory, ...checkStorageKey(key).split("/"));
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await fs.writeFile(`${temporary}${TYPE_SUFFIX}`, contentType);
      await fs.rename(`${temporary}${TYPE_SUFFIX}`, `${file}${TYPE_SUFFIX}`);
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      await fs.rm(`${temporary}${TYPE_SUFFIX}`, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    try {
      const body = await fs.readFile(file);
      const contentType = await fs.readFile(`${file}${TYPE_SUFFIX}`, "utf8").catch(() => "application/octet-stream");
      return { body, contentType, etag: etagOf(body) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}${TYPE_SUFFIX}`, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
