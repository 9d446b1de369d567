import { describe, expect, it } from "vitest";
import { parseSettings } from "~/lib/env/settings.server";

/** The storage settings (docs/decisions/0034-business-images.md). */
describe("storage settings", () => {
  it("default to a local folder", () => {
    const settings = parseSettings({});
    expect(settings.STORAGE).toBe("local");
    expect(settings.S3_REGION).toBe("us-east-1");
    expect(settings.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it("take an S3-compatible bucket", () => {
    const settings = parseSettings({
      STORAGE: "S3",
      S3_BUCKET: "gavel-images",
      S3_ENDPOINT: "https://minio.example:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(settings).toMatchObject({ STORAGE: "s3", S3_BUCKET: "gavel-images", S3_FORCE_PATH_STYLE: true });
  });

  it("refuse a missing bucket, half a key pair, a bad endpoint, and never show the secrets", () => {
    expect(() => parseSettings({ STORAGE: "s3" })).toThrow(/S3_BUCKET="?.*must be set when STORAGE is s3/);
    expect(() => parseSettings({ STORAGE: "disk" })).toThrow(/STORAGE="disk": must be local or s3/);
    expect(() => parseSettings({ S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    let message = "";
    try {
      parseSettings({ STORAGE: "s3", S3_BUCKET: "b", S3_SECRET_ACCESS_KEY: "very-secret-value" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(message).not.toContain("very-secret-value");
  });
});
