import { AGENCY } from "../agency.ts";
import { readAgencyWallClock } from "../time-zone.ts";
import type { UsStateCode } from "../us-states.ts";

/**
 * The wizard page quotes addresses in the states the agency is licensed in (the profile's
 * licensedIn; the sample's is Minnesota alone); the license state offers all 50.
 */
export const QUOTE_ADDRESS_STATES: readonly UsStateCode[] = AGENCY.licensedIn;
export type QuoteAddressState = UsStateCode;

/** The oldest model year quoted (the spec's list ends at 2000). */
export const OLDEST_VEHICLE_YEAR = 2000;

/**
 * The model years offered, newest first: next year's models (sold from the autumn before)
 * down to OLDEST_VEHICLE_YEAR, from the clock on the agency's calendar, so the list never
 * ends at a year gone by (decision 0038). Form and server read the same rule.
 */
export function vehicleYears(now: Date = new Date()): string[] {
  const newest = Number(readAgencyWallClock(now).date.slice(0, 4)) + 1;
  return Array.from({ length: Math.max(0, newest - OLDEST_VEHICLE_YEAR + 1) }, (_, i) =>
    String(newest - i),
  );
}
/** A model year as the form sends it ("2027"). */
export type VehicleYear = string;

export const VEHICLE_MAKES = [
  "Toyota",
  "Honda",
  "Ford",
  "Chevrolet",
  "Nissan",
  "Jeep",
  "Hyundai",
  "Kia",
  "Subaru",
  "Volkswagen",
  "BMW",
  "Mercedes-Benz",
  "Tesla",
  "Lexus",
  "Audi",
  "Mazda",
  "GMC",
  "Ram",
  "Dodge",
  "Chrysler",
] as const;
export type VehicleMake = (typeof VEHICLE_MAKES)[number];

/** The spec's vehicle `model` field holds a body type, not a model name. */
export const VEHICLE_BODY_TYPES = [
  "Sedan",
  "SUV",
  "Truck",
  "Coupe",
  "Convertible",
  "Minivan",
  "Hatchback",
  "Wagon",
  "Electric",
  "Hybrid",
] as const;
export type VehicleBodyType = (typeof VEHICLE_BODY_TYPES)[number];

/** Spec quirk: the top band is labelled "16,000+" but stored as "16,000-19,999". */
export const MILEAGE_BANDS = [
  { value: "0-3,999", label: "0-3,999", minMiles: 0 },
  { value: "4,000-7,999", label: "4,000-7,999", minMiles: 4000 },
  { value: "8,000-11,999", label: "8,000-11,999", minMiles: 8000 },
  { value: "12,000-15,999", label: "12,000-15,999", minMiles: 12000 },
  { value: "16,000-19,999", label: "16,000+", minMiles: 16000 },
] as const;
export type MileageBand = (typeof MILEAGE_BANDS)[number]["value"];
export const MILEAGE_BAND_VALUES: readonly MileageBand[] = MILEAGE_BANDS.map((band) => band.value);

/**
 * The stored band for an annual mileage typed as a number (the dialog variant);
 * undefined for a negative or non-finite number.
 */
export function mileageBandFor(miles: number): MileageBand | undefined {
  if (!Number.isFinite(miles) || miles < 0) return undefined;
  let band: MileageBand | undefined;
  for (const candidate of MILEAGE_BANDS) if (miles >= candidate.minMiles) band = candidate.value;
  return band;
}

export const PRIMARY_USES = [
  { value: "personal", label: "Personal" },
  { value: "commute", label: "Commute to Work/School" },
  { value: "business", label: "Business" },
  { value: "rideshare", label: "Rideshare/Delivery" },
] as const;
export type PrimaryUse = (typeof PRIMARY_USES)[number]["value"];
export const PRIMARY_USE_VALUES: readonly PrimaryUse[] = PRIMARY_USES.map((use) => use.value);

export const OWNERSHIP_TYPES = [
  { value: "owned", label: "Owned" },
  { value: "leased", label: "Leased" },
  { value: "financed", label: "Financed" },
] as const;
export type Ownership = (typeof OWNERSHIP_TYPES)[number]["value"];
export const OWNERSHIP_VALUES: readonly Ownership[] = OWNERSHIP_TYPES.map((type) => type.value);

export const SAFETY_FEATURES = [
  "Anti-lock brakes",
  "Airbags",
  "Stability control",
  "Backup camera",
  "Blind spot monitoring",
  "Lane departure warning",
  "Adaptive cruise control",
  "Automatic emergency braking",
] as const;
export type SafetyFeature = (typeof SAFETY_FEATURES)[number];

export const DRIVER_RELATIONSHIPS = [
  { value: "primary", label: "Primary" },
  { value: "additional", label: "Additional" },
  { value: "spouse", label: "Spouse" },
  { value: "child", label: "Child" },
  { value: "other", label: "Other" },
] as const;
export type DriverRelationship = (typeof DRIVER_RELATIONSHIPS)[number]["value"];
export const DRIVER_RELATIONSHIP_VALUES: readonly DriverRelationship[] = DRIVER_RELATIONSHIPS.map(
  (relationship) => relationship.value,
);

/** Accidents and violations in the last 3 years; "3" means three or more. */
export const INCIDENT_COUNTS = [
  { value: "0", label: "0" },
  { value: "1", label: "1" },
  { value: "2", label: "2" },
  { value: "3", label: "3+" },
] as const;
export type IncidentCount = (typeof INCIDENT_COUNTS)[number]["value"];
export const INCIDENT_COUNT_VALUES: readonly IncidentCount[] = INCIDENT_COUNTS.map(
  (count) => count.value,
);

export const LIABILITY_LEVELS = [
  "state_minimum",
  "25_50_25",
  "50_100_50",
  "100_300_100",
  "250_500_250",
  "500_1000_500",
] as const;
export type LiabilityLevel = (typeof LIABILITY_LEVELS)[number];

/** "25_50_25" → "25/50/25"; "state_minimum" → "State Minimum". Unknown values get slashes too. */
export function liabilityLabel(level: string): string {
  if (level === "state_minimum") return "State Minimum";
  return level.replaceAll("_", "/");
}

export const LIABILITY_OPTIONS = LIABILITY_LEVELS.map((level) => ({
  value: level,
  label: liabilityLabel(level),
}));

export const DEDUCTIBLES = [250, 500, 750, 1000, 1500, 2000] as const;
export type Deductible = (typeof DEDUCTIBLES)[number];
