import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agencyProfileJsonSchema } from "./agency-profile.ts";
import {
  AgencyProfileError,
  agencyDir,
  checkAgencyProfile,
  DEFAULT_AGENCY_DIR,
  loadAgencyProfile,
} from "./agency-profile-files.ts";

const dir = mkdtempSync(path.join(tmpdir(), "agency-profile-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the profile folder", () => {
  it("ships a valid sample agency, marked sample", () => {
    expect(checkAgencyProfile(DEFAULT_AGENCY_DIR)).toEqual([]);
    expect(loadAgencyProfile(DEFAULT_AGENCY_DIR).sample).toBe(true);
  });

  it("is AGENCY_DIR when set (relative to the repository), else agency/", () => {
    expect(agencyDir({})).toBe(DEFAULT_AGENCY_DIR);
    expect(agencyDir({ AGENCY_DIR: "  " })).toBe(DEFAULT_AGENCY_DIR);
    expect(agencyDir({ AGENCY_DIR: "/srv/agency" })).toBe("/srv/agency");
    expect(agencyDir({ AGENCY_DIR: "profiles/mine" })).toBe(
      path.join(path.dirname(DEFAULT_AGENCY_DIR), "profiles/mine"),
    );
  });

  it("names a missing file, bad JSON and a file that is not an image", () => {
    expect(checkAgencyProfile(dir)).toEqual([`agency.json: not found in ${dir}`]);
    writeFileSync(path.join(dir, "agency.json"), "{ nope");
    expect(checkAgencyProfile(dir)[0]).toMatch(/^agency\.json: is not valid JSON \(/);

    const sample = JSON.parse(readFileSync(path.join(DEFAULT_AGENCY_DIR, "agency.json"), "utf8"));
    // The sample's pictures (team photos, carrier logos) beside it; the logo is broken below.
    for (const file of readdirSync(DEFAULT_AGENCY_DIR).filter((name) => !name.endsWith(".json"))) {
      copyFileSync(path.join(DEFAULT_AGENCY_DIR, file), path.join(dir, file));
    }
    writeFileSync(path.join(dir, "agency.json"), JSON.stringify({ ...sample, phone: "555-0147" }));
    writeFileSync(path.join(dir, "logo.svg"), "not an image");
    expect(checkAgencyProfile(dir)).toEqual([
      'agency.json: phone: "555-0147" is not a 10-digit US phone number',
      'agency.json: logo: "logo.svg" is not a PNG, JPEG, WebP or SVG image',
    ]);
    writeFileSync(path.join(dir, "agency.json"), JSON.stringify(sample));
    expect(checkAgencyProfile(dir)).toEqual([
      'agency.json: logo: "logo.svg" is not a PNG, JPEG, WebP or SVG image',
    ]);
    expect(() => loadAgencyProfile(dir)).toThrow(AgencyProfileError);
    copyFileSync(path.join(DEFAULT_AGENCY_DIR, "logo.svg"), path.join(dir, "logo.svg"));
    expect(checkAgencyProfile(dir)).toEqual([]);
  });

  it("checks every picture the sample names by its content: a photo that is not the JPEG its name says is refused", () => {
    const photo = loadAgencyProfile(DEFAULT_AGENCY_DIR).team[0]?.photo ?? "";
    expect(photo).toMatch(/\.jpg$/);
    copyFileSync(path.join(DEFAULT_AGENCY_DIR, "logo.svg"), path.join(dir, photo));
    expect(checkAgencyProfile(dir)).toEqual([
      `agency.json: team[0].photo: "${photo}" is an SVG image, not JPEG as its name says`,
    ]);
    copyFileSync(path.join(DEFAULT_AGENCY_DIR, photo), path.join(dir, photo));
    expect(checkAgencyProfile(dir)).toEqual([]);
  });

  it("has a current JSON Schema beside it (npm run agency:schema writes it)", () => {
    const committed = JSON.parse(
      readFileSync(path.join(DEFAULT_AGENCY_DIR, "agency.schema.json"), "utf8"),
    );
    expect(
      committed,
      "agency/agency.schema.json is out of date: run npm run agency:schema",
    ).toEqual(agencyProfileJsonSchema());
  });
});
