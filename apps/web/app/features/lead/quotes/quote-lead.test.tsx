import { API_ENDPOINTS, type QuoteRecord } from "@agency/domain";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard } from "../../../test/render-in-dashboard";
import { stubFetch } from "../../../test/stub-fetch";
import { QuoteFacts } from "./quote-item";
import { QuoteLead } from "./quote-lead";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** A quote as the list and the page read it (masked). */
const quote = (phone: string): QuoteRecord => ({
  _id: "q1",
  product: "Auto",
  personalInfo: {
    firstName: "Maria",
    lastName: "Lindqvist",
    email: "maria.lindqvist@example.com",
    phone,
    address: "4120 Bryant Ave S",
    city: "Minneapolis",
    state: "MN",
    zip: "55409",
    dob: "****-**-12",
  },
  vehicleInfo: {
    year: "2021",
    make: "Subaru",
    model: "SUV",
    vin: "",
    mileage: "8,000-11,999",
    primaryUse: "commute",
    ownership: "financed",
    safetyFeatures: [],
  },
  drivers: [
    {
      firstName: "Maria",
      lastName: "Lindqvist",
      dob: "****-**-12",
      licenseNumber: "*********9012",
      licenseState: "MN",
      relationship: "primary",
      accidents: "0",
      violations: "0",
    },
  ],
  coverage: {
    liability: "100_300_100",
    collision: true,
    comprehensive: true,
    deductible: 1000,
    uninsuredMotorist: true,
    medicalPayments: true,
    rentalReimbursement: false,
    roadsideAssistance: true,
  },
  quoteAmount: 210,
  createdAt: "2026-11-20T15:00:00.000Z",
  status: "new",
  statusChangedAt: "2026-11-20T15:00:00.000Z",
  archivedAt: null,
  source: "web",
  personId: null,
  assignedTo: null,
  followUpOn: null,
  nextTaskAt: null,
  firstTouch: null,
  firstResponseAt: null,
  lostReason: null,
  lostDetail: null,
});

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a quote's phone", () => {
  it("is tap-to-call on the quote's page (tel: in E.164)", async () => {
    server.on(API_ENDPOINTS.quotes.one, { success: true, data: quote("(612) 555-0199") });
    renderInDashboard(server, <QuoteLead id="q1" />, { url: "/dashboard/quotes/q1" });

    const personal = await screen.findByRole("heading", { name: "Personal Information" });
    const section = personal.closest("section") ?? document.body;
    const call = within(section as HTMLElement).getByRole("link", { name: "(612) 555-0199" });
    expect(call.getAttribute("href")).toBe("tel:+16125550199");
    expect(server.requestsTo(API_ENDPOINTS.quotes.one)[0]?.params).toEqual({ id: "q1" });
  });

  it("is shown without a link when the stored number cannot be dialed", async () => {
    renderInDashboard(server, <QuoteFacts quote={quote("555-0199")} revealed={null} />);
    expect(await screen.findByText("555-0199")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /555-0199/ })).toBeNull();
  });
});
