import * as z from "zod";
import { type Clock, readClock, systemClock } from "../clock.ts";
import { LEAD_SOURCE_FIELD } from "../lead/first-touch-schema.ts";
import { PRIVACY_FIELD } from "../privacy/schema.ts";
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
  DEFAULT_QUOTE_PRODUCT,
  latestBirthDate,
  QUOTE_FIELD_MESSAGES,
  QUOTE_LIMITS,
} from "./limits.ts";
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

const M = QUOTE_FIELD_MESSAGES;

/**
 * Builds a section's schema once per clock and hands the same one back after: the default
 * instances below share their parts (the form's personal step is the page's schema, not a
 * second copy), so loading this module builds each part once. Building zod schemas is the
 * costly part of evaluating the quote pages' code on a phone (docs/performance.md).
 */
function perClock<T>(build: (clock: Clock) => T): (clock?: Clock) => T {
  const built = new WeakMap<Clock, T>();
  return (clock = systemClock) => {
    const known = built.get(clock);
    if (known !== undefined) return known;
    const schema = build(clock);
    built.set(clock, schema);
    return schema;
  };
}

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

export const createPersonalInfoSchema = perClock((clock) => {
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
});

/** The wizard page's personal step: addresses in the agency's licensed states only, 5-digit ZIP. */
export const PersonalInfoSchema = /* @__PURE__ */ createPersonalInfoSchema();

/**
 * Personal info as the server takes it, and as the home-page dialog checks it (decision
 * 0012): the page's rules and messages, with an address in any of the 50 states.
 */
export const createAnyStatePersonalInfoSchema = perClock((clock) => {
  return createPersonalInfoSchema(clock).extend({
    state: choiceOf(US_STATE_CODES, { required: M.stateRequired, invalid: M.stateInvalid }),
  });
});

export const AnyStatePersonalInfoSchema = /* @__PURE__ */ createAnyStatePersonalInfoSchema();

export const createVehicleInfoSchema = perClock((clock) => {
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
});

export const VehicleInfoSchema = /* @__PURE__ */ createVehicleInfoSchema();

export const createDriverSchema = perClock((clock) => {
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
});

export const DriverSchema = /* @__PURE__ */ createDriverSchema();

export const createDriversSchema = perClock((clock) => {
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
});

export const DriversSchema = /* @__PURE__ */ createDriversSchema();

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

export const createQuoteFormSchema = perClock((clock) => {
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
});

/** The wizard page's form: addresses in the agency's licensed states only. */
export const QuoteFormSchema = /* @__PURE__ */ createQuoteFormSchema();

/**
 * The payload of POST /api/auto-quotes/send-auto-quote. Both the wizard page (licensed states only) and
 * the home-page dialog (any of the 50 states) submit, so the server accepts any US state;
 * the ZIP is always 5 digits. "Today" is read at each parse.
 */
export const createQuoteSubmissionSchema = perClock((clock) => {
  return createQuoteFormSchema(clock).extend({
    personalInfo: createAnyStatePersonalInfoSchema(clock),
    // Where the visitor first came from (decision 0074); staff entries ignore it.
    ...LEAD_SOURCE_FIELD,
    // The notice shown and the optional call/text consent (decision 0080).
    ...PRIVACY_FIELD,
  });
});

export const QuoteSubmissionSchema = /* @__PURE__ */ createQuoteSubmissionSchema();
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
