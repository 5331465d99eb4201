import { defineConfig } from "vitest/config";
import { profileImages } from "./apps/web/profile-images-plugin.ts";

export default defineConfig({
  test: {
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/domain/src/**/*.test.ts"],
          // Correctness, not speed (benchmarks measure speed): a property test of 100 runs
          // took 5.1 s on a loaded two-core CI machine, past the 5 s default.
          testTimeout: 20_000,
        },
      },
      {
        // `virtual:profile-images` as the build has it, for components that draw the
        // profile's pictures (components/profile-image.tsx).
        plugins: [profileImages()],
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.{ts,tsx}"],
          // The browser's APIs (session storage, the DOM React renders into) for hooks and
          // the logic around them; journeys through real pages stay in e2e/.
          environment: "happy-dom",
        },
      },
      {
        test: {
          // The web build's own code (apps/web/*.ts: image processing, brand colors), in Node.
          name: "web-build",
          include: ["apps/web/*.test.ts"],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "scripts",
          include: ["scripts/**/*.test.mjs"],
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          // Server tests share one PostgreSQL server; each file gets its own database.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
