import { DEFAULT_QUOTE_PRODUCT } from "./limits.ts";
import { type DriverRelationship, QUOTE_ADDRESS_STATES } from "./options.ts";
import type { DriverInput, QuoteFormInput } from "./schema.ts";

/** A blank driver; drivers added after the first default to "additional". */
export function createDriver(relationship: DriverRelationship = "additional"): DriverInput {
  return {
    firstName: "",
    lastName: "",
    dob: "",
    licenseNumber: "",
    licenseState: "",
    relationship,
    accidents: "0",
    violations: "0",
  };
}

/** The wizard's starting state, with the spec's defaults. A new object on every call. */
export function createEmptyQuoteForm(): QuoteFormInput {
  return {
    product: DEFAULT_QUOTE_PRODUCT,
    personalInfo: {
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      address: "",
      city: "",
      // The page's first state (the sample's only one, Minnesota).
      state: QUOTE_ADDRESS_STATES[0] ?? "",
      zip: "",
      dob: "",
    },
    vehicleInfo: {
      year: "",
      make: "",
      model: "",
      vin: "",
      mileage: "",
      primaryUse: "personal",
      ownership: "owned",
      safetyFeatures: [],
    },
    drivers: [createDriver("primary")],
    coverage: {
      liability: "state_minimum",
      collision: true,
      comprehensive: true,
      deductible: 500,
      uninsuredMotorist: true,
      medicalPayments: true,
      rentalReimbursement: false,
      roadsideAssistance: false,
    },
  };
}

/** The first driver's fields that come from the personal step (read-only for driver 1). */
export const MIRRORED_DRIVER_FIELDS = ["firstName", "lastName", "dob"] as const;

/** Whether a field of driver 1 is locked: it mirrors the applicant, or is "primary". */
export function isLockedPrimaryDriverField(field: string): boolean {
  return field === "relationship" || (MIRRORED_DRIVER_FIELDS as readonly string[]).includes(field);
}

/** Whether a personal-step field is copied to driver 1. */
export function isMirroredToPrimaryDriver(field: string): boolean {
  return (MIRRORED_DRIVER_FIELDS as readonly string[]).includes(field);
}

/**
 * The first driver mirrors the applicant: name and date of birth come from the personal
 * step and the relationship stays "primary" (those fields are read-only in the form).
 */
export function syncPrimaryDriver(form: QuoteFormInput): QuoteFormInput {
  const [first = createDriver("primary"), ...others] = form.drivers ?? [];
  const mirrored = Object.fromEntries(
    MIRRORED_DRIVER_FIELDS.map((field) => [field, form.personalInfo[field]]),
  );
  return {
    ...form,
    drivers: [{ ...first, ...mirrored, relationship: "primary" }, ...others],
  };
}
