#!/usr/bin/env node
/**
 * Import boundaries (dependencies point one way: shared code → no feature, a feature → another
 * only through its entry; as bulletproof-react's no-restricted-paths + no-cycle), for both apps.
 *
 * The web app (apps/web/app):
 *  - `components/` and `lib/` never import from `features/`;
 *  - a feature imports another feature only through its public entry,
 *    `features/<name>/index.ts`, which exports what is meant to be shared;
 *  - no import cycle between files, and none between features (as on the server).
 *
 * The server (apps/server/src; docs/decisions/0051-server-layers.md). Every top-level folder is
 * a feature unless it is listed below:
 *  - infrastructure (SERVER_INFRASTRUCTURE: lib/, db/, plugins/, mail/, audit/) imports no feature;
 *  - composition (SERVER_COMPOSITION: cli/, test/, and the files at the top, app.ts, main.ts…)
 *    wires features together and may import any of their modules, as the web's routes/ do;
 *    so may a test file (`*.test.ts`), which sets up through whatever module it needs;
 *  - a feature imports another feature only through `<name>/index.ts`;
 *  - layers: a repository (`*repository.ts`) fetches and stores rows, so it imports neither
 *    audit/ nor lib/http-errors.ts; a routes file (`*routes.ts`) opens no transaction: both
 *    belong to the service;
 *  - no import cycle between files, type-only imports included, and none between features
 *    (auth/ using user/ while user/ uses auth/), test files left out: each one is printed as
 *    the chain that closes it.
 *
 * Biome's noRestrictedImports matches specifier text, and a relative specifier such as
 * "../format" or "../../auth/x" means a different module depending on the importing file,
 * so this check resolves every relative specifier against its file instead.
 *
 * Usage: node scripts/check-boundaries.mjs                 (both apps)
 *        node scripts/check-boundaries.mjs [webAppDir]     (the web rules only)
 *        node scripts/check-boundaries.mjs --server [dir]  (the server rules only)
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
/** Static imports and re-exports, side-effect imports, and dynamic import(). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(["'])([^"'\n]+)\1/gm;

/** Server folders shared by every feature: they import no feature. */
export const SERVER_INFRASTRUCTURE = ["lib", "db", "plugins", "mail", "audit"];
/** Server folders that compose features (start-up, command line, test helpers). */
export const SERVER_COMPOSITION = ["cli", "test"];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Every relative specifier of a file, with its line. */
function relativeImports(file) {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(SPECIFIER)]
    .filter((match) => match[2].startsWith("."))
    .map((match) => ({
      specifier: match[2],
      line: text.slice(0, match.index).split("\n").length,
    }));
}

/** The file a relative specifier names: as written, or with .ts/.tsx, or a folder's index. */
function resolveFile(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
}

/** Where a path sits in the app: its top folder, and for features/<name>/… the feature. */
function placeOf(appDir, path) {
  const parts = relative(appDir, path).split(sep);
  if (parts[0] === "..") return { area: "outside" };
  if (parts[0] === "features" && parts.length > 1) {
    return { area: "features", feature: parts[1], rest: parts.slice(2) };
  }
  return { area: parts[0] };
}

const isTest = (file) => /\.test\.(ts|tsx|mts|js|mjs)$/.test(file);

const isPublicEntry = (rest) =>
  rest.length === 0 || (rest.length === 1 && /^index\.(ts|tsx)$|^index$/.test(rest[0]));

/** The web app's imports that cross a boundary, as { file, line, specifier, message }. */
export function findBoundaryViolations(appDir) {
  const root = resolve(appDir);
  const violations = [];
  for (const file of sourceFiles(root)) {
    const from = placeOf(root, file);
    if (from.area !== "components" && from.area !== "lib" && from.area !== "features") continue;
    for (const { specifier, line } of relativeImports(file)) {
      const to = placeOf(root, resolve(dirname(file), specifier));
      if (to.area !== "features") continue;
      let message;
      if (from.area !== "features") {
        message = `${from.area}/ must not import from features/ (move the shared piece to components/ or lib/)`;
      } else if (to.feature !== from.feature && !isPublicEntry(to.rest)) {
        message = `features/${from.feature} may use features/${to.feature} only through its index.ts`;
      }
      if (message) violations.push({ file: relative(root, file), line, specifier, message });
    }
  }
  const graph = importGraph(root);
  const featureOf = (file) => {
    const place = placeOf(root, file);
    return place.area === "features" ? place.feature : undefined;
  };
  violations.push(...cycleViolations(root, graph, featureOf));
  return violations;
}

/** Import cycles between files and between features, as violations (shared by both apps). */
function cycleViolations(root, graph, featureOf) {
  const violations = [];
  for (const cycle of findImportCycles(root, graph)) {
    const [file, next] = cycle.files;
    const edge = graph.get(join(root, file)).find((e) => e.target === join(root, next));
    violations.push({
      file,
      line: edge.line,
      specifier: edge.specifier,
      message: `import cycle: ${cycle.files.join(" → ")}${cycle.size > cycle.files.length - 1 ? ` (${cycle.size} files in this knot)` : ""}`,
    });
  }
  for (const cycle of featureCyclesOf(root, graph, featureOf)) {
    violations.push({
      file: cycle.file,
      line: cycle.line,
      specifier: cycle.specifier,
      message: `feature cycle: ${cycle.features.join("/ → ")}/ (make one depend on the other, or move the shared piece down)`,
    });
  }
  return violations;
}

/** Where a server path sits: infrastructure, composition, or a feature (with the rest). */
function serverPlaceOf(srcDir, path) {
  const parts = relative(srcDir, path).split(sep);
  if (parts[0] === "..") return { kind: "outside" };
  if (parts.length === 1) return { kind: "composition", name: parts[0] };
  if (SERVER_INFRASTRUCTURE.includes(parts[0])) return { kind: "infrastructure", name: parts[0] };
  if (SERVER_COMPOSITION.includes(parts[0])) return { kind: "composition", name: parts[0] };
  return { kind: "feature", name: parts[0], rest: parts.slice(1) };
}

/** The import graph of a tree: each file's resolved relative imports inside it. */
function importGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    graph.set(
      file,
      relativeImports(file).map((imp) => ({ ...imp, target: resolveFile(file, imp.specifier) })),
    );
  }
  return graph;
}

/**
 * Every import cycle, one per strongly connected group of files (Tarjan), each shown as the
 * shortest chain from the group's first file back to itself.
 */
export function findImportCycles(root, graph = importGraph(resolve(root))) {
  return cyclesOf(graph).map(({ chain, size }) => ({
    files: chain.map((file) => relative(resolve(root), file)),
    size,
  }));
}

/** The knots (strongly connected groups) of a graph, each as one shortest closing chain. */
function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let counter = 0;
  const next = (file) => (graph.get(file) ?? []).map((e) => e.target).filter((t) => graph.has(t));
  function visit(file) {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of next(file)) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || next(file).includes(file)) groups.push(group);
    }
  }
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0];
    // Breadth-first inside the group from start back to start: the shortest closing chain.
    const previous = new Map();
    const queue = [start];
    let end;
    while (queue.length > 0 && end === undefined) {
      const file = queue.shift();
      for (const target of next(file)) {
        if (!members.has(target)) continue;
        if (target === start) {
          end = file;
          break;
        }
        if (!previous.has(target)) {
          previous.set(target, file);
          queue.push(target);
        }
      }
    }
    const chain = [start];
    for (let file = end; file !== start; file = previous.get(file)) chain.splice(1, 0, file);
    chain.push(start);
    return { chain, size: group.length };
  });
}

/** The server's boundary violations and import cycles, as { file, line, specifier, message }. */
export function findServerBoundaryViolations(srcDir) {
  const root = resolve(srcDir);
  const graph = importGraph(root);
  const violations = [];
  for (const [file, imports] of graph) {
    const from = serverPlaceOf(root, file);
    if (from.kind === "composition" || isTest(file)) continue;
    for (const { specifier, line, target } of imports) {
      const to = serverPlaceOf(root, target);
      if (to.kind !== "feature" || to.name === from.name) continue;
      let message;
      if (from.kind === "infrastructure") {
        message = `${from.name}/ is infrastructure and must not import a feature (${to.name}/): move the shared piece into ${from.name}/ or pass it in`;
      } else if (!isPublicEntry(to.rest)) {
        message = `${from.name}/ may use ${to.name}/ only through ${to.name}/index.ts`;
      }
      if (message) violations.push({ file: relative(root, file), line, specifier, message });
    }
  }
  for (const file of graph.keys()) {
    if (isTest(file) || serverPlaceOf(root, file).kind !== "feature") continue;
    violations.push(...layerViolations(root, file, graph.get(file)));
  }
  violations.push(...cycleViolations(root, graph, (file) => serverFeatureOf(root, file)));
  return violations;
}

function serverFeatureOf(root, file) {
  const place = serverPlaceOf(root, file);
  return place.kind === "feature" ? place.name : undefined;
}

const TRANSACTION = /\.transaction\(\)/g;

/** A repository that audits or throws HTTP errors, a routes file that opens a transaction. */
function layerViolations(root, file, imports) {
  const name = relative(root, file);
  const found = [];
  if (/repository\.ts$/.test(file)) {
    for (const { specifier, line, target } of imports) {
      const to = relative(root, target).split(sep);
      if (to[0] === "audit" || (to[0] === "lib" && to[1] === "http-errors.ts")) {
        found.push({
          file: name,
          line,
          specifier,
          message:
            "a repository fetches and stores rows: audit rows and HTTP errors belong to its service",
        });
      }
    }
  }
  if (/routes\.ts$/.test(file)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(TRANSACTION)) {
      found.push({
        file: name,
        line: text.slice(0, match.index).split("\n").length,
        specifier: match[0],
        message: "a route speaks HTTP: its transaction belongs to a service",
      });
    }
  }
  return found;
}

/**
 * Cycles between the server's features, over their non-test files: one per knot of
 * features, shown as the features' chain and the first import that starts it.
 */
export function findFeatureCycles(srcDir, graph = importGraph(resolve(srcDir))) {
  const root = resolve(srcDir);
  return featureCyclesOf(root, graph, (file) => serverFeatureOf(root, file));
}

/** Cycles between features (named by featureOf) over a graph's non-test files. */
function featureCyclesOf(root, graph, featureOf) {
  /** feature → feature → the first import (by file name) that makes the edge. */
  const edges = new Map();
  for (const file of [...graph.keys()].sort()) {
    const from = featureOf(file);
    if (!from || isTest(file)) continue;
    for (const imp of graph.get(file)) {
      const to = featureOf(imp.target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, { file, ...imp });
    }
  }
  const featureGraph = new Map();
  for (const [from, targets] of edges) {
    featureGraph.set(
      from,
      [...targets.keys()].map((to) => ({ target: to, specifier: "", line: 0 })),
    );
  }
  for (const targets of edges.values()) {
    for (const to of targets.keys()) if (!featureGraph.has(to)) featureGraph.set(to, []);
  }
  return cyclesOf(featureGraph).map(({ chain }) => {
    const first = edges.get(chain[0]).get(chain[1]);
    return {
      features: chain,
      file: relative(root, first.file),
      line: first.line,
      specifier: first.specifier,
    };
  });
}

function report(dir, violations) {
  for (const v of violations) {
    console.error(`${join(dir, v.file)}:${v.line}: "${v.specifier}": ${v.message}`);
  }
  return violations.length;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let problems = 0;
  if (args[0] === "--server") {
    const dir = args[1] ?? "apps/server/src";
    problems += report(dir, findServerBoundaryViolations(dir));
  } else if (args.length > 0) {
    problems += report(args[0], findBoundaryViolations(args[0]));
  } else {
    problems += report("apps/web/app", findBoundaryViolations("apps/web/app"));
    problems += report("apps/server/src", findServerBoundaryViolations("apps/server/src"));
  }
  if (problems > 0) {
    console.error(`${problems} import boundary violation(s).`);
    process.exit(1);
  }
}
