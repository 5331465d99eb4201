import { readFileSync } from "node:fs";
import path from "node:path";
import { loadAgencyProfile } from "@agency/domain/agency-profile-files";
import { describe, expect, it } from "vitest";
import { brandStylesheet, deriveShade } from "./brand-colors.ts";

const appCss = readFileSync(path.join(import.meta.dirname, "app/app.css"), "utf8");
const themeColors = (css: string) =>
  Object.fromEntries(
    [...css.matchAll(/--color-((?:brand|navy)-\d+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]),
  );

describe("brandStylesheet", () => {
  it("leaves app.css as it is for the sample's colors (the sample renders as designed)", () => {
    const sample = loadAgencyProfile(path.join(import.meta.dirname, "../../agency"));
    expect(brandStylesheet(appCss, sample.brand)).toBe(appCss);
  });

  it("sets another profile's colors and derives lighter and darker shades from them", () => {
    const other = loadAgencyProfile(
      path.join(import.meta.dirname, "../../test-fixtures/other-agency"),
    );
    const colors = themeColors(brandStylesheet(appCss, other.brand));
    expect(colors["brand-600"]).toBe(other.brand.primary);
    expect(colors["brand-700"]).toBe(other.brand.primaryHover);
    expect(colors["navy-900"]).toBe(other.brand.dark);
    const sample = themeColors(appCss);
    for (const name of Object.keys(sample)) expect(colors[name], name).not.toBe(sample[name]);
    // Lighter shades stay lighter, darker darker: luminance order as in the sample.
    const luminance = (hex: string) =>
      [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(hex.slice(i, i + 2), 16), 0);
    const order = ["brand-50", "brand-100", "brand-200", "brand-600", "brand-700", "brand-800"];
    const values = order.map((name) => luminance(colors[name] as string));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(luminance(colors["navy-950"] as string)).toBeLessThan(
      luminance(colors["navy-900"] as string),
    );
    expect(luminance(colors["navy-700"] as string)).toBeGreaterThan(
      luminance(colors["navy-800"] as string),
    );
  });

  it("refuses a stylesheet whose @theme lacks a color the profile sets", () => {
    expect(() =>
      brandStylesheet(appCss.replace("--color-navy-800", "--color-ink-800"), {
        primary: "#0b5d3b",
        primaryHover: "#084a2f",
        dark: "#102a43",
      }),
    ).toThrow("--color-navy-800");
  });
});

describe("deriveShade", () => {
  it("keeps a shade's share of the way to white, its hue turn, and stays in sRGB", () => {
    // The sample's brand-50 is a near-white tint of its blue: a green's is a near-white green.
    const tint = deriveShade("#1d5bd8", "#eef4ff", "#0b5d3b");
    expect(tint).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(tint.slice(i, i + 2), 16));
    expect(Math.min(r as number, g as number, b as number)).toBeGreaterThan(225);
    expect(g).toBeGreaterThan(r as number);
    expect(deriveShade("#1d5bd8", "#eef4ff", "#1d5bd8")).toBe("#eef4ff");
  });
});
