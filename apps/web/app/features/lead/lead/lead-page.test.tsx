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
  personId: null,
  assignedTo: null,
  followUpOn: null,
  nextTaskAt: null,
  firstTouch: null,
  firstResponseAt: null,
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
  server.on(API_ENDPOINTS.contacts.emails, { success: true, data: [] });
  server.on(API_ENDPOINTS.emailTemplates.list, { success: true, data: [] });
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
          emails: [],
          tasks: [],
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

  it("writes to the prospect in the app: the timeline's link opens the compose form, no mail program", async () => {
    renderInDashboard(server, <ContactLead id="c1" />, { url: "/dashboard/contacts/c1" });
    const timeline = (await screen.findByRole("heading", { name: "Prospect timeline" })).closest(
      "section",
    ) as HTMLElement;
    const link = await within(timeline).findByRole("button", { name: "Email this prospect" });
    expect(
      document.querySelector('a[href^="mailto:"][href*="pat@example.com"]')?.textContent,
    ).not.toBe("Email this prospect");
    fireEvent.click(link);
    const subject = (await screen.findByLabelText("Subject")) as HTMLInputElement;
    expect(subject.value).toBe("Re: Renter's Insurance");
    await waitFor(() => expect(document.activeElement).toBe(subject));

    // Sent: the timeline is read again, so the email shows there too.
    server.on(API_ENDPOINTS.contacts.sendEmail, (request) => ({
      status: 201,
      body: {
        success: true,
        message: "Email queued",
        data: {
          _id: "e1",
          to: "pat@example.com",
          ...(request.body as { subject: string; body: string }),
          sender: { _id: "u1", name: "Ann Admin" },
          state: "queued",
          attempts: 0,
          error: null,
          createdAt: "2026-11-23T16:30:00.000Z",
          sentAt: null,
        },
      },
    }));
    expect(server.requestsTo(API_ENDPOINTS.dashboard.timeline)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hello Pat" } });
    fireEvent.click(screen.getByRole("button", { name: /^Send email\b/ }));
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.dashboard.timeline)).toHaveLength(2),
    );
    expect(server.requestsTo(API_ENDPOINTS.contacts.sendEmail)[0]?.body).toEqual({
      subject: "Re: Renter's Insurance",
      body: "Hello Pat",
    });
  });

  it("shows its person, linking to the person's page, once the record names one", async () => {
    server.on(API_ENDPOINTS.contacts.one, {
      success: true,
      data: { ...CONTACT, personId: "p9" },
    });
    renderInDashboard(server, <ContactLead id="c1" />, { url: "/dashboard/contacts/c1" });
    const link = await screen.findByRole("link", { name: /^Pat Olson/ });
    expect(link.getAttribute("href")).toBe("/dashboard/people/p9");
    expect(link.closest("p")?.textContent).toContain("Person:");
  });

  it("shows no person link for a record without one", async () => {
    renderInDashboard(server, <ContactLead id="c1" />, { url: "/dashboard/contacts/c1" });
    await screen.findByRole("heading", { level: 2, name: "Pat Olson" });
    expect(screen.queryByText("Person:")).toBeNull();
    expect(screen.queryByRole("link", { name: /^Pat Olson/ })).toBeNull();
  });
});
