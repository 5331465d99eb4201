import { API_ENDPOINTS, type ContactRecord } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard } from "../../../test/render-in-dashboard";
import { stubFetch } from "../../../test/stub-fetch";
import { ContactLead } from "../contacts/contact-lead";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const CONTACT: ContactRecord = {
  _id: "c1",
  createdAt: "2026-11-20T15:00:00.000Z",
  status: "new",
  statusChangedAt: "2026-11-20T15:00:00.000Z",
  archivedAt: null,
  source: "web",
  assignedTo: null,
  followUpOn: null,
  nextTaskAt: null,
  lostReason: null,
  lostDetail: null,
  firstName: "Pat",
  lastName: "Olson",
  email: "pat@example.com",
  phone: "6125550100",
  subject: "Renter's Insurance",
  message: "Please call me.",
};

let server: ReturnType<typeof stubFetch>;
let storedStatus = "new";
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  storedStatus = "new";
  server.on(API_ENDPOINTS.contacts.one, { success: true, data: CONTACT });
  server.on(API_ENDPOINTS.contacts.notes, { success: true, data: [] });
  server.on(API_ENDPOINTS.leadWork.assignable, { success: true, data: [] });
  server.on(API_ENDPOINTS.dashboard.notificationRead, { success: true });
  server.on(API_ENDPOINTS.dashboard.timeline, () => ({
    body: {
      email: "pat@example.com",
      total: 1,
      items: [
        {
          type: "contact",
          _id: "c1",
          createdAt: CONTACT.createdAt,
          status: storedStatus,
          summary: "Message about Renter's Insurance: Please call me.",
          assignee: null,
          followUpOn: null,
          lostReason: null,
          lostDetail: null,
          notes: [],
        },
      ],
    },
  }));
  server.on(API_ENDPOINTS.contacts.status, (request) => {
    storedStatus = String((request.body as { status: string }).status);
    return {
      body: {
        success: true,
        data: {
          status: storedStatus,
          statusChangedAt: "2026-11-23T16:30:00.000Z",
          lostReason: null,
          lostDetail: null,
        },
      },
    };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a lead's page", () => {
  it("refreshes the prospect timeline after a status change, without a reload", async () => {
    renderInDashboard(server, <ContactLead id="c1" />, { url: "/dashboard/contacts/c1" });
    const timeline = (await screen.findByRole("heading", { name: "Prospect timeline" })).closest(
      "section",
    ) as HTMLElement;
    await within(timeline).findByText("Message about Renter's Insurance: Please call me.");
    expect(within(timeline).getByText("New")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.dashboard.timeline)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText(/^Status/), { target: { value: "contacted" } });

    await waitFor(() => expect(within(timeline).getByText("Contacted")).toBeTruthy());
    expect(within(timeline).queryByText("New")).toBeNull();
    expect(server.requestsTo(API_ENDPOINTS.dashboard.timeline)).toHaveLength(2);
    expect(server.requestsTo(API_ENDPOINTS.contacts.one)).toHaveLength(1);
  });
});
