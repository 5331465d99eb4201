import path from "node:path";
import { agencyDir, readAgencyProfile } from "@agency/domain/agency-profile-files";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { brandColors } from "./brand-colors.ts";
import { profileImages } from "./profile-images-plugin.ts";

const AGENCY_PROFILE_ID = "\0agency-profile";

/**
 * `#agency-profile` (packages/domain/src/agency.ts) as the profile folder's agency.json,
 * checked here at build time with the server's checks: the browser never reads files, and
 * the prerendered pages and the client code hold the same profile. A bad profile fails the
 * build with one line per problem (docs/decisions/0054-agency-profile.md).
 */
function agencyProfile(): Plugin {
  return {
    name: "agency-profile",
    enforce: "pre",
    resolveId(id) {
      return id === "#agency-profile" ? AGENCY_PROFILE_ID : undefined;
    },
    load(id) {
      if (id !== AGENCY_PROFILE_ID) return undefined;
      const dir = agencyDir();
      const { profile, problems } = readAgencyProfile(dir);
      this.addWatchFile(path.join(dir, "agency.json"));
      if (profile) {
        const images = [profile.logo, ...profile.team.map((person) => person.photo)];
        images.push(...profile.carriers.map((carrier) => carrier.logo));
        for (const image of images) if (image) this.addWatchFile(path.join(dir, image));
      }
      if (!profile) {
        this.error(problems.map((problem) => `Agency profile error: ${problem}`).join("\n"));
      }
      // The editor's keys stay out of the pages' shared chunk.
      const { $schema, $comment, ...pageProfile } = profile;
      return `export default ${JSON.stringify(pageProfile)};`;
    },
  };
}

/**
 * React, React DOM and React Router: every page needs all of them. Two chunks rather than
 * one: each page starts its shared chunks one per task after its first paint
 * (app/lib/defer-scripts.ts), and evaluating all 345 KB at once was one long task.
 */
const reactDomModule = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
const frameworkModule = /[\\/]node_modules[\\/](react|react-router)[\\/]/;

/**
 * The site shell every page renders (header, footer, shared components and helpers, the
 * session in lib/auth, the site-wide features, the agency profile). Keep heavy or
 * page-specific code (zod, the quote wizard, the dashboard) out of these folders: whatever
 * lands here loads on every page, the home page included. The icons are one module each and
 * stay out (only their frame is in): each lands with the pages that draw it. The shell
 * imports its icons by file (`./icons/phone`), not through the index, because this group
 * also takes everything its modules import. The form hook (lib/use-form-submission) stays
 * out as well: only the pages with a form load it.
 */
const sharedModule =
  /[\\/]apps[\\/]web[\\/]app[\\/](components[\\/](?!icons[\\/])|components[\\/]icons[\\/](icon|arrow-right|calendar|check|heart|shield-check|user)\.tsx|lib[\\/](?!use-form-submission)|features[\\/]site[\\/])|[\\/]packages[\\/]domain[\\/]src[\\/](agency|derive-agency|phone|site|site-icons|us-states|week)\.ts$|^\0(agency-profile|profile-images)$/;

export default defineConfig({
  plugins: [agencyProfile(), profileImages(), brandColors(), tailwindcss(), reactRouter()],
  build: {
    // The strict CSP allows `data:` images but nothing else inline; keep every other
    // asset a real file.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The icon modules only declare components: importing the icon index must not pull in
      // every icon (each page's chunks keep only the icons it draws).
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]app[\\/]components[\\/]icons[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          // Two shared chunks instead of a dozen small ones: a page loads about 7 scripts
          // rather than 16, which matters on HTTP/1.1 (6 connections per host) and on slow
          // mobile links, and gzip does better on fewer, larger files.
          groups: [
            { name: "react-dom", test: reactDomModule, priority: 11 },
            { name: "framework", test: frameworkModule, priority: 10 },
            { name: "shared", test: sharedModule, priority: 5 },
          ],
        },
      },
    },
  },
});
