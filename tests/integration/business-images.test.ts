import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { storeDemoImages } from "#demo/business-images.server";
import { SEED_LISTINGS } from "#demo/businesses";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, smallImageName } from "~/lib/businesses/images";
import { uploadBusinessImage } from "~/lib/businesses/images.server";
import { businessListings, cities } from "~/lib/db/schema";
import { IMAGE_BODY_LIMIT } from "~/lib/http/body-limits";
import { configureHttp, reactRouterHandlers } from "~/lib/http/stack.server";
import { LocalStorage } from "~/lib/storage/local.server";
import { S3Storage } from "~/lib/storage/s3.server";
import { fileStorage, localStorageDirectory, type FileStorage } from "~/lib/storage/storage.server";
import { action, loader as pageLoader } from "~/routes/admin/business-directory/image";
import { loader as imageLoader } from "~/routes/images/businesses";
import { callRoute, dbTag, getTestDb, TEST_ORIGIN } from "../setup";
import { startFakeS3, type FakeS3 } from "../support/fake-s3-server";
import { createSignedInUser } from "../support/factories";
import { RawConnection } from "../support/raw-http";

/**
 * Business images (docs/decisions/0034-business-images.md): the storage
 * interface against a local folder and a fake S3 server, the upload route's
 * checks and outcomes on this file's own database, the image route, and the
 * size limit through the production HTTP stack (`npm run build` first).
 */

const BUILD_FILE = path.resolve(import.meta.dirname, "../../build/server/index.js");

let s3: FakeS3;
let admin: { cookie: string };
let member: { cookie: string };
let cityId: string;
let sequence = 0;

beforeAll(async () => {
  s3 = await startFakeS3();
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
  const [city] = await getTestDb()
    .insert(cities)
    .values({ name: "Riverton", locationKey: "riverton-images", status: "Live" })
    .returning();
  cityId = city!.id;
});

afterAll(async () => {
  await s3?.close();
});

const S3_NAMES = Object.keys({
  STORAGE: 1,
  S3_BUCKET: 1,
  S3_ENDPOINT: 1,
  S3_REGION: 1,
  S3_ACCESS_KEY_ID: 1,
  S3_SECRET_ACCESS_KEY: 1,
  S3_FORCE_PATH_STYLE: 1,
});

function useStorage(kind: "local" | "s3") {
  for (const name of S3_NAMES) delete process.env[name];
  if (kind === "s3") Object.assign(process.env, s3.env);
}

afterEach(() => useStorage("local"));

async function createListing(name = "Alder & Sons Bakery", imageUrl: string | null = null) {
  const [listing] = await getTestDb()
    .insert(businessListings)
    .values({ name, businessKey: `image-test-${++sequence}`, cityId, listingTier: "Tier 1", imageUrl })
    .returning();
  return listing!;
}

async function imageUrlOf(id: string): Promise<string | null> {
  const [row] = await getTestDb()
    .select({ imageUrl: businessListings.imageUrl })
    .from(businessListings)
    .where(eq(businessListings.id, id));
  return row!.imageUrl;
}

const png = (width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
const jpeg = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

function uploadRequest(
  businessId: string,
  file: { name: string; bytes: Uint8Array; type?: string } | null,
  cookie?: string,
) {
  const form = new FormData();
  if (file) form.set("image", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "" }));
  form.set("redirectTo", "/admin/business-directory?page=2");
  return new Request(`${TEST_ORIGIN}/admin/business-directory/${businessId}/image`, {
    method: "POST",
    body: form,
    headers: cookie ? { Cookie: cookie } : {},
  });
}

function upload(
  businessId: string,
  file: { name: string; bytes: Uint8Array; type?: string } | null,
  cookie = admin.cookie,
) {
  return callRoute(action, { request: uploadRequest(businessId, file, cookie), params: { businessId } });
}

function serve(file: string, headers: HeadersInit = {}) {
  return imageLoader({
    request: new Request(`${TEST_ORIGIN}/images/businesses/${file}`, { headers }),
    params: { file },
  } as Parameters<typeof imageLoader>[0]);
}

const fileNameOf = (imageUrl: string | null) => imageUrl!.replace("/images/businesses/", "");

describe.each(["local", "s3"] as const)(`storage: %s ${dbTag}`, (kind) => {
  it("puts, gets, tells whether a file exists and deletes it", async () => {
    useStorage(kind);
    const storage: FileStorage = fileStorage();
    expect(storage).toBeInstanceOf(kind === "s3" ? S3Storage : LocalStorage);
    const bytes = new Uint8Array([1, 2, 3, 4, 250]);
    const key = `tests/${kind}-${Date.now()}.bin`;
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, bytes, "application/x-test");
    expect(await storage.exists(key)).toBe(true);
    const stored = await storage.get(key);
    expect(stored && [...stored.body]).toEqual([...bytes]);
    expect(stored?.contentType).toBe("application/x-test");
    expect(stored?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    await storage.put(key, new Uint8Array([9]), "application/x-test");
    expect([...(await storage.get(key))!.body]).toEqual([9]);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key); // deleting a missing file is fine
    if (kind === "local") expect(fs.existsSync(path.join(localStorageDirectory(), "tests"))).toBe(true);
  });

  it("refuses keys that could leave its folder", async () => {
    useStorage(kind);
    const storage = fileStorage();
    for (const key of ["../secret", "/etc/passwd", "a/../../b", "a\\b", "", "A/Upper", "a//b"]) {
      await expect(storage.put(key, new Uint8Array([1]), "text/plain"), key).rejects.toThrow(/Not a storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Not a storage key/);
    }
  });

  it("stores an uploaded PNG in two widths and serves it with long cache headers", async () => {
    useStorage(kind);
    const listing = await createListing("Alder & Sons Bakery");
    const now = Date.now();
    const result = await upload(listing.id, { name: "Shop Front.PNG", bytes: await png(), type: "image/png" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/business-directory?page=2");
    const imageUrl = await imageUrlOf(listing.id);
    expect(imageUrl).toMatch(/^\/images\/businesses\/alder-sons-bakery-\d{13}\.png$/);
    const name = fileNameOf(imageUrl);
    expect(Number(/-(\d{13})\./.exec(name)![1])).toBeGreaterThanOrEqual(now);

    const main = await serve(name);
    expect(main.status).toBe(200);
    expect(main.headers.get("Content-Type")).toBe("image/png");
    expect(main.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = main.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect((await sharp(Buffer.from(await main.arrayBuffer())).metadata()).width).toBe(1200);
    const small = await serve(smallImageName(name));
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(480);
    const again = await serve(name, { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    if (kind === "s3") expect(s3.objects.has(`businesses/${name}`)).toBe(true);
  });
});

describe(`the upload route ${dbTag}`, () => {
  it("accepts a real JPEG, keeps its extension, and replaces the previous image's files", async () => {
    const listing = await createListing("Élan Café");
    await upload(listing.id, { name: "first.png", bytes: await png() });
    const first = fileNameOf(await imageUrlOf(listing.id));
    const result = await upload(listing.id, { name: "counter.jpeg", bytes: await jpeg(), type: "image/jpeg" });
    expect(result.status).toBe(302);
    const second = fileNameOf(await imageUrlOf(listing.id));
    expect(second).toMatch(/^lan-caf-\d{13}\.jpeg$/);
    const served = await serve(second);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    // Narrower than 1200 px: not enlarged.
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(800);
    const storage = fileStorage();
    expect(await storage.exists(`businesses/${first}`)).toBe(false);
    expect(await storage.exists(`businesses/${smallImageName(first)}`)).toBe(false);
    expect(await storage.exists(`businesses/${second}`)).toBe(true);
  });

  it("names a file by what its bytes are, not by its extension", async () => {
    const listing = await createListing("Namewise");
    await upload(listing.id, { name: "really-a-jpeg.png", bytes: await jpeg() });
    expect(await imageUrlOf(listing.id)).toMatch(/^\/images\/businesses\/namewise-\d{13}\.jpg$/);
  });

  it.each([
    [
      "a renamed text file",
      "notes.png",
      Buffer.from("This is not an image at all, just text.\n".repeat(20)),
      "image/png",
    ],
    [
      "a renamed executable",
      "setup.jpg",
      Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(2048, 7)]),
      "image/jpeg",
    ],
    [
      "an SVG",
      "logo.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "image/svg+xml",
    ],
    ["an empty file", "empty.png", Buffer.alloc(0), "image/png"],
  ])("refuses %s as 'Invalid file type' and keeps the previous image", async (_label, name, bytes, type) => {
    const listing = await createListing("Keepsake Books");
    await upload(listing.id, { name: "before.png", bytes: await png(400, 300) });
    const before = await imageUrlOf(listing.id);
    const result = await upload(listing.id, { name, bytes, type });
    expect(result.status).toBe(422);
    expect(result.data).toMatchObject({
      error: "Please select an image file",
      toast: { type: "error", title: "Invalid file type", description: "Please select an image file" },
    });
    expect(await imageUrlOf(listing.id)).toBe(before);
    expect((await serve(fileNameOf(before))).status).toBe(200);
  });

  it("refuses a post without a file as 'Invalid file type'", async () => {
    const listing = await createListing("No File");
    const result = await upload(listing.id, null);
    expect(result.data).toMatchObject({ toast: { title: "Invalid file type" } });
  });

  it("refuses a truncated image and keeps the previous one", async () => {
    const listing = await createListing("Half Moon Deli");
    await upload(listing.id, { name: "before.png", bytes: await png(400, 300) });
    const before = await imageUrlOf(listing.id);
    for (const whole of [await png(), await jpeg()]) {
      const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
      const result = await upload(listing.id, { name: "cut.png", bytes: truncated });
      expect(result.data).toMatchObject({ toast: { title: "Invalid file type" } });
    }
    expect(await imageUrlOf(listing.id)).toBe(before);
  });

  it("refuses a file of 10 MB + 1 byte as 'File too large'", async () => {
    const listing = await createListing("Big Picture");
    const bytes = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    (await png()).copy(bytes);
    const result = await upload(listing.id, { name: "huge.png", bytes });
    expect(result.status).toBe(413);
    expect(result.data).toMatchObject({
      error: "Please select an image smaller than 10MB",
      toast: { title: "File too large", description: "Please select an image smaller than 10MB" },
    });
    expect(await imageUrlOf(listing.id)).toBeNull();
  });

  it("refuses a member's and a visitor's forged upload and changes nothing", async () => {
    const listing = await createListing("Guarded Goods");
    await upload(listing.id, { name: "before.png", bytes: await png(400, 300) });
    const before = await imageUrlOf(listing.id);
    const files = fs.readdirSync(path.join(localStorageDirectory(), "businesses")).sort();
    const asMember = await upload(listing.id, { name: "forged.png", bytes: await png() }, member.cookie);
    expect(asMember.status).toBe(403);
    const asVisitor = await upload(listing.id, { name: "forged.png", bytes: await png() }, "");
    expect(asVisitor.status).toBe(401);
    expect(await imageUrlOf(listing.id)).toBe(before);
    expect(fs.readdirSync(path.join(localStorageDirectory(), "businesses")).sort()).toEqual(files);
    const page = await callRoute(pageLoader, {
      request: new Request(`${TEST_ORIGIN}/admin/business-directory/${listing.id}/image`, {
        headers: { Cookie: member.cookie },
      }),
      params: { businessId: listing.id },
    });
    expect(page.status).toBe(403);
  });

  it("keeps the previous image when storing the new one fails ('Upload failed')", async () => {
    useStorage("s3");
    const listing = await createListing("Steady Hardware");
    await upload(listing.id, { name: "before.png", bytes: await png(400, 300) });
    const before = await imageUrlOf(listing.id);
    const objects = [...s3.objects.keys()].sort();
    s3.failNext("PUT", 20);
    const errors = console.error;
    console.error = () => undefined;
    const result = await upload(listing.id, { name: "after.png", bytes: await png() }).finally(() => {
      console.error = errors;
    });
    s3.failNext("PUT", 0);
    expect(result.status).toBe(500);
    expect(result.data).toMatchObject({
      error: "Failed to upload image. Please try again.",
      toast: { type: "error", title: "Upload failed", description: "Failed to upload image. Please try again." },
    });
    expect(await imageUrlOf(listing.id)).toBe(before);
    expect([...s3.objects.keys()].sort()).toEqual(objects);
    expect((await serve(fileNameOf(before))).status).toBe(200);
  });

  it("leaves no stray files when two uploads for a listing cross", async () => {
    const listing = await createListing("Crossing Guard Supply");
    const bytes = await png(300, 200);
    await Promise.all([
      uploadBusinessImage(listing.id, { name: "a.png", bytes }, new Date(1_767_225_600_000)),
      uploadBusinessImage(listing.id, { name: "b.png", bytes }, new Date(1_767_225_600_001)),
    ]);
    const kept = fileNameOf(await imageUrlOf(listing.id));
    const files = fs
      .readdirSync(path.join(localStorageDirectory(), "businesses"))
      .filter((file) => file.startsWith("crossing-guard-supply-") && !file.endsWith(".type"));
    expect(files.sort()).toEqual([kept, smallImageName(kept)].sort());
  });

  it("answers 404 for an unknown listing, and its page shows the listing", async () => {
    const missing = await upload("00000000-0000-4000-8000-000000000000", { name: "a.png", bytes: await png(10, 10) });
    expect(missing.status).toBe(404);
    const listing = await createListing("Page Shop");
    const page = await callRoute(pageLoader, {
      request: new Request(`${TEST_ORIGIN}/admin/business-directory/${listing.id}/image`, {
        headers: { Cookie: admin.cookie },
      }),
      params: { businessId: listing.id },
    });
    expect(page.data).toMatchObject({ listing: { id: listing.id, name: "Page Shop", imageUrl: null } });
  });
});

describe(`demo images ${dbTag}`, () => {
  it("draws covers for a few Premium listings, the same files every time, and serves them", async () => {
    const first = await storeDemoImages(SEED_LISTINGS);
    expect(first.size).toBeGreaterThanOrEqual(3);
    const premium = new Set(SEED_LISTINGS.filter((l) => l.listingTier === "Tier 1").map((l) => l.businessKey));
    expect([...first.keys()].every((key) => premium.has(key))).toBe(true);
    const stored = await Promise.all(
      [...first.values()].map((url) => fileStorage().get(`businesses/${fileNameOf(url)}`)),
    );
    const second = await storeDemoImages(SEED_LISTINGS);
    expect([...second.entries()]).toEqual([...first.entries()]);
    for (const [index, url] of [...second.values()].entries()) {
      const response = await serve(fileNameOf(url));
      expect(response.headers.get("Content-Type")).toBe("image/jpeg");
      expect(response.headers.get("ETag")).toBe(stored[index]!.etag);
    }
  });
});

describe(`the image route ${dbTag}`, () => {
  it("answers 404 for a missing file and for any name outside the pattern", async () => {
    for (const name of [
      "missing-1767225600000.png",
      "../../session-secret",
      "..%2F..%2Fsession-secret",
      "business-1767225600000.svg",
      "UPPER-1767225600000.png",
      "a.png",
    ]) {
      const response = await serve(name);
      expect([name, response.status]).toEqual([name, 404]);
    }
  });
});

/** The upload page as the browser gets it for a file over 10 MB: the app's page, the spec's words, the form kept. */
function expectImagePageTooLarge(html: string | undefined, name: string) {
  expect(html).toContain("<!DOCTYPE html>");
  expect(html).toContain(`Image of ${name}`);
  expect(html).toContain("File too large");
  expect(html).toContain("Please select an image smaller than 10MB");
  expect(html).toMatch(/<input[^>]*type="file"[^>]*name="image"/);
  expect(html).toContain("Upload image");
}

describe(`through the HTTP stack ${dbTag}`, () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    if (!fs.existsSync(BUILD_FILE)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
    const build = (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
    const app = express();
    configureHttp(app, { development: false });
    app.use(reactRouterHandlers({ build, mode: "production" }));
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    port = (server.address() as { port: number }).port;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function post(businessId: string, file: { name: string; bytes: Uint8Array }) {
    const request = uploadRequest(businessId, file, admin.cookie);
    return fetch(`http://127.0.0.1:${port}/admin/business-directory/${businessId}/image`, {
      method: "POST",
      headers: request.headers,
      body: await request.arrayBuffer(),
      redirect: "manual",
    });
  }

  it("uploads an image, then serves it", async () => {
    const listing = await createListing("Wire Works");
    const response = await post(listing.id, { name: "wire.png", bytes: await png(600, 400) });
    expect(response.status).toBe(302);
    const imageUrl = await imageUrlOf(listing.id);
    const image = await fetch(`http://127.0.0.1:${port}${imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(image.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
  });

  it("refuses a file of 10 MB + 1 byte with the spec's message", async () => {
    const listing = await createListing("Wide Angle");
    const bytes = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    (await png()).copy(bytes);
    const response = await post(listing.id, { name: "huge.png", bytes });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Please select an image smaller than 10MB");
    expect(await imageUrlOf(listing.id)).toBeNull();
  });

  it("cuts off a larger upload while it streams in, before it is all read", async () => {
    const listing = await createListing("Endless Stream");
    const connection = await RawConnection.open(port);
    await connection.write(
      `POST /admin/business-directory/${listing.id}/image HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${admin.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=gavelimage\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const head = `--gavelimage\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`;
    await connection.write(`${head.length.toString(16)}\r\n${head}\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 1);
    // A body without end: the client stops only when the server answers or
    // hangs up, so an answer at all shows it came before the body was all
    // read (a server that waited for the end would never answer, and the
    // test would time out). No byte count races the server's speed.
    let sent = 0;
    while (!connection.answered && !connection.closed) {
      await connection.write(
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]),
      );
      sent += chunk.length;
    }
    const response = await connection.read();
    connection.close();
    expect([response?.status, response?.headers.connection]).toEqual([413, "close"]);
    expectImagePageTooLarge(response?.body, "Endless Stream");
    // The gate refused only past the limit (the gate's own promptness is http-hardening.test.ts's).
    expect(sent).toBeGreaterThan(IMAGE_BODY_LIMIT);
    expect(await imageUrlOf(listing.id)).toBeNull();
  });

  it("answers a body declared too large with the upload page and the spec's message, without reading it", async () => {
    const listing = await createListing("Declared Giant");
    const connection = await RawConnection.open(port);
    await connection.write(
      `POST /admin/business-directory/${listing.id}/image HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${admin.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=gavelimage\r\nContent-Length: ${IMAGE_BODY_LIMIT + 1}\r\n\r\n` +
        `--gavelimage\r\nContent-Disposition: form-data; name="image"; filename="giant.png"\r\n\r\n`,
    );
    const response = await connection.read();
    connection.close();
    expect([response?.status, response?.headers.connection]).toEqual([413, "close"]);
    expect(response?.headers["content-type"]).toMatch(/^text\/html/);
    expectImagePageTooLarge(response?.body, "Declared Giant");
    expect(await imageUrlOf(listing.id)).toBeNull();
  });

  it("lets a browser that sends its whole too-large upload before reading still read the page", async () => {
    const listing = await createListing("Patient Uploader");
    const connection = await RawConnection.open(port);
    connection.pauseReading();
    const size = IMAGE_BODY_LIMIT + 1024 * 1024;
    await connection.write(
      `POST /admin/business-directory/${listing.id}/image HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${admin.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=gavelimage\r\nContent-Length: ${size}\r\n\r\n`,
    );
    // Answered at once and the socket destroyed, a client still sending gets a
    // reset, which drops the answer waiting unread in its buffer.
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let sent = 0; sent < size; sent += chunk.length) await connection.write(chunk.subarray(0, size - sent));
    connection.resumeReading();
    const response = await connection.read();
    connection.close();
    expect([response?.status, response?.headers.connection]).toEqual([413, "close"]);
    expectImagePageTooLarge(response?.body, "Patient Uploader");
    expect(await imageUrlOf(listing.id)).toBeNull();
  });

  it("refuses a member's too large upload as any of their posts, with nothing stored", async () => {
    const listing = await createListing("Not Yours");
    const connection = await RawConnection.open(port);
    await connection.write(
      `POST /admin/business-directory/${listing.id}/image HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${member.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=gavelimage\r\nContent-Length: ${IMAGE_BODY_LIMIT + 1}\r\n\r\n`,
    );
    const response = await connection.read();
    connection.close();
    expect([response?.status, response?.headers.connection]).toEqual([403, "close"]);
    expect(response?.body).toContain("You don&#x27;t have permission to access the admin panel.");
    expect(response?.body).not.toContain('name="image"');
    expect(await imageUrlOf(listing.id)).toBeNull();
  });
});
