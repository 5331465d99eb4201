import { API_ENDPOINTS, SERVICE_MESSAGES, type User } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axeProblems } from "../../test/axe";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { ServiceDueSection, serviceDueDaysSaved } from "./service-due-section";
import { SettingsView } from "./settings-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  server.on(API_ENDPOINTS.service.settings, { success: true, data: { days: 1, updatedAt: null } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saves = () => server.requestsTo(API_ENDPOINTS.service.updateSettings);

describe("the service requests section of Settings", () => {
  it("shows the due-by days, refuses 0 and 11 at the field, and saves 1 to 10", async () => {
    server.on(API_ENDPOINTS.service.updateSettings, (request) => ({
      body: {
        success: true,
        data: { days: (request.body as { days: number }).days, updatedAt: "2026-11-29T00:00:00Z" },
      },
    }));
    const { container } = renderInDashboard(server, <ServiceDueSection />);
    expect(await screen.findByRole("heading", { name: "Service requests" })).toBeTruthy();
    const field = screen.getByLabelText("Due by (business days)") as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe("1"));
    expect(field.min).toBe("1");
    expect(field.max).toBe("10");

    for (const wrong of ["0", "11", "2.5", ""]) {
      fireEvent.change(field, { target: { value: wrong } });
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByText(SERVICE_MESSAGES.dueDaysInvalid)).toBeTruthy();
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(document.activeElement).toBe(field);
    }
    expect(saves()).toHaveLength(0);

    fireEvent.change(field, { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(serviceDueDaysSaved(3))).toBeTruthy();
    expect(serviceDueDaysSaved(3)).toBe(
      "Saved. New requests are due 3 business days after they arrive.",
    );
    expect(saves()[0]?.body).toEqual({ days: 3 });
    expect(field.getAttribute("aria-invalid")).toBeNull();
    expect(await axeProblems(container)).toEqual([]);
  });

  it("shows the server's refusal at the field", async () => {
    server.on(API_ENDPOINTS.service.updateSettings, () =>
      failure(400, SERVICE_MESSAGES.dueDaysInvalid),
    );
    renderInDashboard(server, <ServiceDueSection />);
    const field = (await screen.findByLabelText("Due by (business days)")) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe("1"));
    fireEvent.change(field, { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(SERVICE_MESSAGES.dueDaysInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(field);
  });

  it("is in Settings for a Manager, not for an Agent", async () => {
    const manager: User = { ...STAFF_USER, _id: "u3", role: ["Manager"], isAdmin: false };
    renderInDashboard(server, <SettingsView />, { url: "/dashboard/settings", user: manager });
    expect(await screen.findByRole("heading", { name: "Service requests" })).toBeTruthy();
    cleanup();

    const agent: User = { ...STAFF_USER, _id: "u2", role: ["Agent"], isAdmin: false };
    renderInDashboard(server, <SettingsView />, { url: "/dashboard/settings", user: agent });
    await screen.findByRole("heading", { name: "Change your password" });
    expect(screen.queryByRole("heading", { name: "Service requests" })).toBeNull();
  });
});
