import { describe, expect, it } from "vitest";
import {
  businessImageFileName,
  businessImageSources,
  formatOfExtension,
  imageFormatOf,
  isImageFileName,
  smallImageName,
  storedImageName,
} from "~/lib/businesses/images";
import { bodyLimitFor, FORM_BODY_LIMIT, IMAGE_BODY_LIMIT } from "~/lib/http/body-limits";
import { checkStorageKey } from "~/lib/storage/keys.server";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === "string" ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );

describe("imageFormatOf", () => {
  it("tells images by their magic bytes", () => {
    expect(imageFormatOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("jpeg");
    expect(imageFormatOf(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(imageFormatOf(bytes("GIF89a", 1, 0))).toBe("gif");
    expect(imageFormatOf(bytes("GIF87a"))).toBe("gif");
    expect(imageFormatOf(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
    expect(imageFormatOf(bytes(0, 0, 0, 0x1c, "ftypavif"))).toBe("avif");
  });

  it("refuses everything else, whatever it is called", () => {
    expect(imageFormatOf(bytes("MZ", 0x90, 0))).toBeNull(); // a Windows executable
    expect(imageFormatOf(bytes(0x7f, "ELF"))).toBeNull();
    expect(imageFormatOf(bytes("<svg xmlns="))).toBeNull();
    expect(imageFormatOf(bytes("RIFF", 0, 0, 0, 0, "WAVE"))).toBeNull();
    expect(imageFormatOf(bytes(0, 0, 0, 0x18, "ftypheic"))).toBeNull();
    expect(imageFormatOf(bytes("II*", 0))).toBeNull(); // TIFF
    expect(imageFormatOf(bytes("%PDF-1.7"))).toBeNull();
    expect(imageFormatOf(new Uint8Array())).toBeNull();
    expect(imageFormatOf(bytes(0xff, 0xd8))).toBeNull();
  });
});

describe("stored image names", () => {
  it("keeps the spec's name when its extension fits the bytes, and corrects it when not", () => {
    expect(storedImageName("alder-bakery-1767225600000.jpeg", "jpeg")).toBe("alder-bakery-1767225600000.jpeg");
    expect(storedImageName("alder-bakery-1767225600000.jpg", "jpeg")).toBe("alder-bakery-1767225600000.jpg");
    expect(storedImageName("alder-bakery-1767225600000.png", "jpeg")).toBe("alder-bakery-1767225600000.jpg");
    expect(storedImageName("alder-bakery-1767225600000", "webp")).toBe("alder-bakery-1767225600000.webp");
    expect(storedImageName("alder-bakery-1767225600000.exe", "png")).toBe("alder-bakery-1767225600000.png");
  });

  it("names the small size and recognizes only the stored pattern", () => {
    expect(smallImageName("alder-bakery-1767225600000.png")).toBe("alder-bakery-1767225600000-480.png");
    expect(isImageFileName("alder-bakery-1767225600000.png")).toBe(true);
    expect(isImageFileName("alder-bakery-1767225600000-480.webp")).toBe(true);
    for (const name of [
      "../alder-1767225600000.png",
      "alder-1767225600000.svg",
      "Alder-1767225600000.png",
      "alder.png",
      "alder-1767225600000.png/x",
      "-1767225600000.png",
    ])
      expect([name, isImageFileName(name)]).toEqual([name, false]);
    expect(formatOfExtension("JPG")).toBe("jpeg");
    expect(formatOfExtension("svg")).toBeNull();
  });

  it("gives the small size as a srcset for our own images only", () => {
    expect(businessImageSources(null)).toBeNull();
    expect(businessImageSources("https://cdn.example/a.png")).toEqual({ src: "https://cdn.example/a.png" });
    expect(businessImageSources("/images/businesses/alder-1767225600000.png")).toEqual({
      src: "/images/businesses/alder-1767225600000.png",
      srcSet: "/images/businesses/alder-1767225600000-480.png 480w, /images/businesses/alder-1767225600000.png 1200w",
    });
    expect(businessImageFileName("/images/businesses/../x.png")).toBeNull();
  });
});

describe("storage keys and the upload's body limit", () => {
  it("accepts plain relative keys only", () => {
    expect(checkStorageKey("businesses/alder-1767225600000.png")).toBe("businesses/alder-1767225600000.png");
    for (const key of ["../x", "a/../b", "/a", "a//b", "a\\b", "A", "", "a/./b"])
      expect(() => checkStorageKey(key)).toThrow();
  });

  it("allows 10 MB and the form around it on the image upload only", () => {
    const id = "5f0c6f5e-8f4b-4d59-9a53-3e8f8f1d2a10";
    expect(IMAGE_BODY_LIMIT).toBe(10 * 1024 * 1024 + 64 * 1024);
    expect(bodyLimitFor(`/admin/business-directory/${id}/image`)).toBe(IMAGE_BODY_LIMIT);
    expect(bodyLimitFor(`/admin/business-directory/${id}/image.data`)).toBe(IMAGE_BODY_LIMIT);
    expect(bodyLimitFor(`/admin/business-directory/${id}`)).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/admin/business-directory")).toBe(FORM_BODY_LIMIT);
  });
});
