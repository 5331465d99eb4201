import * as z from "zod";
import { type Clock, readClock, systemClock } from "../clock.ts";
import { cleanText } from "../sanitize.ts";
import {
  calendarDate,
  choiceOf,
  emailAddress,
  firstError,
  flag,
  optionalText,
  phoneNumber,
  requiredText,
} from "../schema-helpers.ts";
import { todayInAgencyZone } from "../time-zone.ts";
import { US_STATE_CODES } from "../us-states.ts";
import {
  DEDUCTIBLES,
  type Deductible,
  DRIVER_RELATIONSHIP_VALUES,
  INCIDENT_COUNT_VALUES,
  LIABILITY_LEVELS,
  MILEAGE_BAND_VALUES,
  OWNERSHIP_VALUES,
  PRIMARY_USE_VALUES,
  QUOTE_ADDRESS_STATES,
  SAFETY_FEATURES,
  VEHICLE_BODY_TYPES,
  VEHICLE_MAKES,
  vehicleYears,
} from "./options.ts";

export const QUOTE_LIMITS = {
  nameMaxLength: 50,
  emailMaxLength: 254,
  addressMaxLength: 100,
  cityMaxLength: 50,
  productMaxLength: 50,
  zipLength: 5,
  licenseNumberLength: 13,
  vinMaxLength: 17,
  minDriverCount: 1,
  maxDriverCount: 20,
  earliestBirthDate: "1900-01-01",
  /** Minnesota's instruction-permit age: nobody younger drives or holds a policy (decision 0038). */
  minimumAge: 15,
} as const;

/** The latest date of birth of someone who is QUOTE_LIMITS.minimumAge today (YYYY-MM-DD). */
export function latestBirthDate(today: string): string {
  const year = Number(today.slice(0, 4)) - QUOTE_LIMITS.minimumAge;
  return `${String(year).padStart(4, "0")}${today.slice(4)}`;
}

/** The spec gives no wording for quote validation (browser checks only); these are ours. */
export const QUOTE_FIELD_MESSAGES = {
  firstNameRequired: "First name is required",
  firstNameTooLong: "First name must be at most 50 characters",
  lastNameRequired: "Last name is required",
  lastNameTooLong: "Last name must be at most 50 characters",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  emailTooLong: "Email must be at most 254 characters",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Phone number must be 10 digits",
  addressRequired: "Street address is required",
  addressTooLong: "Street address must be at most 100 characters",
  cityRequired: "City is required",
  cityTooLong: "City must be at most 50 characters",
  stateRequired: "State is required",
  stateInvalid: "Please select a state from the list",
  zipRequired: "ZIP code is required",
  zipInvalid: "ZIP code must be 5 digits",
  dobRequired: "Date of birth is required",
  dobInvalid: "Date of birth must be a valid date",
  dobOutOfRange: "Date of birth must be between 01/01/1900 and today",
  dobTooYoung: `Drivers and policyholders must be at least ${QUOTE_LIMITS.minimumAge} years old`,
  yearRequired: "Vehicle year is required",
  yearInvalid: "Please select a vehicle year from the list",
  makeRequired: "Vehicle make is required",
  makeInvalid: "Please select a vehicle make from the list",
  modelRequired: "Vehicle model is required",
  modelInvalid: "Please select a vehicle model from the list",
  vinNotText: "VIN must be text",
  vinTooLong: "VIN must be at most 17 characters",
  vinInvalid: "VIN can only contain letters and digits",
  mileageRequired: "Annual mileage is required",
  mileageInvalid: "Please select an annual mileage from the list",
  primaryUseRequired: "Primary use is required",
  primaryUseInvalid: "Please select a primary use from the list",
  ownershipRequired: "Ownership is required",
  ownershipInvalid: "Please select an ownership type from the list",
  safetyFeaturesInvalid: "Safety features must be a list",
  safetyFeatureInvalid: "Please select safety features from the list",
  safetyFeaturesDuplicate: "Each safety feature can be selected only once",
  licenseNumberRequired: "License number is required",
  licenseNumberLength: "License number must be exactly 13 characters",
  licenseStateRequired: "License state is required",
  licenseStateInvalid: "Please select a license state from the list",
  relationshipRequired: "Relationship is required",
  relationshipInvalid: "Please select a relationship from the list",
  accidentsRequired: "Number of accidents is required",
  accidentsInvalid: "Please select a number of accidents from the list",
  violationsRequired: "Number of violations is required",
  violationsInvalid: "Please select a number of violations from the list",
  driversRequired: "At least one driver is required",
  driversTooMany: "No more than 20 drivers can be added",
  firstDriverNotPrimary: "The first driver must be the primary driver",
  liabilityRequired: "Liability coverage is required",
  liabilityInvalid: "Please select a liability limit from the list",
  deductibleRequired: "Deductible is required",
  deductibleInvalid: "Please select a deductible from the list",
  collisionInvalid: "Collision coverage must be true or false",
  comprehensiveInvalid: "Comprehensive coverage must be true or false",
  uninsuredMotoristInvalid: "Uninsured motorist coverage must be true or false",
  medicalPaymentsInvalid: "Medical payments coverage must be true or false",
  rentalReimbursementInvalid: "Rental reimbursement must be true or false",
  roadsideAssistanceInvalid: "Roadside assistance must be true or false",
  productInvalid: "Product must be text",
  productTooLong: "Product must be at most 50 characters",
  sectionInvalid: "This section is missing or invalid",
} as const;

const M = QUOTE_FIELD_MESSAGES;

/** "YYYY-MM-DD" strings compare correctly as text. */
function isBirthDateInRange(dob: string, clock: Clock): boolean {
  return dob >= QUOTE_LIMITS.earliestBirthDate && dob <= todayInAgencyZone(readClock(clock));
}

function birthDate(clock: Clock) {
  return calendarDate({ required: M.dobRequired, invalid: M.dobInvalid })
    .refine((dob) => isBirthDateInRange(dob, clock), firstError(M.dobOutOfRange))
    .refine(
      // A birthday on 29 February counts from 1 March in other years ("YYYY-02-29" text sorts
      // after "YYYY-02-28" and before "YYYY-03-01").
      (dob) => dob <= latestBirthDate(todayInAgencyZone(readClock(clock))),
      firstError(M.dobTooYoung),
    );
}

const firstName = requiredText(M.firstNameRequired, QUOTE_LIMITS.nameMaxLength, M.firstNameTooLong);
const lastName = requiredText(M.lastNameRequired, QUOTE_LIMITS.nameMaxLength, M.lastNameTooLong);

export function createPersonalInfoSchema(clock: Clock = systemClock) {
  return z.object(
    {
      firstName,
      lastName,
      email: emailAddress(
        { required: M.emailRequired, invalid: M.emailInvalid, tooLong: M.emailTooLong },
        QUOTE_LIMITS.emailMaxLength,
      ),
      phone: phoneNumber({ required: M.phoneRequired, invalid: M.phoneInvalid }),
      address: requiredText(M.addressRequired, QUOTE_LIMITS.addressMaxLength, M.addressTooLong),
      city: requiredText(M.cityRequired, QUOTE_LIMITS.cityMaxLength, M.cityTooLong),
      state: choiceOf(QUOTE_ADDRESS_STATES, { required: M.stateRequired, invalid: M.stateInvalid }),
      zip: requiredText(M.zipRequired, QUOTE_LIMITS.zipLength, M.zipInvalid).regex(
        /^\d{5}$/,
        firstError(M.zipInvalid),
      ),
      dob: birthDate(clock),
    },
    { error: M.sectionInvalid },
  );
}

/** The wizard page's personal step: Minnesota addresses only, 5-digit ZIP. */
export const PersonalInfoSchema = createPersonalInfoSchema();

/**
 * Personal info as the server takes it, and as the home-page dialog checks it (decision
 * 0012): the page's rules and messages, with an address in any of the 50 states.
 */
export function createAnyStatePersonalInfoSchema(clock: Clock = systemClock) {
  return createPersonalInfoSchema(clock).extend({
    state: choiceOf(US_STATE_CODES, { required: M.stateRequired, invalid: M.stateInvalid }),
  });
}

export const AnyStatePersonalInfoSchema = createAnyStatePersonalInfoSchema();

export function createVehicleInfoSchema(clock: Clock = systemClock) {
  return z.object(
    {
      year: z
        .string({ error: M.yearRequired })
        .overwrite(cleanText)
        .min(1, firstError(M.yearRequired))
        .refine((year) => vehicleYears(readClock(clock)).includes(year), firstError(M.yearInvalid)),
      make: choiceOf(VEHICLE_MAKES, { required: M.makeRequired, invalid: M.makeInvalid }),
      model: choiceOf(VEHICLE_BODY_TYPES, { required: M.modelRequired, invalid: M.modelInvalid }),
      // Optional despite the markup's `required` (docs/decisions/0002-vin-optional.md).
      vin: optionalText(QUOTE_LIMITS.vinMaxLength, M.vinTooLong, M.vinNotText)
        .overwrite((vin) => vin.toUpperCase())
        .refine((vin) => /^[A-Z0-9]*$/.test(vin), firstError(M.vinInvalid))
        .default(""),
      mileage: choiceOf(MILEAGE_BAND_VALUES, {
        required: M.mileageRequired,
        invalid: M.mileageInvalid,
      }),
      primaryUse: choiceOf(PRIMARY_USE_VALUES, {
        required: M.primaryUseRequired,
        invalid: M.primaryUseInvalid,
      }),
      ownership: choiceOf(OWNERSHIP_VALUES, {
        required: M.ownershipRequired,
        invalid: M.ownershipInvalid,
      }),
      safetyFeatures: z
        .array(z.enum(SAFETY_FEATURES, { error: M.safetyFeatureInvalid }), {
          error: M.safetyFeaturesInvalid,
        })
        .refine((features) => new Set(features).size === features.length, {
          error: M.safetyFeaturesDuplicate,
        })
        .default([]),
    },
    { error: M.sectionInvalid },
  );
}

export const VehicleInfoSchema = createVehicleInfoSchema();

export function createDriverSchema(clock: Clock = systemClock) {
  return z.object(
    {
      firstName,
      lastName,
      dob: birthDate(clock),
      licenseNumber: requiredText(
        M.licenseNumberRequired,
        QUOTE_LIMITS.licenseNumberLength,
        M.licenseNumberLength,
      ).length(QUOTE_LIMITS.licenseNumberLength, firstError(M.licenseNumberLength)),
      licenseState: choiceOf(US_STATE_CODES, {
        required: M.licenseStateRequired,
        invalid: M.licenseStateInvalid,
      }),
      relationship: choiceOf(DRIVER_RELATIONSHIP_VALUES, {
        required: M.relationshipRequired,
        invalid: M.relationshipInvalid,
      }),
      accidents: choiceOf(INCIDENT_COUNT_VALUES, {
        required: M.accidentsRequired,
        invalid: M.accidentsInvalid,
      }),
      violations: choiceOf(INCIDENT_COUNT_VALUES, {
        required: M.violationsRequired,
        invalid: M.violationsInvalid,
      }),
    },
    { error: M.sectionInvalid },
  );
}

export const DriverSchema = createDriverSchema();

export function createDriversSchema(clock: Clock = systemClock) {
  return z
    .array(createDriverSchema(clock), { error: M.driversRequired })
    .min(QUOTE_LIMITS.minDriverCount, firstError(M.driversRequired))
    .max(QUOTE_LIMITS.maxDriverCount, firstError(M.driversTooMany))
    .superRefine(
      (drivers, ctx) => {
        // Runs even when other driver fields fail, so the form shows it at once; a missing
        // or unknown relationship already has its own message.
        const relationship: unknown = drivers[0]?.relationship;
        if (
          typeof relationship === "string" &&
          relationship !== "primary" &&
          (DRIVER_RELATIONSHIP_VALUES as readonly string[]).includes(relationship)
        ) {
          ctx.addIssue({
            code: "custom",
            message: M.firstDriverNotPrimary,
            path: [0, "relationship"],
            input: relationship,
          });
        }
      },
      { when: (payload) => Array.isArray(payload.value) },
    );
}

export const DriversSchema = createDriversSchema();

/** Accepts 500 or "500" (select values arrive as text) and always outputs the number. */
const deductible = z
  .union([z.number(), z.string()], { error: M.deductibleRequired })
  .transform((value, ctx): Deductible => {
    const text = typeof value === "string" ? value.trim() : String(value);
    if (text === "") {
      ctx.addIssue({ code: "custom", message: M.deductibleRequired, input: value });
      return z.NEVER;
    }
    const amount = Number(text);
    const match = DEDUCTIBLES.find((option) => option === amount);
    if (match === undefined) {
      ctx.addIssue({ code: "custom", message: M.deductibleInvalid, input: value });
      return z.NEVER;
    }
    return match;
  });

export const CoverageSchema = z.object(
  {
    liability: choiceOf(LIABILITY_LEVELS, {
      required: M.liabilityRequired,
      invalid: M.liabilityInvalid,
    }),
    collision: flag(M.collisionInvalid),
    comprehensive: flag(M.comprehensiveInvalid),
    deductible,
    uninsuredMotorist: flag(M.uninsuredMotoristInvalid),
    medicalPayments: flag(M.medicalPaymentsInvalid),
    rentalReimbursement: flag(M.rentalReimbursementInvalid),
    roadsideAssistance: flag(M.roadsideAssistanceInvalid),
  },
  { error: M.sectionInvalid },
);

export const DEFAULT_QUOTE_PRODUCT = "Auto";

export function createQuoteFormSchema(clock: Clock = systemClock) {
  return z.object(
    {
      product: optionalText(QUOTE_LIMITS.productMaxLength, M.productTooLong, M.productInvalid)
        .overwrite((product) => product || DEFAULT_QUOTE_PRODUCT)
        .default(DEFAULT_QUOTE_PRODUCT),
      personalInfo: createPersonalInfoSchema(clock),
      vehicleInfo: createVehicleInfoSchema(clock),
      drivers: createDriversSchema(clock),
      coverage: CoverageSchema,
    },
    { error: M.sectionInvalid },
  );
}

/** The wizard page's form: Minnesota addresses only. */
export const QuoteFormSchema = createQuoteFormSchema();

/**
 * The payload of POST /api/auto-quotes/send-auto-quote. Both the wizard page (MN only) and
 * the home-page dialog (any of the 50 states) submit, so the server accepts any US state;
 * the ZIP is always 5 digits. "Today" is read at each parse.
 */
export function createQuoteSubmissionSchema(clock: Clock = systemClock) {
  return createQuoteFormSchema(clock).extend({
    personalInfo: createAnyStatePersonalInfoSchema(clock),
  });
}

export const QuoteSubmissionSchema = createQuoteSubmissionSchema();
export type QuoteSubmission = z.output<typeof QuoteSubmissionSchema>;

export type QuoteForm = z.output<typeof QuoteFormSchema>;
/** What a form holds before validation: selects may still be "", deductible may be text. */
export type QuoteFormInput = z.input<typeof QuoteFormSchema>;
export type PersonalInfo = z.output<typeof PersonalInfoSchema>;
export type PersonalInfoInput = z.input<typeof PersonalInfoSchema>;
export type VehicleInfo = z.output<typeof VehicleInfoSchema>;
export type VehicleInfoInput = z.input<typeof VehicleInfoSchema>;
export type Driver = z.output<typeof DriverSchema>;
export type DriverInput = z.input<typeof DriverSchema>;
export type Coverage = z.output<typeof CoverageSchema>;
export type CoverageInput = z.input<typeof CoverageSchema>;
