/**
 * The agency profile's images, processed at build time (docs/decisions/0058-profile-images.md).
 *
 * - `processProfileImage` resizes one profile file for where it is shown (a team photo, a
 *   carrier logo, the agency logo) into modern formats (AVIF, WebP) and a fallback (JPEG or
 *   PNG); an SVG passes through as it is.
 * - `cachedProfileImage` keeps the processed files under node_modules/.cache/profile-images
 *   by the source's hash, so a rebuild re-encodes nothing that did not change.
 * The Vite plugin that serves them to the pages is profile-images-plugin.ts.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type AgencyProfile,
  type ImageKind,
  imageKindOf,
} from "@agency/domain/agency-profile-files";
import sharp from "sharp";

export type ImageUse = "logo" | "team" | "carrier";

/** Where each use is shown, in CSS pixels, and which densities are made for it. */
export const IMAGE_SIZES = {
  /** Square, cropped to fill; shown about 160 px wide, made 320 and 640 px wide. */
  team: { box: { width: 160, height: 160 }, fit: "cover", densities: [2, 4] },
  /** Fits a 160 × 48 box, at 1x and 2x. */
  carrier: { box: { width: 160, height: 48 }, fit: "inside", densities: [1, 2] },
  /** 40 px tall (as wide as its shape makes it, up to 240 px), at 1x and 2x. */
  logo: { box: { width: 240, height: 40 }, fit: "inside", densities: [1, 2] },
} as const satisfies Record<
  ImageUse,
  { box: { width: number; height: number }; fit: "cover" | "inside"; densities: number[] }
>;

export type OutputFormat = "avif" | "webp" | "jpeg" | "png" | "svg";

export const MIME_TYPES: Record<OutputFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
};

/** One encoded file: its format, its pixel size and what it is in a srcset ("2x", "640w"). */
export interface ImageVariant {
  format: OutputFormat;
  width: number;
  height: number;
  descriptor: string;
  bytes: Buffer;
}

/** An image processed for one use: its CSS size (the <img>'s width and height) and files. */
export interface ProcessedImage {
  width: number;
  height: number;
  /** Formats in the order the browser should try them; the last is the fallback. */
  formats: OutputFormat[];
  variants: ImageVariant[];
}

/** Bumped whenever the encoding changes, so cached files made the old way are not reused. */
const PIPELINE_VERSION = "2";

const EXTENSION_KINDS: Record<string, ImageKind> = {
  ".svg": "svg",
  ".png": "png",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".webp": "webp",
};

/** The image's kind by its content; throws when it is no image or not what its name says. */
export function checkedImageKind(bytes: Uint8Array, fileName: string): ImageKind {
  const kind = imageKindOf(bytes);
  if (kind === undefined) throw new Error(`${fileName}: is not a PNG, JPEG, WebP or SVG image`);
  const named = EXTENSION_KINDS[path.extname(fileName).toLowerCase()];
  if (named !== kind) throw new Error(`${fileName}: is a ${kind.toUpperCase()} image`);
  return kind;
}

/** An SVG's size from its width and height, or its viewBox. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? "";
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`).exec(root);
  const viewBox = attribute("viewBox")?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const length = (name: string) => {
    const value = attribute(name)?.[1];
    return value && /^\s*[\d.]+\s*(px)?\s*$/.test(value) ? Number.parseFloat(value) : undefined;
  };
  const width = length("width") ?? viewBox?.[2];
  const height = length("height") ?? viewBox?.[3];
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new Error("the SVG has neither a width and height nor a viewBox");
  }
  return { width, height };
}

/** The CSS size of an image of `width` × `height` shown as `use`. */
function cssSize(use: ImageUse, width: number, height: number) {
  const { box, fit } = IMAGE_SIZES[use];
  if (fit === "cover") return { ...box };
  const scale = Math.min(box.width / width, box.height / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * One profile image processed for `use`: resized for each density (never enlarged past the
 * source; sizes that end up the same are made once), as AVIF and WebP (photos) or WebP
 * (logos), with a JPEG (photos) or PNG (logos) fallback. An SVG passes through unchanged.
 * Throws when the bytes are not an image of the type the file name says.
 */
export async function processProfileImage(
  bytes: Uint8Array,
  fileName: string,
  use: ImageUse,
): Promise<ProcessedImage> {
  const kind = checkedImageKind(bytes, fileName);
  if (kind === "svg") {
    const size = svgSize(Buffer.from(bytes).toString("utf8"));
    const css = cssSize(use, size.width, size.height);
    return {
      ...css,
      formats: ["svg"],
      variants: [{ format: "svg", ...css, descriptor: "1x", bytes: Buffer.from(bytes) }],
    };
  }
  const source = sharp(bytes, { failOn: "error" }).rotate();
  const meta = await source.metadata();
  const sourceWidth = meta.autoOrient?.width ?? meta.width;
  const sourceHeight = meta.autoOrient?.height ?? meta.height;
  if (!sourceWidth || !sourceHeight) throw new Error(`${fileName}: has no size`);
  const css = cssSize(use, sourceWidth, sourceHeight);
  const { fit, densities } = IMAGE_SIZES[use];
  const isPhoto = use === "team";
  const formats: OutputFormat[] = isPhoto ? ["avif", "webp", "jpeg"] : ["webp", "png"];

  // Each density's pixel size, capped at the source's (a cover crop keeps its shape).
  const sizes: { width: number; height: number; descriptor: string }[] = [];
  for (const density of densities) {
    const cap = Math.min(
      1,
      fit === "cover"
        ? Math.min(sourceWidth, sourceHeight) / (css.width * density)
        : sourceWidth / (css.width * density),
    );
    const width = Math.max(1, Math.round(css.width * density * cap));
    const height = Math.max(1, Math.round(css.height * density * cap));
    if (sizes.some((size) => size.width === width)) continue;
    sizes.push({ width, height, descriptor: isPhoto ? `${width}w` : `${density}x` });
  }

  const variants = await Promise.all(
    sizes.flatMap((size) =>
      formats.map(async (format): Promise<ImageVariant> => {
        let pipeline = source
          .clone()
          .resize(size.width, size.height, { fit: fit === "cover" ? "cover" : "fill" });
        // Effort 2: a quarter of effort 4's time for files about 15 % larger (still smaller
        // than the WebP), which keeps a cold build short.
        if (format === "avif") pipeline = pipeline.avif({ quality: 55, effort: 2 });
        else if (format === "webp") pipeline = pipeline.webp({ quality: isPhoto ? 75 : 90 });
        else if (format === "jpeg") pipeline = pipeline.jpeg({ quality: 78, mozjpeg: true });
        else pipeline = pipeline.png({ compressionLevel: 9, palette: true, quality: 90 });
        const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
        return {
          format,
          width: info.width,
          height: info.height,
          descriptor: size.descriptor,
          bytes: data,
        };
      }),
    ),
  );
  return { ...css, formats, variants };
}

/** Every image file the profile names, with the use it is shown for (once per pair). */
export function profileImageFiles(profile: AgencyProfile): { file: string; use: ImageUse }[] {
  const files = new Map<string, { file: string; use: ImageUse }>();
  const add = (file: string | undefined, use: ImageUse) => {
    if (file) files.set(`${use}\0${file}`, { file, use });
  };
  add(profile.logo, "logo");
  for (const person of profile.team) add(person.photo, "team");
  for (const carrier of profile.carriers) add(carrier.logo, "carrier");
  return [...files.values()];
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DEFAULT_CACHE_DIR = path.join(REPO_ROOT, "node_modules", ".cache", "profile-images");

export interface CachedImage {
  /** The cache folder the files are in. */
  folder: string;
  width: number;
  height: number;
  formats: OutputFormat[];
  variants: {
    format: OutputFormat;
    width: number;
    height: number;
    descriptor: string;
    file: string;
  }[];
}

/**
 * The processed image for `file` as files on disk: from the cache when the same bytes were
 * processed the same way before, else processed now and written there.
 */
export async function cachedProfileImage(
  dir: string,
  file: string,
  use: ImageUse,
  cacheDir: string = DEFAULT_CACHE_DIR,
): Promise<CachedImage> {
  const bytes = readFileSync(path.join(dir, file));
  const key = createHash("sha256")
    .update(`${PIPELINE_VERSION}\0${use}\0${file}\0`)
    .update(bytes)
    .digest("base64url")
    .slice(0, 24);
  const folder = path.join(cacheDir, key);
  const metaFile = path.join(folder, "image.json");
  if (existsSync(metaFile)) {
    const cached = JSON.parse(readFileSync(metaFile, "utf8")) as Omit<CachedImage, "folder">;
    if (cached.variants.every((variant) => existsSync(path.join(folder, variant.file)))) {
      return { ...cached, folder };
    }
  }
  const image = await processProfileImage(bytes, file, use);
  mkdirSync(folder, { recursive: true });
  const base = path.basename(file, path.extname(file)).replace(/[^\w-]/g, "-");
  const variants = image.variants.map((variant) => {
    const name =
      variant.format === "svg"
        ? `${base}.svg`
        : `${base}-${variant.width}x${variant.height}.${variant.format === "jpeg" ? "jpg" : variant.format}`;
    writeFileSync(path.join(folder, name), variant.bytes);
    const { bytes: _bytes, ...rest } = variant;
    return { ...rest, file: name };
  });
  const cached = { width: image.width, height: image.height, formats: image.formats, variants };
  // Written last and atomically: a half-written folder is never taken for a finished one.
  writeFileSync(`${metaFile}.tmp`, JSON.stringify(cached));
  renameSync(`${metaFile}.tmp`, metaFile);
  return { ...cached, folder };
}
