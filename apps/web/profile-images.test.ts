import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadAgencyProfile } from "@agency/domain/agency-profile-files";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  cachedProfileImage,
  processProfileImage,
  profileImageFiles,
  svgSize,
} from "./profile-images.ts";
import { cachedSiteIcons, generateSiteIcons } from "./site-icons.ts";

const SAMPLE_DIR = path.join(import.meta.dirname, "../../agency");
const OTHER_DIR = path.join(import.meta.dirname, "../../test-fixtures/other-agency");
const scratch = mkdtempSync(path.join(tmpdir(), "profile-images-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A photo-like JPEG: `width` × `height` of noise-free gradient. */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#33c"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

const pixelSize = async (bytes: Buffer) => {
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
};

describe("processProfileImage", () => {
  it("makes a team photo square at 320 and 640 px, as AVIF, WebP and a JPEG fallback", async () => {
    const image = await processProfileImage(await jpeg(900, 1200), "ana.jpg", "team");
    expect(image).toMatchObject({ width: 160, height: 160, formats: ["avif", "webp", "jpeg"] });
    const made = await Promise.all(
      image.variants.map(async (v) => ({ ...(await pixelSize(v.bytes)), d: v.descriptor })),
    );
    expect(made).toEqual(
      expect.arrayContaining([
        { width: 320, height: 320, format: "heif", d: "320w" },
        { width: 640, height: 640, format: "heif", d: "640w" },
        { width: 320, height: 320, format: "webp", d: "320w" },
        { width: 640, height: 640, format: "webp", d: "640w" },
        { width: 320, height: 320, format: "jpeg", d: "320w" },
        { width: 640, height: 640, format: "jpeg", d: "640w" },
      ]),
    );
    expect(made).toHaveLength(6);
  });

  it("never enlarges a small photo: one size, as large as the source", async () => {
    const image = await processProfileImage(await jpeg(400, 300), "small.jpg", "team");
    const jpegs = image.variants.filter((v) => v.format === "jpeg");
    expect(jpegs.map((v) => [v.width, v.height, v.descriptor])).toEqual([[300, 300, "300w"]]);
  });

  it("fits a raster carrier logo in a 48 px tall box at 1x and 2x, WebP with a PNG fallback", async () => {
    const png = await sharp({
      create: { width: 600, height: 150, channels: 4, background: "#0a6a8a" },
    })
      .png()
      .toBuffer();
    const image = await processProfileImage(png, "wide.png", "carrier");
    expect(image).toMatchObject({ width: 160, height: 40, formats: ["webp", "png"] });
    const sizes = await Promise.all(image.variants.map((v) => pixelSize(v.bytes)));
    expect(sizes).toEqual([
      { width: 160, height: 40, format: "webp" },
      { width: 160, height: 40, format: "png" },
      { width: 320, height: 80, format: "webp" },
      { width: 320, height: 80, format: "png" },
    ]);
  });

  it("passes an SVG logo through as it is, sized 40 px tall from its viewBox", async () => {
    const svg = readFileSync(path.join(SAMPLE_DIR, "logo.svg"));
    const image = await processProfileImage(svg, "logo.svg", "logo");
    expect(image).toMatchObject({ width: 40, height: 40, formats: ["svg"] });
    expect(image.variants).toHaveLength(1);
    expect(image.variants[0]?.bytes.equals(svg)).toBe(true);
    expect(svgSize('<svg width="120" height="30" viewBox="0 0 12 3">')).toEqual({
      width: 120,
      height: 30,
    });
    expect(svgSize("<svg viewBox='0 0 300 80'>")).toEqual({ width: 300, height: 80 });
    expect(() => svgSize("<svg>")).toThrow(/viewBox/);
  });

  it("refuses a file that is not an image, or not the type its name says", async () => {
    await expect(processProfileImage(Buffer.from("hello"), "ana.jpg", "team")).rejects.toThrow(
      "ana.jpg: is not a PNG, JPEG, WebP or SVG image",
    );
    await expect(processProfileImage(await jpeg(10, 10), "logo.png", "logo")).rejects.toThrow(
      "logo.png: is a JPEG image",
    );
    // The right first bytes, then nothing: the decoder refuses it.
    const truncated = (await jpeg(200, 200)).subarray(0, 40);
    await expect(processProfileImage(truncated, "cut.jpg", "team")).rejects.toThrow();
  });
});

describe("cachedProfileImage", () => {
  it("reuses what it made for the same bytes, and makes again when the file changes", async () => {
    const cache = path.join(scratch, "cache");
    const folder = mkdtempSync(path.join(scratch, "p-"));
    writeFileSync(path.join(folder, "ana.jpg"), await jpeg(700, 700));
    const first = await cachedProfileImage(folder, "ana.jpg", "team", cache);
    const made = readdirSync(first.folder).sort();
    expect(made).toContain("image.json");
    expect(made.filter((f) => f.endsWith(".avif"))).toEqual([
      "ana-320x320.avif",
      "ana-640x640.avif",
    ]);
    // Marked, so a second call that re-encoded would be seen.
    writeFileSync(path.join(first.folder, "ana-320x320.jpg"), "kept");
    const second = await cachedProfileImage(folder, "ana.jpg", "team", cache);
    expect(second.folder).toBe(first.folder);
    expect(readFileSync(path.join(second.folder, "ana-320x320.jpg"), "utf8")).toBe("kept");
    writeFileSync(path.join(folder, "ana.jpg"), await jpeg(800, 800));
    const third = await cachedProfileImage(folder, "ana.jpg", "team", cache);
    expect(third.folder).not.toBe(first.folder);
  });
});

describe("the sample and the second profile", () => {
  it("name each picture once with its use", () => {
    const files = profileImageFiles(loadAgencyProfile(SAMPLE_DIR));
    expect(files.filter((f) => f.use === "team")).toHaveLength(3);
    expect(files.filter((f) => f.use === "carrier")).toHaveLength(5);
    expect(files.filter((f) => f.use === "logo")).toEqual([{ file: "logo.svg", use: "logo" }]);
  });

  it("keep every sample picture small in the repository (under 150 KB)", () => {
    for (const { file } of profileImageFiles(loadAgencyProfile(SAMPLE_DIR))) {
      expect(readFileSync(path.join(SAMPLE_DIR, file)).length, file).toBeLessThan(150_000);
    }
  });

  it.each([
    ["the sample (an SVG logo)", SAMPLE_DIR, "favicon.svg", "image/svg+xml"],
    ["the second profile (a PNG logo)", OTHER_DIR, "favicon.png", "image/png"],
  ])("get their icons and social image at the right sizes: %s", async (_, dir, favicon, type) => {
    const icons = await generateSiteIcons(loadAgencyProfile(dir), dir);
    const byName = Object.fromEntries(icons.map((icon) => [icon.fileName, icon]));
    expect(Object.keys(byName).sort()).toEqual(
      ["apple-touch-icon.png", favicon, "icon-192.png", "icon-512.png", "og-image.png"].sort(),
    );
    expect(byName[favicon]?.type).toBe(type);
    const size = async (name: string) => {
      const { width, height, format } = await pixelSize(byName[name]?.bytes as Buffer);
      return [width, height, format];
    };
    expect(await size("og-image.png")).toEqual([1200, 630, "png"]);
    expect(await size("apple-touch-icon.png")).toEqual([180, 180, "png"]);
    expect(await size("icon-192.png")).toEqual([192, 192, "png"]);
    expect(await size("icon-512.png")).toEqual([512, 512, "png"]);
    if (favicon === "favicon.png") expect(await size(favicon)).toEqual([48, 48, "png"]);
  });

  it("keep their icons in the cache until the logo, name, place or dark color changes", async () => {
    const cache = path.join(scratch, "icon-cache");
    const other = loadAgencyProfile(OTHER_DIR);
    const first = await cachedSiteIcons(other, OTHER_DIR, cache);
    const [folder = ""] = readdirSync(cache);
    // Marked, so a second call that drew again would be seen.
    writeFileSync(path.join(cache, folder, "og-image.png"), "kept");
    const second = await cachedSiteIcons(other, OTHER_DIR, cache);
    expect(second.find((icon) => icon.fileName === "og-image.png")?.bytes.toString()).toBe("kept");
    expect(second.map((icon) => icon.fileName)).toEqual(first.map((icon) => icon.fileName));
    await cachedSiteIcons({ ...other, name: "Another Name" }, OTHER_DIR, cache);
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it("paint the social image's background in the profile's dark color", async () => {
    const other = loadAgencyProfile(OTHER_DIR);
    const og = (await generateSiteIcons(other, OTHER_DIR)).find(
      (icon) => icon.fileName === "og-image.png",
    );
    const { data } = await sharp(og?.bytes)
      .extract({ left: 5, top: 5, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hex = `#${[...data.subarray(0, 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    expect(hex).toBe(other.brand.dark);
  });
});
