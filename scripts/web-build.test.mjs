import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isNodeVersionAtLeast } from "./check-node.mjs";
import {
  buildWebApp,
  computeFingerprint,
  decideWebBuild,
  ensureWebBuild,
  FINGERPRINT_FILE,
  profileDirOf,
  readFingerprint,
} from "./web-build.mjs";

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A small repository with one file in each kind of place the build reads, and some it does not. */
function repository() {
  const root = mkdtempSync(path.join(tmpdir(), "web-build-"));
  roots.push(root);
  const files = {
    "apps/web/app/root.tsx": "export default 1;\n",
    "apps/web/app/lib/site.test.ts": "test\n",
    "apps/web/public/favicon.svg": "<svg/>\n",
    "apps/web/vite.config.ts": "export default {};\n",
    "apps/web/package.json": "{}\n",
    "packages/domain/src/agency.ts": "export const A = 1;\n",
    "package-lock.json": "{}\n",
    "agency/agency.json": '{ "name": "Sample" }\n',
    "agency/logo.svg": "<svg/>\n",
    "docs/operations.md": "# Operations\n",
    "apps/server/src/main.ts": "main();\n",
    "README.md": "# Readme\n",
  };
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

function write(root, file, text) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** What start decides after a build with `before` when the inputs are now `after`. */
const decide = (before, after) =>
  decideWebBuild({ hasBuild: true, previous: before, current: after });

describe("the web build's fingerprint", () => {
  it("lists every input by path, sorted, and leaves out tests and unrelated files", () => {
    const root = repository();
    expect(Object.keys(computeFingerprint(root, {}).files)).toEqual([
      "agency/agency.json",
      "agency/logo.svg",
      "apps/web/app/root.tsx",
      "apps/web/package.json",
      "apps/web/public/favicon.svg",
      "apps/web/vite.config.ts",
      "package-lock.json",
      "packages/domain/src/agency.ts",
    ]);
  });

  it.each([
    "agency/agency.json",
    "agency/logo.svg",
    "apps/web/app/root.tsx",
    "apps/web/public/favicon.svg",
    "apps/web/vite.config.ts",
    "apps/web/package.json",
    "packages/domain/src/agency.ts",
    "package-lock.json",
  ])("changes when %s changes", (file) => {
    const root = repository();
    const before = computeFingerprint(root, {});
    write(root, file, "changed\n");
    expect(computeFingerprint(root, {}).hash).not.toBe(before.hash);
  });

  it.each([
    "docs/operations.md",
    "apps/server/src/main.ts",
    "README.md",
    "apps/web/app/lib/site.test.ts",
    "agency/.agency.json.swp",
  ])("stays the same when %s changes", (file) => {
    const root = repository();
    const before = computeFingerprint(root, {});
    write(root, file, "changed\n");
    expect(computeFingerprint(root, {}).hash).toBe(before.hash);
  });

  it("changes when a profile image is added or removed, and reads AGENCY_DIR", () => {
    const root = repository();
    const before = computeFingerprint(root, {});
    write(root, "agency/team/ana.jpg", "jpeg");
    const added = computeFingerprint(root, {});
    expect(added.hash).not.toBe(before.hash);
    unlinkSync(path.join(root, "agency/team/ana.jpg"));
    expect(computeFingerprint(root, {}).hash).toBe(before.hash);

    write(root, "profiles/other/agency.json", '{ "name": "Other" }\n');
    const other = computeFingerprint(root, { AGENCY_DIR: "profiles/other" });
    expect(profileDirOf(root, { AGENCY_DIR: "profiles/other" })).toBe(
      path.join(root, "profiles/other"),
    );
    expect(other.profile).toBe("profiles/other");
    expect(Object.keys(other.files)).toContain("profiles/other/agency.json");
    expect(Object.keys(other.files)).not.toContain("agency/agency.json");
  });
});

describe("start's decision to build", () => {
  it("builds when there is no build, or a build without a fingerprint", () => {
    const root = repository();
    const current = computeFingerprint(root, {});
    expect(decideWebBuild({ hasBuild: false, previous: undefined, current })).toEqual({
      build: true,
      reason: "No web build yet",
    });
    expect(readFingerprint(root)).toBeUndefined();
    write(root, FINGERPRINT_FILE, "not json");
    expect(readFingerprint(root)).toBeUndefined();
    expect(decideWebBuild({ hasBuild: true, previous: undefined, current })).toMatchObject({
      build: true,
      reason: expect.stringMatching(/^The web build has no fingerprint/),
    });
  });

  it("does not build when nothing the build reads changed", () => {
    const root = repository();
    const before = computeFingerprint(root, {});
    write(root, FINGERPRINT_FILE, JSON.stringify(before));
    write(root, "docs/operations.md", "edited\n");
    write(root, "apps/server/src/main.ts", "edited\n");
    expect(decide(readFingerprint(root), computeFingerprint(root, {}))).toEqual({ build: false });
  });

  it("names the profile files that changed", () => {
    const root = repository();
    const before = computeFingerprint(root, {});
    write(root, "agency/agency.json", '{ "name": "Mine" }\n');
    expect(decide(before, computeFingerprint(root, {}))).toEqual({
      build: true,
      reason: "The agency profile changed since the last build (agency/agency.json)",
    });
    for (const name of ["a", "b", "c", "d"]) write(root, `agency/team/${name}.jpg`, name);
    expect(decide(before, computeFingerprint(root, {})).reason).toBe(
      "The agency profile changed since the last build (agency/agency.json, agency/team/a.jpg, agency/team/b.jpg and 2 more)",
    );
  });

  it("counts the source files that changed, and says both when both did", () => {
    const root = repository();
    const before = computeFingerprint(root, {});
    write(root, "apps/web/app/root.tsx", "export default 2;\n");
    write(root, "packages/domain/src/quote.ts", "export const Q = 1;\n");
    expect(decide(before, computeFingerprint(root, {}))).toEqual({
      build: true,
      reason: "The web app's source changed since the last build (2 files)",
    });
    write(root, "agency/logo.svg", "<svg></svg>\n");
    expect(decide(before, computeFingerprint(root, {})).reason).toBe(
      "The agency profile changed since the last build (agency/logo.svg); The web app's source changed since the last build (2 files)",
    );
  });

  it("builds again when a build setting changed", () => {
    const root = repository();
    const before = computeFingerprint(root, {});
    expect(decide(before, computeFingerprint(root, { NO_DEFER: "1" }))).toEqual({
      build: true,
      reason: "The build settings changed since the last build (NO_DEFER)",
    });
  });
});

describe("start's build, with a stand-in for react-router build", () => {
  /** Writes a built index page and answers `status`, recording each call. */
  function fakeBuild(status, calls) {
    return (root) => {
      calls.push(root);
      if (status === 0) write(root, "apps/web/build/client/index.html", "<!doctype html>");
      return status;
    };
  }

  it("builds once, saying why, writes the fingerprint, and then does not build again", () => {
    const root = repository();
    const calls = [];
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(ensureWebBuild(root, {}, fakeBuild(0, calls))).toBe(0);
    expect(log).toHaveBeenCalledWith("No web build yet: building the web app (about a minute)…");
    expect(readFingerprint(root)?.hash).toBe(computeFingerprint(root, {}).hash);

    log.mockClear();
    expect(ensureWebBuild(root, {}, fakeBuild(0, calls))).toBe(0);
    expect(calls).toHaveLength(1);
    expect(log).not.toHaveBeenCalled();

    write(root, "agency/agency.json", '{ "name": "Mine" }\n');
    expect(ensureWebBuild(root, {}, fakeBuild(0, calls))).toBe(0);
    expect(calls).toHaveLength(2);
    expect(log).toHaveBeenCalledWith(
      "The agency profile changed since the last build (agency/agency.json): building the web app (about a minute)…",
    );
    log.mockRestore();
  });

  it("leaves no fingerprint after a failed build, so the next start builds again", () => {
    const root = repository();
    buildWebApp(root, {}, fakeBuild(0, []));
    write(root, "apps/web/app/root.tsx", "export default broken;\n");
    const calls = [];
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(ensureWebBuild(root, {}, fakeBuild(2, calls))).toBe(2);
    expect(error).toHaveBeenCalledWith("The web build failed (exit code 2); nothing was started.");
    expect(readFingerprint(root)).toBeUndefined();
    expect(ensureWebBuild(root, {}, fakeBuild(0, calls))).toBe(0);
    expect(calls).toHaveLength(2);
    log.mockRestore();
    error.mockRestore();
  });

  it("fingerprints the inputs as they were when the build started", () => {
    const root = repository();
    const before = computeFingerprint(root, {});
    buildWebApp(root, {}, (buildRoot) => {
      write(buildRoot, "agency/agency.json", '{ "name": "Edited meanwhile" }\n');
      return 0;
    });
    expect(readFingerprint(root)?.hash).toBe(before.hash);
  });
});

describe("the Node.js version check", () => {
  it.each([
    ["20.20.2", false],
    ["v22.21.9", false],
    ["22.22.0", true],
    ["v22.23.3", true],
    ["24.0.0", true],
  ])("%s is enough for 22.22.0: %s", (version, expected) => {
    expect(isNodeVersionAtLeast(version, "22.22.0")).toBe(expected);
  });
});
