/**
 * The quote's limits and messages, apart from the zod schemas (schema.ts) that use them: the
 * wizard shows limits and defaults as soon as the page loads, and loads the schemas only
 * when the visitor starts on the form (docs/performance.md), so these must not pull zod in.
 */

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

export const DEFAULT_QUOTE_PRODUCT = "Auto";
