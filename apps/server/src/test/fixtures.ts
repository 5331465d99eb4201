import type { ContactsTable } from "../db/schema.ts";
import { newLeadColumns } from "../lead/new-lead-columns.ts";
import { nowIso } from "../lib/ids.ts";
/** A complete, valid quote submission as the wizard sends it. */
export function validQuotePayload() {
  return {
    product: "Auto",
    personalInfo: {
      firstName: "Maria",
      lastName: "Lindqvist",
      email: "maria.lindqvist@example.com",
      phone: "(612) 555-0199",
      address: "4120 Bryant Ave S",
      city: "Minneapolis",
      state: "MN",
      zip: "55409",
      dob: "1986-04-12",
    },
    vehicleInfo: {
      year: "2021",
      make: "Subaru",
      model: "SUV",
      vin: "",
      mileage: "8,000-11,999",
      primaryUse: "commute",
      ownership: "financed",
      safetyFeatures: ["Anti-lock brakes", "Airbags", "Backup camera", "Blind spot monitoring"],
    },
    drivers: [
      {
        firstName: "Maria",
        lastName: "Lindqvist",
        dob: "1986-04-12",
        licenseNumber: "L123456789012",
        licenseState: "MN",
        relationship: "primary",
        accidents: "1",
        violations: "0",
      },
      {
        firstName: "Erik",
        lastName: "Lindqvist",
        dob: "1984-09-30",
        licenseNumber: "E987654321098",
        licenseState: "WI",
        relationship: "spouse",
        accidents: "0",
        violations: "2",
      },
    ],
    coverage: {
      liability: "100_300_100",
      collision: true,
      comprehensive: true,
      deductible: "1000",
      uninsuredMotorist: true,
      medicalPayments: true,
      rentalReimbursement: false,
      roadsideAssistance: true,
    },
  };
}

/** 100 + 50 (2021) − 20 (4 safety features) + 30 (1 accident) + 40 (2 violations) + 40 − 30. */
export const VALID_QUOTE_AMOUNT = 210;

/** A stored contact message, as a row (for tests that write to the database directly). */
export function contactRow(id: string): ContactsTable {
  return {
    id,
    first_name: "A",
    last_name: "B",
    email: "a@b.co",
    phone: "6125550100",
    subject: "Other",
    message: "hi",
    status: "new",
    status_changed_at: null,
    created_at: nowIso(),
    ...newLeadColumns({ firstName: "A", lastName: "B", email: "a@b.co", phone: "6125550100" }),
  };
}
