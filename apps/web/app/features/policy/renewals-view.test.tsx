import {
  API_ENDPOINTS,
  type PolicyRecord,
  RENEWAL_MESSAGES,
  RENEWALS_PAGE,
  type RenewalRow,
} from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { RenewalsView } from "./renewals-view";
import { XDatePanel } from "./x-date-panel";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const PERSON = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

const row = (extra: Partial<RenewalRow> = {}): RenewalRow => ({
  _id: "p1",
  person: { _id: PERSON, name: "Pat Olson" },
  policyNumber: "H-100",
  carrier: "Acme Mutual",
  lineOfBusiness: "home",
  effectiveDate: "2025-12-10",
  termMonths: 12,
  expirationDate: "2026-12-10",
  annualPremiumCents: 123_456,
  producer: { _id: STAFF_USER._id, name: "Ann Admin" },
  status: "active",
  renewalState: "not-started",
  renewedBy: null,
  ...extra,
});

const record = (extra: Partial<PolicyRecord> = {}): PolicyRecord => ({
  _id: "p1",
  personId: PERSON,
  holderName: "Pat Olson",
  lead: null,
  carrier: "Acme Mutual",
  lineOfBusiness: "home",
  policyNumber: "H-100",
  effectiveDate: "2025-12-10",
  termMonths: 12,
  expirationDate: "2026-12-10",
  annualPremiumCents: 123_456,
  producer: { _id: STAFF_USER._id, name: "Ann Admin" },
  status: "active",
  cancelDate: null,
  cancelReason: null,
  notes: "",
  vehicles: [],
  drivers: [],
  renewalState: "not-started",
  renewalOf: null,
  createdAt: "2026-11-29T00:00:00.000Z",
  updatedAt: "2026-11-29T00:00:00.000Z",
  ...extra,
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

const page = (rows: RenewalRow[]) => ({
  success: true as const,
  data: rows,
  total: rows.length,
  from: "2026-11-23",
  to: "2026-12-23",
});

describe("the renewals page", () => {
  it("lists the next 30 days by default, and 60 or 90 on request", async () => {
    server.on(API_ENDPOINTS.renewals.list, (request) =>
      request.url.searchParams.get("window") === "60"
        ? { body: page([row(), row({ _id: "p2", policyNumber: "H-200" })]) }
        : { body: page([row()]) },
    );
    renderInDashboard(server, <RenewalsView />, { user: STAFF_USER });
    const list = await screen.findByRole("list", { name: "Renewals" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    const link = within(list).getByRole("link", { name: "Pat Olson" });
    expect(link.getAttribute("href")).toBe(`/dashboard/people/${PERSON}`);
    expect(within(list).getByText(/Acme Mutual · Home · No\. H-100/)).toBeTruthy();
    expect(within(list).getByText("$1,234.56")).toBeTruthy();
    expect(within(list).getByText("Not started")).toBeTruthy();
    expect(screen.getByText(/^1 policy expiring/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "30 days" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    fireEvent.click(screen.getByRole("button", { name: "60 days" }));
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Renewals" })).getAllByRole("listitem"),
      ).toHaveLength(2),
    );
    const windows = server
      .requestsTo(API_ENDPOINTS.renewals.list)
      .map((request) => request.url.searchParams.get("window"));
    expect(windows).toEqual(["30", "60"]);
  });

  it("reads the window and the page from the address; an unknown window is the default", async () => {
    server.on(API_ENDPOINTS.renewals.list, { ...page([row()]), total: 500 });
    renderInDashboard(server, <RenewalsView />, {
      user: STAFF_USER,
      url: "/dashboard/renewals?window=90&offset=25",
    });
    await screen.findByRole("list", { name: "Renewals" });
    expect(screen.getByRole("button", { name: "90 days" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.renewals.list)).toHaveLength(2));
    const asked = server
      .requestsTo(API_ENDPOINTS.renewals.list)
      .map(
        (request) =>
          `${request.url.searchParams.get("window")}@${request.url.searchParams.get("offset")}`,
      );
    expect(asked).toEqual(["90@25", `90@${25 + RENEWALS_PAGE}`]);
    cleanup();
    renderInDashboard(server, <RenewalsView />, {
      user: STAFF_USER,
      url: "/dashboard/renewals?window=45&offset=-3",
    });
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.renewals.list)).toHaveLength(3));
    const last = server.requestsTo(API_ENDPOINTS.renewals.list).at(-1);
    expect(last?.url.searchParams.get("window")).toBe("30");
    expect(last?.url.searchParams.get("offset")).toBe("0");
  });

  it("marks re-marketing and lost, and renews from a prefilled form", async () => {
    server.on(API_ENDPOINTS.renewals.list, {
      ...page([row(), row({ _id: "p2", policyNumber: "H-200" })]),
    });
    server.on(API_ENDPOINTS.renewals.setState, (request) => {
      const state = (request.body as { state: "re-marketing" | "lost" }).state;
      return {
        body: {
          success: true,
          data: record({
            _id: request.params.id,
            renewalState: state,
            status: state === "lost" ? "non-renewed" : "active",
          }),
        },
      };
    });
    server.on(API_ENDPOINTS.renewals.renew, () => ({
      status: 201,
      body: { success: true, data: record({ _id: "p3", renewalOf: "p1" }) },
    }));
    const { showToast } = renderInDashboard(server, <RenewalsView />, { user: STAFF_USER });
    const list = await screen.findByRole("list", { name: "Renewals" });
    const second = within(list).getAllByRole("listitem")[1] as HTMLElement;
    fireEvent.click(within(second).getByRole("button", { name: "Re-marketing Home policy H-200" }));
    expect(await within(second).findByText("Re-marketing")).toBeTruthy();
    fireEvent.click(within(second).getByRole("button", { name: "Lost Home policy H-200" }));
    expect(await within(second).findByText("Lost")).toBeTruthy();
    expect(within(second).queryByRole("button")).toBeNull();
    expect(server.requestsTo(API_ENDPOINTS.renewals.setState).map((r) => r.body)).toEqual([
      { state: "re-marketing" },
      { state: "lost" },
    ]);

    fireEvent.click(within(list).getByRole("button", { name: "Renew Home policy H-100" }));
    const form = screen.getByRole("form", { name: "Renew Home policy H-100" });
    expect((within(form).getByLabelText("Effective date") as HTMLInputElement).value).toBe(
      "2026-12-10",
    );
    fireEvent.click(within(form).getByRole("button", { name: /^Renew/ }));
    expect(await within(list).findByText("Renewed")).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith("Policy H-100 renewed.");
    expect(server.requestsTo(API_ENDPOINTS.renewals.renew)[0]?.params).toEqual({ id: "p1" });
  });

  it("shows a refused renewal in words", async () => {
    server.on(API_ENDPOINTS.renewals.list, page([row()]));
    server.on(API_ENDPOINTS.renewals.renew, () => failure(409, RENEWAL_MESSAGES.alreadyRenewed));
    renderInDashboard(server, <RenewalsView />, { user: STAFF_USER });
    const list = await screen.findByRole("list", { name: "Renewals" });
    fireEvent.click(within(list).getByRole("button", { name: "Renew Home policy H-100" }));
    const form = screen.getByRole("form", { name: "Renew Home policy H-100" });
    fireEvent.click(within(form).getByRole("button", { name: /^Renew/ }));
    expect(await screen.findByText(RENEWAL_MESSAGES.alreadyRenewed)).toBeTruthy();
  });
});

describe("the X-date of a lost lead", () => {
  it("records the carrier and X-date, and shows the task's day", async () => {
    server.on(API_ENDPOINTS.quotes.xDate, { success: true, data: null });
    server.on(API_ENDPOINTS.quotes.setXDate, (request) => ({
      body: {
        success: true,
        data: {
          ...(request.body as { carrier: string; xDate: string }),
          task: { _id: "t1", dueAt: "2027-11-16T15:00:00.000Z", done: false },
          updatedAt: "2026-11-29T00:00:00.000Z",
        },
      },
    }));
    const { showToast } = renderInDashboard(
      server,
      <XDatePanel lead={{ kind: "quote", id: "q1" }} owner="Pat Olson's quote" canEdit />,
      { user: STAFF_USER },
    );
    const form = await screen.findByRole("form", { name: "X-date of Pat Olson's quote" });
    fireEvent.click(within(form).getByRole("button", { name: /^Record X-date/ }));
    expect(await within(form).findByText(RENEWAL_MESSAGES.xDateInvalid)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.quotes.setXDate)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText("Current carrier"), {
      target: { value: "__other__" },
    });
    fireEvent.change(within(form).getByLabelText("Other carrier's name"), {
      target: { value: "Lakeside Mutual" },
    });
    fireEvent.change(within(form).getByLabelText("Renewal date (X-date)"), {
      target: { value: "2028-01-15" },
    });
    fireEvent.click(within(form).getByRole("button", { name: /^Record X-date/ }));
    expect(await screen.findByText(/Lakeside Mutual, renews/)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.quotes.setXDate)[0]?.body).toEqual({
      carrier: "Lakeside Mutual",
      xDate: "2028-01-15",
    });
    expect(showToast).toHaveBeenCalledWith(expect.stringMatching(/^X-date saved\. Task due /));
  });
});
