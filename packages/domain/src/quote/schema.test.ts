import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import type * as z from "zod";
import { zodIssuesToFieldErrors } from "../field-errors.ts";
import type { UsStateCode } from "../us-states.ts";
import { createDriver, createEmptyQuoteForm } from "./defaults.ts";
import type {
  Deductible,
  DriverRelationship,
  IncidentCount,
  LiabilityLevel,
  MileageBand,
  SafetyFeature,
  VehicleYear,
} from "./options.ts";
import {
  CoverageSchema,
  createAnyStatePersonalInfoSchema,
  createDriverSchema,
  createDriversSchema,
  createPersonalInfoSchema,
  createQuoteFormSchema,
  createVehicleInfoSchema,
  DriverSchema,
  PersonalInfoSchema,
  type QuoteForm,
  type QuoteFormInput,
  QuoteFormSchema,
  VehicleInfoSchema,
} from "./schema.ts";

/** Monday 2026-11-23, 09:30 CST. */
const NOW = new Date("2026-11-23T15:30:00Z");

function errorsOf(target: z.ZodType, input: unknown) {
  const result = target.safeParse(input);
  return result.success ? [] : zodIssuesToFieldErrors(result.error);
}

const personalInfo = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann.lee@example.com",
  phone: "(612) 555-0100",
  address: "1200 Nicollet Mall",
  city: "Minneapolis",
  state: "MN",
  zip: "55403",
  dob: "1985-04-12",
};

const safetyFeatures: SafetyFeature[] = ["Airbags", "Backup camera"];

const vehicleInfo = {
  year: "2021",
  make: "Subaru",
  model: "SUV",
  vin: "4s4btadc1m3123456",
  mileage: "8,000-11,999",
  primaryUse: "commute",
  ownership: "financed",
  safetyFeatures,
};

const driver = {
  firstName: "Ann",
  lastName: "Lee",
  dob: "1985-04-12",
  licenseNumber: "A123456789012",
  licenseState: "MN",
  relationship: "primary",
  accidents: "0",
  violations: "1",
};

const coverage = {
  liability: "100_300_100",
  collision: true,
  comprehensive: true,
  deductible: "1000",
  uninsuredMotorist: true,
  medicalPayments: false,
  rentalReimbursement: false,
  roadsideAssistance: true,
};

const validQuote: QuoteFormInput = {
  product: "Auto",
  personalInfo,
  vehicleInfo,
  drivers: [driver, { ...driver, firstName: "Sam", relationship: "spouse" }],
  coverage,
};

const schema = createQuoteFormSchema(NOW);

describe("QuoteFormSchema", () => {
  it("accepts a complete quote and normalises it", () => {
    const quote = schema.parse(validQuote);
    expect(quote.personalInfo.phone).toBe("6125550100");
    expect(quote.vehicleInfo.vin).toBe("4S4BTADC1M3123456");
    expect(quote.coverage.deductible).toBe(1000);
    expect(quote.drivers).toHaveLength(2);
  });

  it("defaults the product to Auto", () => {
    const { product: _omitted, ...withoutProduct } = validQuote;
    expect(schema.parse(withoutProduct).product).toBe("Auto");
    expect(schema.parse({ ...validQuote, product: "" }).product).toBe("Auto");
    expect(schema.parse({ ...validQuote, product: "Auto Insurance" }).product).toBe(
      "Auto Insurance",
    );
    expect(errorsOf(schema, { ...validQuote, product: 1 })).toEqual([
      { field: "product", message: "Product must be text" },
    ]);
    expect(errorsOf(schema, { ...validQuote, product: "P".repeat(51) })).toEqual([
      { field: "product", message: "Product must be at most 50 characters" },
    ]);
  });

  it("strips tags and trims free text", () => {
    const quote = schema.parse({
      ...validQuote,
      personalInfo: { ...personalInfo, firstName: " <b>Ann</b> ", address: "<i>1200</i> Nicollet" },
    });
    expect(quote.personalInfo.firstName).toBe("Ann");
    expect(quote.personalInfo.address).toBe("1200 Nicollet");
  });

  it("reuses the exported step schemas", () => {
    expect(Object.keys(QuoteFormSchema.shape.vehicleInfo.shape)).toEqual(
      Object.keys(VehicleInfoSchema.shape),
    );
    expect(QuoteFormSchema.shape.coverage).toBe(CoverageSchema);
    expect(Object.keys(QuoteFormSchema.shape.personalInfo.shape)).toEqual(
      Object.keys(PersonalInfoSchema.shape),
    );
    expect(Object.keys(DriverSchema.shape)).toEqual(Object.keys(driver));
  });

  it("names the section when one is missing", () => {
    expect(errorsOf(schema, { ...validQuote, coverage: undefined })).toEqual([
      { field: "coverage", message: "This section is missing or invalid" },
    ]);
  });
});

describe("PersonalInfoSchema rules", () => {
  const personal = createPersonalInfoSchema(NOW);
  it.each([
    ["firstName", "", "First name is required"],
    ["firstName", "<b></b>", "First name is required"],
    ["firstName", "A".repeat(51), "First name must be at most 50 characters"],
    ["lastName", "  ", "Last name is required"],
    ["lastName", "L".repeat(51), "Last name must be at most 50 characters"],
    ["email", "", "Email is required"],
    ["email", "ann@example", "Email is invalid"],
    ["email", "ann example.com", "Email is invalid"],
    [
      "email",
      `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`,
      "Email must be at most 254 characters",
    ],
    ["phone", "", "Phone number is required"],
    ["phone", "555-0100", "Phone number must be 10 digits"],
    ["phone", "2 612 555 0100", "Phone number must be 10 digits"],
    ["address", "", "Street address is required"],
    ["address", "x".repeat(101), "Street address must be at most 100 characters"],
    ["city", "", "City is required"],
    ["city", "x".repeat(51), "City must be at most 50 characters"],
    ["state", "", "State is required"],
    ["state", "WI", "Please select a state from the list"],
    ["zip", "", "ZIP code is required"],
    ["zip", "5540", "ZIP code must be 5 digits"],
    ["zip", "554033", "ZIP code must be 5 digits"],
    ["zip", "5540A", "ZIP code must be 5 digits"],
    ["dob", "", "Date of birth is required"],
    ["dob", "04/12/1985", "Date of birth must be a valid date"],
    ["dob", "1985-02-29", "Date of birth must be a valid date"],
    ["dob", "1899-12-31", "Date of birth must be between 01/01/1900 and today"],
    ["dob", "2026-11-24", "Date of birth must be between 01/01/1900 and today"],
  ])("%s = %j → %j", (field, value, message) => {
    expect(errorsOf(personal, { ...personalInfo, [field]: value })).toEqual([{ field, message }]);
  });

  it.each(["1900-01-01", "2011-11-23", "2000-02-29"])("accepts the birth date %s", (dob) => {
    expect(errorsOf(personal, { ...personalInfo, dob })).toEqual([]);
  });

  it.each(["2011-11-24", "2026-11-23"])("refuses %s: younger than 15 (0038)", (dob) => {
    expect(errorsOf(personal, { ...personalInfo, dob })).toEqual([
      { field: "dob", message: "Drivers and policyholders must be at least 15 years old" },
    ]);
  });

  it("counts a 29 February birthday from 1 March in other years", () => {
    const firstOfMarch = createPersonalInfoSchema(new Date("2027-03-01T18:00:00Z"));
    const lastOfFebruary = createPersonalInfoSchema(new Date("2027-02-28T18:00:00Z"));
    expect(errorsOf(firstOfMarch, { ...personalInfo, dob: "2012-02-29" })).toEqual([]);
    expect(errorsOf(lastOfFebruary, { ...personalInfo, dob: "2012-02-29" })).toHaveLength(1);
  });

  it("takes today from the Chicago calendar", () => {
    // 23:30 on Sunday in Chicago, already Monday in UTC.
    const sundayLate = createPersonalInfoSchema(new Date("2026-11-23T05:30:00Z"));
    expect(errorsOf(sundayLate, { ...personalInfo, dob: "2011-11-22" })).toEqual([]);
    expect(errorsOf(sundayLate, { ...personalInfo, dob: "2011-11-23" })).toEqual([
      { field: "dob", message: "Drivers and policyholders must be at least 15 years old" },
    ]);
    expect(errorsOf(sundayLate, { ...personalInfo, dob: "2026-11-23" })).toEqual([
      { field: "dob", message: "Date of birth must be between 01/01/1900 and today" },
    ]);
  });

  it("lets the dialog (and the server) take any state, with the page's other rules (0012)", () => {
    const dialog = createAnyStatePersonalInfoSchema(NOW);
    expect(errorsOf(dialog, { ...personalInfo, state: "WI" })).toEqual([]);
    expect(errorsOf(dialog, { ...personalInfo, state: "WI", zip: "5440" })).toEqual(
      errorsOf(createPersonalInfoSchema(NOW), { ...personalInfo, zip: "5440" }),
    );
    expect(errorsOf(dialog, { ...personalInfo, state: "ZZ" })).toEqual([
      { field: "state", message: "Please select a state from the list" },
    ]);
    expect(errorsOf(dialog, { ...personalInfo, zip: "" })).toEqual([
      { field: "zip", message: "ZIP code is required" },
    ]);
  });
});

describe("VehicleInfoSchema rules", () => {
  // Model years follow the clock (next year's down to 2000): 2027 is the newest at NOW.
  const vehicleAtNow = createVehicleInfoSchema(NOW);
  it.each([
    ["year", "", "Vehicle year is required"],
    ["year", "1999", "Please select a vehicle year from the list"],
    ["year", "2028", "Please select a vehicle year from the list"],
    ["make", "", "Vehicle make is required"],
    ["make", "Yugo", "Please select a vehicle make from the list"],
    ["model", "", "Vehicle model is required"],
    ["model", "Camry", "Please select a vehicle model from the list"],
    ["vin", "1HGCM82633A0043521", "VIN must be at most 17 characters"],
    ["vin", "1HGCM-82633", "VIN can only contain letters and digits"],
    ["vin", 12345, "VIN must be text"],
    ["mileage", "", "Annual mileage is required"],
    ["mileage", "16,000+", "Please select an annual mileage from the list"],
    ["primaryUse", "", "Primary use is required"],
    ["primaryUse", "racing", "Please select a primary use from the list"],
    ["ownership", "", "Ownership is required"],
    ["ownership", "rented", "Please select an ownership type from the list"],
    ["safetyFeatures", "Airbags", "Safety features must be a list"],
    ["safetyFeatures", ["Airbags", "Airbags"], "Each safety feature can be selected only once"],
  ])("%s = %j → %j", (field, value, message) => {
    expect(errorsOf(vehicleAtNow, { ...vehicleInfo, [field]: value })).toEqual([
      { field, message },
    ]);
  });

  it("reports an unknown safety feature at its index", () => {
    expect(
      errorsOf(VehicleInfoSchema, { ...vehicleInfo, safetyFeatures: ["Airbags", "Jet pack"] }),
    ).toEqual([
      { field: "safetyFeatures.1", message: "Please select safety features from the list" },
    ]);
  });

  it("treats the VIN as optional: missing, empty or up to 17 letters and digits", () => {
    const { vin: _omitted, ...withoutVin } = vehicleInfo;
    expect(VehicleInfoSchema.parse(withoutVin).vin).toBe("");
    expect(VehicleInfoSchema.parse({ ...vehicleInfo, vin: "" }).vin).toBe("");
    expect(VehicleInfoSchema.parse({ ...vehicleInfo, vin: " 1hgcm82633a004352 " }).vin).toBe(
      "1HGCM82633A004352",
    );
  });

  it("defaults safety features to none", () => {
    const { safetyFeatures: _omitted, ...withoutFeatures } = vehicleInfo;
    expect(VehicleInfoSchema.parse(withoutFeatures).safetyFeatures).toEqual([]);
  });
});

describe("DriverSchema rules", () => {
  const drivers = createDriverSchema(NOW);
  it.each([
    ["firstName", "", "First name is required"],
    ["lastName", "", "Last name is required"],
    ["dob", "", "Date of birth is required"],
    ["dob", "1985-13-01", "Date of birth must be a valid date"],
    ["dob", "2030-01-01", "Date of birth must be between 01/01/1900 and today"],
    ["licenseNumber", "", "License number is required"],
    ["licenseNumber", "A12345678901", "License number must be exactly 13 characters"],
    ["licenseNumber", "A1234567890123", "License number must be exactly 13 characters"],
    ["licenseState", "", "License state is required"],
    ["licenseState", "XX", "Please select a license state from the list"],
    ["relationship", "", "Relationship is required"],
    ["relationship", "cousin", "Please select a relationship from the list"],
    ["accidents", "", "Number of accidents is required"],
    ["accidents", "4", "Please select a number of accidents from the list"],
    ["violations", "", "Number of violations is required"],
    ["violations", "3+", "Please select a number of violations from the list"],
  ])("%s = %j → %j", (field, value, message) => {
    expect(errorsOf(drivers, { ...driver, [field]: value })).toEqual([{ field, message }]);
  });

  it("accepts a license from any of the 50 states", () => {
    expect(errorsOf(drivers, { ...driver, licenseState: "WI" })).toEqual([]);
    expect(errorsOf(drivers, { ...driver, licenseState: "HI" })).toEqual([]);
  });
});

describe("drivers list rules", () => {
  const list = createDriversSchema(NOW);
  it.each([
    [[], "drivers", "At least one driver is required"],
    [undefined, "drivers", "At least one driver is required"],
    [Array.from({ length: 21 }, () => driver), "drivers", "No more than 20 drivers can be added"],
  ])("%#: %s → %s", (value, field, message) => {
    expect(errorsOf(schema, { ...validQuote, drivers: value })).toEqual([{ field, message }]);
  });

  it("accepts 1 to 20 drivers", () => {
    expect(errorsOf(list, [driver])).toEqual([]);
    expect(
      errorsOf(
        list,
        Array.from({ length: 20 }, () => driver),
      ),
    ).toEqual([]);
  });

  it("requires the first driver to be the primary driver", () => {
    expect(errorsOf(list, [{ ...driver, relationship: "spouse" }])).toEqual([
      { field: "0.relationship", message: "The first driver must be the primary driver" },
    ]);
    expect(
      errorsOf(schema, { ...validQuote, drivers: [{ ...driver, relationship: "child" }] }),
    ).toEqual([
      { field: "drivers.0.relationship", message: "The first driver must be the primary driver" },
    ]);
  });

  it("reports the primary rule even while other driver fields are invalid", () => {
    expect(errorsOf(list, [{ ...driver, licenseNumber: "", relationship: "other" }])).toEqual([
      { field: "0.licenseNumber", message: "License number is required" },
      { field: "0.relationship", message: "The first driver must be the primary driver" },
    ]);
  });

  it("locates errors of later drivers by index", () => {
    expect(errorsOf(list, [driver, createDriver()])).toEqual([
      { field: "1.firstName", message: "First name is required" },
      { field: "1.lastName", message: "Last name is required" },
      { field: "1.dob", message: "Date of birth is required" },
      { field: "1.licenseNumber", message: "License number is required" },
      { field: "1.licenseState", message: "License state is required" },
    ]);
  });
});

describe("CoverageSchema rules", () => {
  it.each([
    [250, 250],
    ["500", 500],
    [" 750 ", 750],
    [1000, 1000],
    ["1500", 1500],
    [2000, 2000],
  ])("deductible %j → %d", (input, output) => {
    expect(CoverageSchema.parse({ ...coverage, deductible: input }).deductible).toBe(output);
  });

  it.each([
    ["liability", "", "Liability coverage is required"],
    ["liability", "10_20_10", "Please select a liability limit from the list"],
    ["deductible", "", "Deductible is required"],
    ["deductible", undefined, "Deductible is required"],
    ["deductible", 100, "Please select a deductible from the list"],
    ["deductible", "1,000", "Please select a deductible from the list"],
    ["deductible", "abc", "Please select a deductible from the list"],
    ["collision", "yes", "Collision coverage must be true or false"],
    ["comprehensive", undefined, "Comprehensive coverage must be true or false"],
    ["uninsuredMotorist", 1, "Uninsured motorist coverage must be true or false"],
    ["medicalPayments", null, "Medical payments coverage must be true or false"],
    ["rentalReimbursement", "false", "Rental reimbursement must be true or false"],
    ["roadsideAssistance", 0, "Roadside assistance must be true or false"],
  ])("%s = %j → %j", (field, value, message) => {
    expect(errorsOf(CoverageSchema, { ...coverage, [field]: value })).toEqual([{ field, message }]);
  });
});

describe("default clock", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the current time at each parse, not at import", () => {
    const form = { ...validQuote, personalInfo: { ...personalInfo, dob: "2015-06-01" } };
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-05-31T12:00:00Z"));
    expect(QuoteFormSchema.safeParse(form).success).toBe(false);
    vi.setSystemTime(new Date("2030-06-01T12:00:00Z"));
    expect(QuoteFormSchema.safeParse(form).success).toBe(true);
  });

  it("validates the empty form with a message for every required field", () => {
    const fields = errorsOf(schema, createEmptyQuoteForm()).map((error) => error.field);
    expect(fields).toEqual([
      "personalInfo.firstName",
      "personalInfo.lastName",
      "personalInfo.email",
      "personalInfo.phone",
      "personalInfo.address",
      "personalInfo.city",
      "personalInfo.zip",
      "personalInfo.dob",
      "vehicleInfo.year",
      "vehicleInfo.make",
      "vehicleInfo.model",
      "vehicleInfo.mileage",
      "drivers.0.firstName",
      "drivers.0.lastName",
      "drivers.0.dob",
      "drivers.0.licenseNumber",
      "drivers.0.licenseState",
    ]);
  });
});

describe("types", () => {
  it("narrows choices in the output and keeps text in the input", () => {
    expectTypeOf<QuoteForm["vehicleInfo"]["year"]>().toEqualTypeOf<VehicleYear>();
    expectTypeOf<QuoteForm["vehicleInfo"]["mileage"]>().toEqualTypeOf<MileageBand>();
    // The licensed states come from the profile, so the type is any state's code.
    expectTypeOf<QuoteForm["personalInfo"]["state"]>().toEqualTypeOf<UsStateCode>();
    expectTypeOf<
      QuoteForm["drivers"][number]["relationship"]
    >().toEqualTypeOf<DriverRelationship>();
    expectTypeOf<QuoteForm["drivers"][number]["accidents"]>().toEqualTypeOf<IncidentCount>();
    expectTypeOf<QuoteForm["coverage"]["liability"]>().toEqualTypeOf<LiabilityLevel>();
    expectTypeOf<QuoteForm["coverage"]["deductible"]>().toEqualTypeOf<Deductible>();
    expectTypeOf<QuoteForm["vehicleInfo"]["vin"]>().toEqualTypeOf<string>();
    expectTypeOf<QuoteFormInput["vehicleInfo"]["year"]>().toEqualTypeOf<string>();
    expectTypeOf<QuoteFormInput["coverage"]["deductible"]>().toEqualTypeOf<string | number>();
  });
});
