import { describe, expect, it } from "vitest";
import { deferScriptsToAfterFirstPaint, UnexpectedPageShape } from "./defer-scripts";

/** The shape React Router 8 prerenders (trimmed to what the rewrite reads). */
const page = [
  '<html><head><style data-href="/assets/app.css">h1{}</style>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/framework-3.js"/>',
  "</head><body><h1>Hello</h1>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-4.js";',
  'import * as route1 from "/assets/home-5.js";',
  "  ",
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client-2.js");</script></body></html>',
].join("\n");

describe("deferScriptsToAfterFirstPaint", () => {
  it("removes the preload links and requests the same files after a frame, in order", () => {
    const html = deferScriptsToAfterFirstPaint(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain("<h1>Hello</h1>");
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    const order = [
      'observe({ type: "paint", buffered: true })',
      '["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/framework-3.js"]',
      // The shared chunks first, each in a task of its own; never the entry early.
      'for (const href of ["/assets/framework-3.js"])',
      'await import("/assets/manifest-1.js")',
      'const route0 = await import("/assets/root-4.js")',
      'const route1 = await import("/assets/home-5.js")',
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
      'import("/assets/entry.client-2.js");',
    ].map((part) => script.indexOf(part));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("runs as a module that the browser accepts", async () => {
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(
      deferScriptsToAfterFirstPaint(page),
    )?.[1];
    // Parses as an async function body (top-level await in a module script).
    const AsyncFunction = (async () => {}).constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(script ?? "")).not.toThrow();
  });

  it("stops the build on a page of another shape rather than ship one that never starts", () => {
    expect(() => deferScriptsToAfterFirstPaint("<html><body>static</body></html>")).toThrow(
      UnexpectedPageShape,
    );
    expect(() =>
      deferScriptsToAfterFirstPaint(page.replace('import("/assets/entry.client-2.js");', "")),
    ).toThrow(UnexpectedPageShape);
    expect(() =>
      deferScriptsToAfterFirstPaint(page.replace("import * as route1", "import route1")),
    ).toThrow(UnexpectedPageShape);
  });
});
