import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { e2eDatabaseUrl } from "./auth.ts";
import { openDay, uniquePhone } from "./forms.ts";

/** Shared by e2e/dashboard.spec.ts: staff accounts, sign-in and data through the public API. */

const repoRoot = path.resolve(import.meta.dirname, "../..");

export type Account = { email: string; password: string; firstName: string; lastName: string };

/**
 * Letters only, so it is a valid name as well as a search term; lower case after the
 * prefix, so an email made from it is the same as the one stored.
 */
export function uniqueTag(prefix = "Zq"): string {
  const letters = [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26)));
  return `${prefix}${letters.join("")}`;
}

/** Creates a staff account with the real CLI against the e2e server's database. */
export function createAccount(
  role: "admin" | "super-admin" | "manager" | "agent" | "support" | "user" = "admin",
): Account {
  const tag = uniqueTag("Ad");
  const account = {
    email: `${tag.toLowerCase()}@example.com`,
    password: `pw-${tag}-long-enough`,
    firstName: "Dana",
    lastName: tag,
  };
  execFileSync(
    process.execPath,
    [
      "apps/server/src/cli/create-user.ts",
      "--email",
      account.email,
      "--password",
      account.password,
      "--role",
      role,
      "--first-name",
      account.firstName,
      "--last-name",
      account.lastName,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), LOG_LEVEL: "warn" },
      stdio: "pipe",
    },
  );
  return account;
}

/**
 * Signs in through the API in the page's own cookie jar (the refresh cookie is HttpOnly),
 * so the app restores the session on load as it would after a real login. Also skips the
 * cookie banner.
 */
export async function signIn(page: Page, account: Account): Promise<void> {
  const response = await page.request.post("/api/users/login", {
    data: { email: account.email, password: account.password, rememberMe: false },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.addInitScript(() => {
    window.localStorage.setItem("cookieConsent", "necessary");
    window.localStorage.setItem("agency.hasSession", "1");
  });
}

/** Opens the dashboard on a given view (each view has its address: /dashboard/<view>). */
export async function openDashboard(page: Page, view?: string): Promise<void> {
  await page.goto(!view || view === "overview" ? "/dashboard" : `/dashboard/${view}`);
}

/** A bearer token for reading through the admin API. */
export async function adminToken(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post("/api/users/login", {
    data: { email: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export function quotePayload(firstName: string, lastName: string, email: string) {
  return {
    product: "Auto",
    personalInfo: {
      firstName,
      lastName,
      email,
      // A number of its own: people are matched by phone too (decision 0066), so a shared
      // number would make every test's quote one person.
      phone: uniquePhone(),
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
        firstName,
        lastName,
        dob: "1986-04-12",
        licenseNumber: "L123456789012",
        licenseState: "MN",
        relationship: "primary",
        accidents: "1",
        violations: "0",
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

export async function submitQuote(
  request: APIRequestContext,
  person: { firstName: string; lastName: string; email: string },
): Promise<{ _id: string; quoteAmount: number }> {
  const response = await request.post("/api/auto-quotes/send-auto-quote", {
    data: quotePayload(person.firstName, person.lastName, person.email),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string; quoteAmount: number } }).data;
}

export async function sendMessage(
  request: APIRequestContext,
  message: { firstName: string; lastName: string; email: string; message: string; phone?: string },
): Promise<string> {
  // A number of its own unless given: people are matched by phone too (decision 0066).
  const response = await request.post("/api/contacts/send-contact", {
    data: { phone: uniquePhone(), ...message, subject: "Home Insurance", notRobot: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

const SLOTS = ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM"];

/**
 * Books a consultation on a day far enough ahead not to collide with booking.spec.ts;
 * another free slot is tried when one is taken (tests share the database).
 */
export async function bookAppointment(
  request: APIRequestContext,
  booking: { name: string; email: string; message: string; service?: string },
): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    // Open days 30–57: inside the 90-day booking horizon, clear of booking.spec.ts.
    const date = openDay(30 + Math.floor(Math.random() * 28));
    const time = SLOTS[Math.floor(Math.random() * SLOTS.length)];
    const response = await request.post("/api/appointments/add-appointment", {
      data: {
        name: booking.name,
        email: booking.email,
        // A number of its own: one phone number holds at most two upcoming bookings.
        phone: uniquePhone(),
        date,
        time,
        service: booking.service ?? "Home Insurance",
        message: booking.message,
      },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { _id: string } }).data._id;
  }
  throw new Error("no free appointment slot found");
}
