import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { missingFromBuild } from "./check-other-profile.mjs";
import {
  findLeaks,
  markersIn,
  OTHER_PROFILE_DIR,
  phoneForms,
  SAMPLE_PROFILE_DIR,
  sampleImageHashes,
  sampleMarkers,
  summarizeLeaks,
} from "./sample-leaks.mjs";

const markers = sampleMarkers();
const texts = (found) => found.map((marker) => marker.text);
const other = JSON.parse(readFileSync(path.join(OTHER_PROFILE_DIR, "agency.json"), "utf8"));

let folders = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sample-leaks-"));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  folders = [];
});

describe("the sample's markers", () => {
  it("write a phone number every way pages and links do", () => {
    expect(phoneForms("(612) 555-0147")).toEqual(
      expect.arrayContaining(["(612) 555-0147", "612-555-0147", "6125550147", "+16125550147"]),
    );
    expect(phoneForms("+1 612 555 0147")).toEqual(phoneForms("612-555-0147"));
  });

  it("come from the sample's profile: names, phones, email, street, people, carriers, reviews", () => {
    const sample = JSON.parse(readFileSync(path.join(SAMPLE_PROFILE_DIR, "agency.json"), "utf8"));
    const all = texts(markers).map((text) => text.toLowerCase());
    for (const text of [
      sample.name,
      sample.legalName,
      sample.email,
      sample.address.street,
      sample.team[0].name,
      sample.carriers[0].name,
      sample.reviews[0].author,
      "North Lakes",
      "Lyn-Lake",
      "+16125550147",
    ]) {
      expect(all).toContain(text.toLowerCase());
    }
  });

  it("are found however a page writes them: HTML entities, JS escapes, capitals, React's text breaks", () => {
    expect(texts(markersIn('<a href="tel:+16125550147">Call</a>', markers))).toContain(
      "+16125550147",
    );
    expect(texts(markersIn("NORTH LAKES INSURANCE", markers))).toContain("North Lakes");
    expect(texts(markersIn('"Lyn\\u002dLake"', markers))).toContain("Lyn-Lake");
    expect(texts(markersIn("shadow-[0_-8px_24px_rgb(11_31_68/0.12)]", markers))).toContain(
      "rgb(11_31_68",
    );
    expect(texts(markersIn("2401 Lyndale Ave S,<!-- --> Suite 200", markers))).toContain(
      "2401 Lyndale Ave S, Suite 200",
    );
  });

  it("name the sample's region: its state, places served, region, regulator and county", () => {
    expect(texts(markersIn("Licensed in Minnesota", markers))).toEqual(["Minnesota"]);
    for (const text of [
      "across Minneapolis–St. Paul",
      "Saint Paul",
      "Hennepin County",
      "the Minnesota Department of Commerce",
    ]) {
      expect(markersIn(text, markers), text).not.toEqual([]);
    }
  });

  it("leave a state's name alone in a list of all 50 states, as JS and as HTML", () => {
    const list = "[{value:`MI`,label:`Michigan`},{value:`MN`,label:`Minnesota`}]";
    expect(markersIn(list, markers)).toEqual([]);
    expect(markersIn('{ value: "MN", label: "Minnesota" }', markers)).toEqual([]);
    expect(markersIn('<option value="MN">Minnesota</option>', markers)).toEqual([]);
    expect(texts(markersIn(`${list} Licensed in Minnesota`, markers))).toEqual(["Minnesota"]);
  });

  it("leave out a region word the other profile says too (an agency in the same state)", () => {
    const dir = folder();
    writeFileSync(
      path.join(dir, "agency.json"),
      JSON.stringify({ ...other, address: { ...other.address, state: "MN" }, licensedIn: ["MN"] }),
    );
    const sameState = texts(sampleMarkers(SAMPLE_PROFILE_DIR, dir));
    expect(sameState).not.toContain("Minnesota");
    expect(sameState).toContain("Hennepin");
    expect(texts(markers)).toContain("Minnesota");
  });

  it("are not in the second profile, text or image (the proof would fail for nothing)", () => {
    expect(markersIn(JSON.stringify(other), markers)).toEqual([]);
    expect(findLeaks(OTHER_PROFILE_DIR, markers, sampleImageHashes())).toEqual([]);
  });
});

describe("findLeaks", () => {
  it("reports each file holding a marker or one of the sample's images, and nothing else", () => {
    const dir = folder();
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), `<p>${other.name}</p><p>(612) 555-0147</p>`);
    writeFileSync(path.join(dir, "assets", "page.js"), 'const a="info@northlakesinsurance.com";');
    writeFileSync(path.join(dir, "clean.css"), "body{color:#102a43}");
    writeFileSync(path.join(dir, "index.html.br"), "North Lakes"); // a compressed copy
    const logo = readFileSync(path.join(SAMPLE_PROFILE_DIR, "logo.svg"));
    writeFileSync(path.join(dir, "copied.png"), logo);
    writeFileSync(
      path.join(dir, "own.png"),
      readFileSync(path.join(OTHER_PROFILE_DIR, "logo.png")),
    );

    const leaks = findLeaks(dir, markers, sampleImageHashes());
    const files = [...new Set(leaks.map((leak) => leak.file))];
    expect(files).toEqual(["assets/page.js", "copied.png", "index.html"]);
    // (public/favicon.svg is byte for byte the sample's logo.svg: either name is right.)
    expect(leaks.find((leak) => leak.file === "copied.png")?.text).toMatch(/^the same bytes as /);
    expect(
      summarizeLeaks(leaks).some((line) => line.startsWith('phone: "(612) 555-0147" in')),
    ).toBe(true);
  });

  it("finds nothing in a clean folder", () => {
    const dir = folder();
    writeFileSync(path.join(dir, "index.html"), `<p>${other.name}, ${other.phone}</p>`);
    expect(findLeaks(dir, markers, sampleImageHashes())).toEqual([]);
  });
});

describe("missingFromBuild", () => {
  it("fails a build that is not there or was made with another profile", () => {
    const dir = folder();
    writeFileSync(path.join(dir, "index.html"), "<p>North Lakes Insurance Agency</p>");
    const problems = missingFromBuild(dir, other);
    expect(problems).toContain(`index.html: does not hold "${other.name}"`);
    expect(problems).toContain("sitemap.xml: not built");
  });
});
