import { API_ENDPOINTS, type Figures, type Report, type User } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { canOpenView } from "../../lib/dashboard-views";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { ReportsView } from "./reports-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const figures = (overrides: Partial<Figures> = {}): Figures => ({
  leadsIn: 12,
  quotes: 5,
  won: 3,
  lost: 1,
  conversionRate: 0.75,
  responded: 10,
  medianFirstResponseSeconds: 5400,
  policiesIssued: 2,
  newPremiumCents: 246_913,
  upForRenewal: 4,
  renewed: 3,
  retentionRate: 0.75,
  ...overrides,
});

const report = (overrides: Partial<Report> = {}): Report => ({
  from: "2030-03-01",
  to: "2030-03-05",
  totals: figures(),
  byAgent: [
    { agentId: "u1", name: "Ann Admin", figures: figures({ leadsIn: 8 }) },
    {
      agentId: null,
      name: "Unassigned",
      figures: figures({ leadsIn: 4, won: 0, conversionRate: null }),
    },
  ],
  bySource: [
    {
      key: "web:newsletter",
      channel: "web",
      source: "newsletter",
      label: "Website: newsletter",
      figures: figures({ leadsIn: 7 }),
    },
    {
      key: "phone",
      channel: "phone",
      source: "",
      label: "Phone call",
      figures: figures({ leadsIn: 5 }),
    },
  ],
  ...overrides,
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

describe("ReportsView", () => {
  it("shows the period's totals and the tables by agent and by source", async () => {
    server.on(API_ENDPOINTS.reports.figures, { success: true, data: report() });
    renderInDashboard(server, <ReportsView />, { url: "/dashboard/reports" });
    const totals = await screen.findByRole("region", { name: "Totals" });
    expect(within(totals).getByText("$2,469.13")).toBeTruthy();
    expect(within(totals).getByText("75.0% (3 of 4 decided)")).toBeTruthy();
    expect(within(totals).getByText("1 h 30 min (business hours)")).toBeTruthy();
    const bySource = screen.getByRole("region", { name: "By lead source" });
    const row = within(bySource).getByRole("row", { name: /Website: newsletter/ });
    expect(within(row).getByRole("cell", { name: "7" })).toBeTruthy();
    const byAgent = screen.getByRole("region", { name: "By agent" });
    expect(within(byAgent).getByRole("rowheader", { name: "Unassigned" })).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.reports.figures)[0]?.url.search).toBe(
      "?preset=this-month",
    );
  });

  it("asks for another preset, and a custom range only when it is in order", async () => {
    server.on(API_ENDPOINTS.reports.figures, { success: true, data: report() });
    renderInDashboard(server, <ReportsView />, { url: "/dashboard/reports" });
    await screen.findByRole("region", { name: "Totals" });
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "last-year" } });
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.reports.figures).at(-1)?.url.search).toBe(
        "?preset=last-year",
      ),
    );
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "custom" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2030-02-10" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2030-02-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect((await screen.findByRole("alert")).textContent).toBe("from must be on or before to");
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2030-02-20" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.reports.figures).at(-1)?.url.search).toBe(
        "?from=2030-02-10&to=2030-02-20",
      ),
    );
  });

  it("reads the period from the address: a range, a preset, and this month for anything else", async () => {
    server.on(API_ENDPOINTS.reports.figures, { success: true, data: report() });
    const asked = () => server.requestsTo(API_ENDPOINTS.reports.figures).at(-1)?.url.search;
    renderInDashboard(server, <ReportsView />, {
      url: "/dashboard/reports?from=2026-01-01&to=2026-03-31",
    });
    await screen.findByRole("region", { name: "Totals" });
    expect(asked()).toBe("?from=2026-01-01&to=2026-03-31");
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2026-01-01");
    cleanup();
    renderInDashboard(server, <ReportsView />, { url: "/dashboard/reports?preset=last-month" });
    await screen.findByRole("region", { name: "Totals" });
    expect(asked()).toBe("?preset=last-month");
    expect((screen.getByLabelText("Period") as HTMLSelectElement).value).toBe("last-month");
    cleanup();
    renderInDashboard(server, <ReportsView />, {
      url: "/dashboard/reports?preset=forever&from=2026-13-01&to=x",
    });
    await screen.findByRole("region", { name: "Totals" });
    expect(asked()).toBe("?preset=this-month");
  });

  it("says so when the report cannot be loaded, and tries again", async () => {
    server.on(API_ENDPOINTS.reports.figures, () => failure(500, "Internal error"));
    renderInDashboard(server, <ReportsView />, { url: "/dashboard/reports" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Try again");
    server.on(API_ENDPOINTS.reports.figures, { success: true, data: report() });
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Totals" })).toBeTruthy();
  });

  it("is a Manager's view: hidden from Agents' navigation", () => {
    const agent: User = { ...STAFF_USER, role: ["Agent"], isAdmin: false };
    const manager: User = { ...STAFF_USER, role: ["Manager"], isAdmin: false };
    expect(canOpenView(agent, "reports")).toBe(false);
    expect(canOpenView(manager, "reports")).toBe(true);
  });
});
