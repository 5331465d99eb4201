import { API_ENDPOINTS, RENEWAL_MESSAGES } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { stubFetch } from "../../test/stub-fetch";
import { RenewalTaskSection } from "./renewal-task-section";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the renewal task section", () => {
  it("shows the days, refuses out-of-range ones at the field, and saves", async () => {
    server.on(API_ENDPOINTS.renewals.settings, {
      success: true,
      data: { days: 45, updatedAt: null },
    });
    server.on(API_ENDPOINTS.renewals.updateSettings, (request) => ({
      body: {
        success: true,
        data: { days: (request.body as { days: number }).days, updatedAt: "2026-11-29T00:00:00Z" },
      },
    }));
    renderInDashboard(server, <RenewalTaskSection />);
    const field = (await screen.findByLabelText("Days before expiration")) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe("45"));
    fireEvent.change(field, { target: { value: "400" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(RENEWAL_MESSAGES.taskDaysInvalid)).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(server.requestsTo(API_ENDPOINTS.renewals.updateSettings)).toHaveLength(0);
    fireEvent.change(field, { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(RENEWAL_MESSAGES.taskDaysSaved(30))).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.renewals.updateSettings)[0]?.body).toEqual({
      days: 30,
    });
  });
});
