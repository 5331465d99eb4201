/**
 * Build step (react-router.config.ts, after prerendering): a prerendered page starts its
 * JavaScript after its first paint instead of alongside it.
 *
 * React Router writes a `<link rel="modulepreload">` for every chunk of the page and a
 * module script that imports the route modules and then the client entry. On a phone's
 * link those ~140 KB of scripts download at high priority together with the HTML, and
 * the page text (already in the HTML, styled by the inline stylesheet) waits for the
 * bandwidth they take. This rewrites the page so that the same files, in the same order,
 * are requested one frame after the first paint: the preload links are added by the
 * module script then, and the route modules and the entry are imported as before.
 *
 * "After the first paint" means: the browser has reported its first `paint` performance
 * entry (sent once the frame is on the screen; a frame callback alone can run before that
 * on a busy phone), and the whole document has loaded and two more frames have been drawn
 * (a long page is painted in parts as it is parsed: its largest text can come after the
 * first paint). If that takes longer than PAINT_WAIT_LIMIT_MS the scripts start anyway. A
 * page in a background tab does not paint; it starts at once.
 *
 * The rewrite is exact or nothing: if the page does not have the expected shape (a
 * different React Router output), the build stops rather than ship a page that never
 * hydrates.
 */

/** The longest a page waits for its first paint before starting its scripts regardless. */
export const PAINT_WAIT_LIMIT_MS = 3000;

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/;
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = (\{[^\n]*\});$/;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/;

export class UnexpectedPageShape extends Error {}

/** Returns the page with its scripts started after the first paint. */
export function deferScriptsToAfterFirstPaint(html: string): string {
  const preloads = Array.from(html.matchAll(PRELOAD_LINK), (match) => match[1] ?? "");
  const scripts = Array.from(html.matchAll(MODULE_SCRIPT));
  if (scripts.length !== 1 || preloads.length === 0) {
    throw new UnexpectedPageShape(
      `expected one module script and its preload links, found ${scripts.length} and ${preloads.length}`,
    );
  }
  const rewritten = rewriteModuleScript(scripts[0]?.[1] ?? "", preloads);
  return html
    .replace(PRELOAD_LINK, "")
    .replace(MODULE_SCRIPT, () => `<script type="module" async="">${rewritten}</script>`);
}

function rewriteModuleScript(body: string, preloads: string[]): string {
  const sideEffects: string[] = [];
  const routes: Array<[string, string]> = [];
  let routeModules: string | undefined;
  let entry: string | undefined;
  for (const line of body.split("\n").map((text) => text.trim())) {
    if (line === "") continue;
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    const namespace = NAMESPACE_IMPORT.exec(line);
    const modules = ROUTE_MODULES.exec(line);
    const entryImport = ENTRY_IMPORT.exec(line);
    if (sideEffect?.[1]) sideEffects.push(sideEffect[1]);
    else if (namespace?.[1] && namespace[2]) routes.push([namespace[1], namespace[2]]);
    else if (modules?.[1]) routeModules = modules[1];
    else if (entryImport?.[1]) entry = entryImport[1];
    else throw new UnexpectedPageShape(`unexpected line in the module script: ${line}`);
  }
  if (!routeModules || !entry || routes.length === 0) {
    throw new UnexpectedPageShape("the module script lacks its route modules or its entry");
  }
  // The shared chunks (framework, runtime, shell): every preload that is neither an
  // import of the script nor its entry. Importing them first, one per task, spreads the
  // evaluation of ~140 KB of code over several short tasks instead of one long one, so
  // the page stays responsive while it comes alive.
  const named = new Set([...sideEffects, ...routes.map(([, specifier]) => specifier), entry]);
  const chunks = preloads.filter((href) => !named.has(href));
  const json = JSON.stringify;
  const nextTask = "await new Promise((resolve) => setTimeout(resolve, 0));";
  return [
    'if (document.visibilityState === "visible") {',
    `  const limit = new Promise((resolve) => setTimeout(resolve, ${PAINT_WAIT_LIMIT_MS}));`,
    "  const painted = new Promise((resolve) => {",
    '    new PerformanceObserver(resolve).observe({ type: "paint", buffered: true });',
    "  });",
    "  const loaded = new Promise((resolve) => {",
    '    if (document.readyState === "complete") resolve();',
    '    else addEventListener("load", resolve, { once: true });',
    "  });",
    "  const twoFrames = () =>",
    "    new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));",
    "  await Promise.race([limit, Promise.all([painted, loaded.then(twoFrames)])]);",
    "}",
    `for (const href of ${json(preloads)}) {`,
    '  const link = document.createElement("link");',
    '  link.rel = "modulepreload";',
    "  link.href = href;",
    "  document.head.append(link);",
    "}",
    `for (const href of ${json(chunks)}) {`,
    `  ${nextTask}`,
    "  await import(href);",
    "}",
    ...sideEffects.flatMap((specifier) => [nextTask, `await import(${json(specifier)});`]),
    ...routes.flatMap(([name, specifier]) => [
      nextTask,
      `const ${name} = await import(${json(specifier)});`,
    ]),
    `window.__reactRouterRouteModules = ${routeModules};`,
    nextTask,
    `import(${json(entry)});`,
  ].join("\n");
}
