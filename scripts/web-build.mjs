// The web build and its fingerprint. `npm run build` (this file run directly) builds the web
// app and then writes, into the build folder, a fingerprint of everything the build read: the
// web app's and the domain's source, the lock file and the agency profile folder. `npm start`
// compares it with the files as they are now and builds again only when they differ, so the
// site always shows what is configured and an unchanged checkout starts without building.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Written only after a build succeeded: no file, no trusted build. */
export const FINGERPRINT_FILE = "apps/web/build/.fingerprint";
const BUILT_INDEX = "apps/web/build/client/index.html";

/** What the build reads besides the profile: folders (walked) and single files. */
const SOURCE_FOLDERS = ["apps/web/app", "apps/web/public", "packages/domain/src"];
const SOURCE_FILES = [
  "apps/web/package.json",
  "apps/web/tsconfig.json",
  "packages/domain/package.json",
  "package-lock.json",
];
/** The web app's *.ts config files (react-router.config.ts, vite.config.ts) sit in its root. */
const WEB_CONFIG_FOLDER = "apps/web";
/** Environment variables that change what the build writes (react-router.config.ts). */
const BUILD_ENV = ["NO_DEFER"];

/** Tests are not part of the bundle; dot files and editor backups are nobody's input. */
const isIgnored = (name) =>
  name.startsWith(".") || name.endsWith("~") || /\.test\.[cm]?[jt]sx?$/.test(name);

/** The profile folder: AGENCY_DIR (relative to the repository) or `agency/`. */
export function profileDirOf(root = REPO_ROOT, env = process.env) {
  return path.resolve(root, env.AGENCY_DIR?.trim() || "agency");
}

const toKey = (root, file) => path.relative(root, file).split(path.sep).join("/");

function walk(dir, into) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // a folder that is not there has nothing in it
  }
  for (const entry of entries) {
    if (isIgnored(entry.name)) continue;
    const file = path.join(dir, entry.name);
    const stats = entry.isSymbolicLink() ? statSync(file, { throwIfNoEntry: false }) : entry;
    if (stats?.isDirectory()) walk(file, into);
    else if (stats?.isFile()) into.push(file);
  }
}

const hashOf = (content) => createHash("sha256").update(content).digest("base64url");

/**
 * Every input file's path (relative to the repository, `/`-separated, sorted) with the hash of
 * its content, the build settings, and one hash over all of it.
 */
export function computeFingerprint(root = REPO_ROOT, env = process.env) {
  const profileDir = profileDirOf(root, env);
  const paths = [];
  for (const folder of SOURCE_FOLDERS) walk(path.join(root, folder), paths);
  for (const file of SOURCE_FILES) {
    if (existsSync(path.join(root, file))) paths.push(path.join(root, file));
  }
  const webRoot = path.join(root, WEB_CONFIG_FOLDER);
  for (const name of existsSync(webRoot) ? readdirSync(webRoot) : []) {
    if (name.endsWith(".ts") && !isIgnored(name)) paths.push(path.join(webRoot, name));
  }
  walk(profileDir, paths);

  const files = Object.fromEntries(
    paths
      .map((file) => [toKey(root, file), hashOf(readFileSync(file))])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const settings = Object.fromEntries(BUILD_ENV.map((name) => [name, env[name] ?? ""]));
  const profile = toKey(root, profileDir);
  return { hash: hashOf(JSON.stringify({ files, settings })), profile, settings, files };
}

/** The fingerprint of the last successful build, or undefined. */
export function readFingerprint(root = REPO_ROOT) {
  try {
    const saved = JSON.parse(readFileSync(path.join(root, FINGERPRINT_FILE), "utf8"));
    return typeof saved?.hash === "string" && typeof saved.files === "object" ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Names a few files and counts the rest: "agency/agency.json, agency/logo.svg and 3 more". */
function listed(keys, shown = 3) {
  const head = keys.slice(0, shown).join(", ");
  return keys.length > shown ? `${head} and ${keys.length - shown} more` : head;
}

/**
 * Whether start has to build, and why (one line for the log). Pure, so every case is tested
 * without building: `hasBuild` says whether a built site is there at all, `previous` is the
 * saved fingerprint (undefined when there is none), `current` the one just computed.
 */
export function decideWebBuild({ hasBuild, previous, current }) {
  if (!hasBuild) return { build: true, reason: "No web build yet" };
  if (!previous) {
    return {
      build: true,
      reason: "The web build has no fingerprint (an older or unfinished build)",
    };
  }
  if (previous.hash === current.hash) return { build: false };

  const keys = new Set([...Object.keys(previous.files), ...Object.keys(current.files)]);
  const changed = [...keys].filter((key) => previous.files[key] !== current.files[key]).sort();
  const profilePrefixes = [previous.profile, current.profile].map((dir) => `${dir}/`);
  const isProfileFile = (key) => profilePrefixes.some((prefix) => key.startsWith(prefix));
  const profileChanged = changed.filter(isProfileFile);
  const sourceChanged = changed.filter((key) => !isProfileFile(key));
  const settingsChanged = Object.keys({ ...previous.settings, ...current.settings }).filter(
    (name) => (previous.settings?.[name] ?? "") !== (current.settings?.[name] ?? ""),
  );

  const reasons = [];
  if (profileChanged.length > 0) {
    reasons.push(`The agency profile changed since the last build (${listed(profileChanged)})`);
  }
  if (sourceChanged.length > 0) {
    const count = `${sourceChanged.length} file${sourceChanged.length === 1 ? "" : "s"}`;
    reasons.push(`The web app's source changed since the last build (${count})`);
  }
  if (settingsChanged.length > 0) {
    reasons.push(`The build settings changed since the last build (${settingsChanged.join(", ")})`);
  }
  return { build: true, reason: reasons.join("; ") };
}

/** `react-router build` in the web workspace, its output on this terminal; returns its exit status. */
function runWebBuild(root, env) {
  const result = spawnSync("npm", ["run", "build", "-w", "apps/web"], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  return result.status ?? 1;
}

/**
 * Builds the web app and, only when that succeeded, writes the fingerprint of the inputs as
 * they were when it started (a file edited during the build makes the next start build again).
 * Returns the build's exit status (0: built).
 */
export function buildWebApp(root = REPO_ROOT, env = process.env, build = runWebBuild) {
  const fingerprint = computeFingerprint(root, env);
  rmSync(path.join(root, FINGERPRINT_FILE), { force: true });
  const status = build(root, env);
  if (status === 0) {
    mkdirSync(path.dirname(path.join(root, FINGERPRINT_FILE)), { recursive: true });
    writeFileSync(path.join(root, FINGERPRINT_FILE), `${JSON.stringify(fingerprint, null, 1)}\n`);
  }
  return status;
}

/**
 * start.mjs: builds when the profile or the source changed since the last build, and only
 * then, saying why. Returns the build's exit status (0 also when nothing had to be built).
 */
export function ensureWebBuild(root = REPO_ROOT, env = process.env, build = runWebBuild) {
  const decision = decideWebBuild({
    hasBuild: existsSync(path.join(root, BUILT_INDEX)),
    previous: readFingerprint(root),
    current: computeFingerprint(root, env),
  });
  if (!decision.build) return 0;
  console.log(`${decision.reason}: building the web app (about a minute)…`);
  const status = buildWebApp(root, env, build);
  if (status !== 0)
    console.error(`The web build failed (exit code ${status}); nothing was started.`);
  return status;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { requireSupportedNode } = await import("./check-node.mjs");
  requireSupportedNode();
  process.exitCode = buildWebApp();
}
