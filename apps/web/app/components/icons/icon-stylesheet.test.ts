import { describe, expect, it } from "vitest";
import { iconSprite, iconStylesheet } from "./icon-stylesheet";
import { ICON_SHAPES } from "./shapes";

const names = Object.keys(ICON_SHAPES);

describe("the icon stylesheet", () => {
  it("draws every icon once, side by side, in one well-formed SVG strip", () => {
    const svg = new DOMParser().parseFromString(iconSprite(), "image/svg+xml");
    expect(svg.querySelector("parsererror")).toBeNull();
    const root = svg.documentElement;
    expect(root.getAttribute("viewBox")).toBe(`0 0 ${names.length * 24} 24`);
    const groups = Array.from(root.children);
    expect(groups).toHaveLength(names.length);
    groups.forEach((group, index) => {
      expect(group.getAttribute("transform")).toBe(`translate(${index * 24})`);
      expect(group.children.length).toBeGreaterThan(0);
    });
  });

  it("gives each icon's class its place in the strip, and the strip to every icon", () => {
    const css = iconStylesheet();
    names.forEach((name, index) => {
      expect(css).toContain(`.icon-${name}{--icon-index:${index}}`);
    });
    expect(css).toMatch(/^\.icon,\.icon-before::before\{-webkit-mask:url\("data:image\/svg\+xml,/);
    expect(css).toContain(`${names.length * 100}% 100% no-repeat`);
    expect(css).toContain(`calc(var(--icon-index) * 100% / ${names.length - 1}) 0`);
  });

  it("escapes the strip so that it can neither end the url() nor the <style> block", () => {
    const url = /url\("([^"]*)"\)/.exec(iconStylesheet())?.[1] ?? "";
    expect(url).not.toMatch(/[<>#"]/);
    const svg = decodeURIComponent(url.replace("data:image/svg+xml,", ""));
    expect(svg).toBe(iconSprite().replaceAll('"', "'"));
  });
});
