// The proof that nothing of the sample agency stays in the web app (issue 26): builds the site
// with a second, different profile (test-fixtures/other-agency) into a folder of its own (the
// site's apps/web/build stays as it is) and fails when any built file (every prerendered page,
// the SPA fallback, sitemap.xml, robots.txt, site.webmanifest, the JS and CSS assets, the
// images) holds a text, link, phone number, color, drawing or image of the sample
// (scripts/sample-leaks.mjs). Part of `npm test`; about 20 seconds.
//
//   node scripts/check-other-profile.mjs [--keep]   (--keep leaves the build there to look at)
//   node scripts/check-other-profile.mjs --keep-at DIR   (builds into DIR and leaves it there:
//     `npm test` hands it to apps/web/other-profile-build.test.ts, which then does not build
//     the same site a second time)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import {
  findLeaks,
  OTHER_PROFILE_DIR,
  REPO_ROOT,
  sampleImageHashes,
  sampleMarkers,
  summarizeLeaks,
} from "./sample-leaks.mjs";

/**
 * The files every build writes, each with what of the other profile it must hold: a build
 * that silently used the sample (or wrote nothing) must not pass as clean.
 */
function expectedFiles(other) {
  return {
    "index.html": [other.name, `tel:+1${other.phone.replace(/\D/g, "").slice(-10)}`],
    "__spa-fallback.html": [],
    "contact-us/index.html": [other.email],
    "sitemap.xml": [other.siteUrl],
    "robots.txt": [other.siteUrl],
    "site.webmanifest": [other.name],
  };
}

/** Missing files and missing texts of the other profile, one line each. */
export function missingFromBuild(clientDir, other) {
  const problems = [];
  for (const [file, texts] of Object.entries(expectedFiles(other))) {
    const full = path.join(clientDir, file);
    if (!existsSync(full)) {
      problems.push(`${file}: not built`);
      continue;
    }
    const content = readFileSync(full, "utf8");
    for (const text of texts) {
      if (!content.includes(text)) problems.push(`${file}: does not hold "${text}"`);
    }
  }
  return problems;
}

function main() {
  const keepAtIndex = process.argv.indexOf("--keep-at");
  const keepAt = keepAtIndex > 0 ? process.argv[keepAtIndex + 1] : undefined;
  const keep = keepAt !== undefined || process.argv.includes("--keep");
  // Inside the repository: the prerender imports the server build, which must find the
  // packages in node_modules.
  const cache = path.join(REPO_ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  let buildDir;
  if (keepAt === undefined) {
    buildDir = mkdtempSync(path.join(cache, "other-profile-build-"));
  } else {
    buildDir = path.resolve(REPO_ROOT, keepAt);
    rmSync(buildDir, { recursive: true, force: true });
    mkdirSync(buildDir, { recursive: true });
  }
  const started = performance.now();
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: path.join(REPO_ROOT, "apps", "web"),
    env: { ...process.env, AGENCY_DIR: OTHER_PROFILE_DIR, WEB_BUILD_DIR: buildDir },
    encoding: "utf8",
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(
      `FAIL: the web build with ${path.relative(REPO_ROOT, OTHER_PROFILE_DIR)} failed.`,
    );
    if (!keep) rmSync(buildDir, { recursive: true, force: true });
    return 1;
  }

  const clientDir = path.join(buildDir, "client");
  const other = JSON.parse(readFileSync(path.join(OTHER_PROFILE_DIR, "agency.json"), "utf8"));
  const missing = missingFromBuild(clientDir, other);
  const leaks = findLeaks(clientDir, sampleMarkers(), sampleImageHashes());
  if (keep) console.log(`The build is in ${path.relative(REPO_ROOT, buildDir)}.`);
  else rmSync(buildDir, { recursive: true, force: true });

  for (const line of missing) console.error(`FAIL: ${line}`);
  if (leaks.length > 0) {
    console.error(`FAIL: the site built with a second profile still shows the sample agency:`);
    for (const line of summarizeLeaks(leaks)) console.error(`  ${line}`);
  }
  if (missing.length > 0 || leaks.length > 0) return 1;
  console.log(
    `The site built with a second profile shows nothing of the sample agency (build ${seconds} s).`,
  );
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = main();
}
