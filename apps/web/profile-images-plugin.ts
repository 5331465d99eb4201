/**
 * The Vite plugin behind `virtual:profile-images` (docs/decisions/0058-profile-images.md): a
 * map from every image file the agency profile names to its processed versions
 * (profile-images.ts), each imported as one of the site's own hashed assets
 * (build/client/assets, allowed by the CSP's img-src 'self'). It also writes the icons and the
 * social image made from the logo and the name (site-icons.ts) at their public paths.
 */
import path from "node:path";
import {
  type AgencyProfile,
  agencyDir,
  readAgencyProfile,
} from "@agency/domain/agency-profile-files";
import type { Plugin } from "vite";
import {
  type CachedImage,
  cachedProfileImage,
  DEFAULT_CACHE_DIR,
  type ImageUse,
  MIME_TYPES,
  type OutputFormat,
  profileImageFiles,
} from "./profile-images.ts";
import { cachedSiteIcons, siteIconPaths } from "./site-icons.ts";

const PROFILE_IMAGES_ID = "\0profile-images";

/**
 * The module's source: one `?url` import per file (Vite copies each into the build's assets
 * with a content hash) and the map the ProfileImage component reads, by use then file name:
 * `{ team: { "dana.jpg": { width, height, sizes, sources: [{ type, srcset }], fallback } } }`.
 */
function moduleSource(images: { file: string; use: ImageUse; image: CachedImage }[]): string {
  const imports: string[] = [];
  const byUse: Record<string, string[]> = { logo: [], team: [], carrier: [] };
  for (const { file, use, image } of images) {
    const url = (variant: CachedImage["variants"][number]) => {
      const name = `u${imports.length}`;
      const filePath = path.join(image.folder, variant.file);
      imports.push(`import ${name} from ${JSON.stringify(`${filePath}?url`)};`);
      return name;
    };
    const srcset = (format: OutputFormat) =>
      `[${image.variants
        .filter((variant) => variant.format === format)
        .map((variant) => `${url(variant)} + ${JSON.stringify(` ${variant.descriptor}`)}`)
        .join(", ")}].join(", ")`;
    const fallbackFormat = image.formats.at(-1) as OutputFormat;
    const fallback = image.variants.find((variant) => variant.format === fallbackFormat);
    if (!fallback) throw new Error(`${file}: no ${fallbackFormat} file was made`);
    // One file (an SVG, a small picture): its src says it all.
    const isOneFile = image.variants.filter((v) => v.format === fallbackFormat).length === 1;
    const sources = image.formats
      .slice(0, -1)
      .map(
        (format) => `{ type: ${JSON.stringify(MIME_TYPES[format])}, srcset: ${srcset(format)} }`,
      );
    const sizes = fallback.descriptor.endsWith("w")
      ? JSON.stringify(`${image.width}px`)
      : "undefined";
    byUse[use]?.push(
      `${JSON.stringify(file)}: { width: ${image.width}, height: ${image.height}, sizes: ${sizes}, ` +
        `sources: [${sources.join(", ")}], fallback: { type: ${JSON.stringify(MIME_TYPES[fallbackFormat])}, ` +
        `src: ${url(fallback)}, srcset: ${isOneFile ? "undefined" : srcset(fallbackFormat)} } }`,
    );
  }
  const uses = Object.entries(byUse).map(
    ([use, entries]) => `${use}: {\n${entries.join(",\n")}\n}`,
  );
  return `${imports.join("\n")}\nexport default {\n${uses.join(",\n")}\n};\n`;
}

/** The profile in `dir`, or the build's error listing its problems. */
function profileIn(dir: string, fail: (message: string) => never): AgencyProfile {
  const { profile, problems } = readAgencyProfile(dir);
  if (!profile)
    return fail(problems.map((problem) => `Agency profile error: ${problem}`).join("\n"));
  return profile;
}

/**
 * `virtual:profile-images` (see the file's comment), and the generated icons: emitted into
 * the client build at their public paths, served by the dev server at the same paths.
 */
export function profileImages(options: { cacheDir?: string } = {}): Plugin {
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  return {
    name: "profile-images",
    enforce: "pre",
    resolveId(id) {
      return id === "virtual:profile-images" ? PROFILE_IMAGES_ID : undefined;
    },
    async load(id) {
      if (id !== PROFILE_IMAGES_ID) return undefined;
      const dir = agencyDir();
      const profile = profileIn(dir, (message) => this.error(message));
      this.addWatchFile(path.join(dir, "agency.json"));
      const images = await Promise.all(
        profileImageFiles(profile).map(async ({ file, use }) => {
          this.addWatchFile(path.join(dir, file));
          try {
            return { file, use, image: await cachedProfileImage(dir, file, use, cacheDir) };
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            return this.error(`Agency profile image ${file}: ${reason}`);
          }
        }),
      );
      return moduleSource(images);
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const pathname = request.url?.split("?")[0] ?? "";
        try {
          const dir = agencyDir();
          const profile = profileIn(dir, (message) => {
            throw new Error(message);
          });
          if (!siteIconPaths(profile).includes(pathname)) return next();
          const icon = (await cachedSiteIcons(profile, dir, cacheDir)).find(
            (candidate) => `/${candidate.fileName}` === pathname,
          );
          if (!icon) return next();
          response.setHeader("Content-Type", icon.type);
          response.end(icon.bytes);
        } catch (error) {
          next(error);
        }
      });
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const dir = agencyDir();
      const profile = profileIn(dir, (message) => this.error(message));
      for (const icon of await cachedSiteIcons(profile, dir, cacheDir)) {
        this.emitFile({ type: "asset", fileName: icon.fileName, source: icon.bytes });
      }
    },
  };
}
