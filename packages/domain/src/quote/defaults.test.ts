import { describe, expect, it } from "vitest";
import {
  createDriver,
  createEmptyQuoteForm,
  isLockedPrimaryDriverField,
  isMirroredToPrimaryDriver,
  MIRRORED_DRIVER_FIELDS,
  syncPrimaryDriver,
} from "./defaults.ts";
import { createQuoteFormSchema } from "./schema.ts";

describe("createEmptyQuoteForm", () => {
  it("starts from the spec's defaults", () => {
    const form = createEmptyQuoteForm();
    expect(form.product).toBe("Auto");
    expect(form.personalInfo.state).toBe("MN");
    expect(form.vehicleInfo).toMatchObject({
      primaryUse: "personal",
      ownership: "owned",
      safetyFeatures: [],
      vin: "",
    });
    expect(form.drivers).toHaveLength(1);
    expect(form.drivers?.[0]).toMatchObject({
      relationship: "primary",
      accidents: "0",
      violations: "0",
    });
    expect(form.coverage).toEqual({
      liability: "state_minimum",
      collision: true,
      comprehensive: true,
      deductible: 500,
      uninsuredMotorist: true,
      medicalPayments: true,
      rentalReimbursement: false,
      roadsideAssistance: false,
    });
  });

  it("returns a fresh object every time", () => {
    const first = createEmptyQuoteForm();
    first.vehicleInfo.safetyFeatures?.push("Airbags");
    first.drivers?.push(createDriver());
    const second = createEmptyQuoteForm();
    expect(second.vehicleInfo.safetyFeatures).toEqual([]);
    expect(second.drivers).toHaveLength(1);
  });

  it("becomes valid once the required fields are filled", () => {
    const form = syncPrimaryDriver({
      ...createEmptyQuoteForm(),
      personalInfo: {
        firstName: "Ann",
        lastName: "Lee",
        email: "ann@example.com",
        phone: "6125550100",
        address: "1 Main St",
        city: "Minneapolis",
        state: "MN",
        zip: "55401",
        dob: "1990-01-01",
      },
    });
    const [first] = form.drivers ?? [];
    const filled = {
      ...form,
      vehicleInfo: {
        ...form.vehicleInfo,
        year: "2020",
        make: "Ford",
        model: "Truck",
        mileage: "0-3,999",
      },
      drivers: first ? [{ ...first, licenseNumber: "F123456789012", licenseState: "MN" }] : [],
    };
    const schema = createQuoteFormSchema(new Date("2026-11-23T15:30:00Z"));
    expect(schema.safeParse(filled).success).toBe(true);
  });
});

describe("createDriver", () => {
  it("adds drivers as 'additional' with clean records", () => {
    expect(createDriver()).toEqual({
      firstName: "",
      lastName: "",
      dob: "",
      licenseNumber: "",
      licenseState: "",
      relationship: "additional",
      accidents: "0",
      violations: "0",
    });
    expect(createDriver("spouse").relationship).toBe("spouse");
  });
});

describe("syncPrimaryDriver", () => {
  it("copies name and birth date to the first driver and keeps it primary", () => {
    const form = createEmptyQuoteForm();
    const synced = syncPrimaryDriver({
      ...form,
      personalInfo: { ...form.personalInfo, firstName: "Ann", lastName: "Lee", dob: "1990-01-01" },
      drivers: [{ ...createDriver("other"), licenseNumber: "X" }, createDriver("child")],
    });
    expect(synced.drivers?.[0]).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      dob: "1990-01-01",
      relationship: "primary",
      licenseNumber: "X",
    });
    expect(synced.drivers?.[1]?.relationship).toBe("child");
  });

  it("recreates a missing first driver", () => {
    const synced = syncPrimaryDriver({ ...createEmptyQuoteForm(), drivers: [] });
    expect(synced.drivers).toHaveLength(1);
    expect(synced.drivers?.[0]?.relationship).toBe("primary");
  });
});

describe("the first driver's locked fields", () => {
  it("mirror the applicant's name and date of birth, and keep the relationship", () => {
    for (const field of MIRRORED_DRIVER_FIELDS) {
      expect(isMirroredToPrimaryDriver(field)).toBe(true);
      expect(isLockedPrimaryDriverField(field)).toBe(true);
    }
    expect(isLockedPrimaryDriverField("relationship")).toBe(true);
    expect(isMirroredToPrimaryDriver("relationship")).toBe(false);
    expect(isLockedPrimaryDriverField("licenseNumber")).toBe(false);
  });
});
