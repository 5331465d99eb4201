import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { Config } from "@react-router/dev/config";

/**
 * Every public page is prerendered so its HTML carries the page's main text before any
 * script runs (CONTRACT.md, "Pages"). `/dashboard` is deliberately left out: it is served
 * from the SPA fallback file (`__spa-fallback.html`, because "/" is prerendered).
 *
 * "/404" is not a real page: it matches the catch-all route, so the build writes the
 * "Page Not Found" document to `404/index.html`, which the server sends with status 404
 * for any unknown path. The catch-all hydrates at whatever URL it is served under.
 */
const prerenderedPaths = [
  "/",
  "/our-products",
  "/get-quote-today",
  "/auto-quote-form",
  "/about-us",
  "/contact-us",
  "/location/our-locations",
  "/office-open-hours",
  "/appointments",
  "/privacy",
  "/terms",
  "/accessibility",
  "/api/auth/login",
  "/api/auth/logout",
  "/404",
];

const compressibleFile = /\.(html|js|css|svg|txt|json)$/;

/**
 * Writes `.br` and `.gz` siblings of every text file in the client build (the server
 * serves them when the browser accepts them), skipping files that would not shrink.
 */
async function precompress(directory: string): Promise<void> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressibleFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        promisify(brotliCompress)(raw, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
        }),
        promisify(gzip)(raw, { level: zlibConstants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}

const config: Config = {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: false,
  prerender: prerenderedPaths,
  // Runs after prerendering, so the HTML files are compressed too.
  async buildEnd({ reactRouterConfig }) {
    await precompress(path.join(reactRouterConfig.buildDirectory, "client"));
  },
};

export default config;
