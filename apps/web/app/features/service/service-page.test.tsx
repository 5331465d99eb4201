import {
  API_ENDPOINTS,
  SERVICE_DONE_TEMPLATE,
  type ServiceRecord,
  type StaffEmail,
} from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axeProblems } from "../../test/axe";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { stubFetch } from "../../test/stub-fetch";
import { ServiceRequestPage } from "./service-page";
import { serviceRequest } from "./test-requests";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const DONE_AT = "2026-11-25T16:00:00.000Z";

const email = (change: Partial<StaffEmail> = {}): StaffEmail => ({
  _id: "e1",
  to: "maria@example.com",
  subject: "Your request SR-2026-000042",
  body: "We are on it.",
  sender: { _id: "u1", name: "Ann Admin" },
  state: "sent",
  attempts: 1,
  error: null,
  createdAt: "2026-11-21T15:00:00.000Z",
  sentAt: "2026-11-21T15:00:05.000Z",
  ...change,
});

let server: ReturnType<typeof stubFetch>;
let emails: StaffEmail[];
function serve(request: ServiceRecord) {
  server.on(API_ENDPOINTS.service.one, { success: true, data: request });
}
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  emails = [];
  serve(serviceRequest());
  server.on(API_ENDPOINTS.service.notes, { success: true, data: [] });
  server.on(API_ENDPOINTS.leadWork.assignable, { success: true, data: [] });
  server.on(API_ENDPOINTS.tasks.list, {
    success: true,
    now: "2026-11-29T15:00:00.000Z",
    data: [],
  });
  server.on(API_ENDPOINTS.service.emails, () => ({ body: { success: true, data: emails } }));
  server.on(API_ENDPOINTS.service.sendEmail, (request) => {
    const draft = request.body as { subject: string; body: string };
    const sent = email({
      _id: `e${emails.length + 2}`,
      ...draft,
      state: "queued",
      createdAt: new Date().toISOString(),
      sentAt: null,
    });
    emails = [sent, ...emails];
    return { status: 201, body: { success: true, data: sent } };
  });
  server.on(API_ENDPOINTS.emailTemplates.list, {
    success: true,
    data: [
      {
        _id: "t1",
        name: "Request done",
        subject: "Your request is done",
        body: "Hello {{firstName}},\n\nAll set.\n\n{{agentName}}",
        updatedAt: "2026-11-01T00:00:00.000Z",
      },
    ],
  });
  server.on(API_ENDPOINTS.dashboard.timeline, {
    email: "maria@example.com",
    total: 0,
    items: [],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (id = "s1") =>
  renderInDashboard(server, <ServiceRequestPage id={id} />, { url: `/dashboard/service/${id}` });

describe("a service request's page", () => {
  it("heads with the reference and shows who, the policy, the kind's fields by label and the due date", async () => {
    const { container } = open();
    const heading = await screen.findByRole("heading", { level: 2 });
    expect(heading.textContent).toBe("SR-2026-000042");
    expect(screen.getByText("Overdue")).toBeTruthy();

    const details = screen
      .getByRole("heading", { name: "Details" })
      .closest("section") as HTMLElement;
    const term = (label: string) =>
      within(details).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(term("Kind")).toBe("Claim notice");
    expect(
      within(details)
        .getByRole("link", { name: /Maria Lindqvist/ })
        .getAttribute("href"),
    ).toBe("/dashboard/people/p1");
    expect(term("Email")).toBe("maria@example.com");
    expect(term("Phone")).toBe("(612) 555-0100");
    expect(term("Carrier")).toBe("Acme Mutual");
    expect(term("Policy number")).toBe("AU-12345");
    expect(term("Date of loss")).toBe("Nov 18, 2026");
    expect(term("Where it happened")).toBe("Lake St and 28th Ave");
    expect(term("What happened")).toBe("Rear-ended at a light.");
    // The option's label, not its value.
    expect(term("Anyone hurt")).toBe("Not sure");
    // An empty optional field is left out.
    expect(within(details).queryByText("Police report number")).toBeNull();

    await screen.findByText("No notes or calls yet.");
    expect(await axeProblems(container)).toEqual([]);
  });

  it("shows a policy change's change by its label", async () => {
    serve(
      serviceRequest({
        kind: "policy-change",
        details: { changeType: "add-driver", effectiveDate: "2026-12-01", details: "My son." },
      }),
    );
    open();
    await screen.findByRole("heading", { level: 2 });
    expect(screen.getByText("Change", { selector: "dt" }).nextElementSibling?.textContent).toBe(
      "Add a driver",
    );
    expect(screen.getByText("Policy change", { selector: "dd" })).toBeTruthy();
  });

  it("lists the files with name, type and size, each a download fetched with the session", async () => {
    open();
    const files = await screen.findByRole("list", { name: "Files of SR-2026-000042" });
    const link = within(files).getByRole("link", {
      name: "bumper.jpg (download, JPEG, 2.4 MB)",
    });
    expect(link.getAttribute("href")).toBe("/api/service-requests/s1/attachments/a1");
    expect(link.hasAttribute("download")).toBe(true);
    expect(within(files).getByText("JPEG · 2.4 MB")).toBeTruthy();

    server.on(API_ENDPOINTS.service.attachment, () => ({ body: "jpeg bytes" }));
    const createObjectURL = vi.fn(() => "blob:photo");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    fireEvent.click(link);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const [call] = server.fetch.mock.calls.filter(([url]) => String(url).includes("/attachments/"));
    const headers = (call?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.authorization).toBe("Bearer test-token");
  });

  it("answers by email with the reference in the subject", async () => {
    open();
    fireEvent.click(await screen.findByRole("button", { name: /^Write an email/ }));
    expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe(
      "Your request SR-2026-000042",
    );
    expect(screen.queryByRole("button", { name: /Send done note/ })).toBeNull();
  });

  it("offers the done note from the saved template once it is Done, and never twice", async () => {
    serve(serviceRequest({ status: "done", statusChangedAt: DONE_AT }));
    // An answer from before it was Done does not count as the done note.
    emails = [email()];
    open();
    const offer = await screen.findByRole("button", { name: "Send done note for SR-2026-000042" });
    await waitFor(() => expect((offer as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(offer);

    const subject = (await screen.findByLabelText("Subject")) as HTMLInputElement;
    expect(subject.value).toBe("Your request SR-2026-000042: Your request is done");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(
      "Hello Maria,\n\nAll set.\n\nAnn Admin",
    );
    await waitFor(() => expect(document.activeElement).toBe(subject));

    fireEvent.click(screen.getByRole("button", { name: /^Send email/ }));
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /Send done note/ })).toBeNull(),
    );
    expect(server.requestsTo(API_ENDPOINTS.service.sendEmail)).toHaveLength(1);
    expect(server.requestsTo(API_ENDPOINTS.service.sendEmail)[0]?.body).toEqual({
      subject: "Your request SR-2026-000042: Your request is done",
      body: "Hello Maria,\n\nAll set.\n\nAnn Admin",
    });
  });

  it("fills the seeded template's reference, so the subject is sent as it reads", async () => {
    server.on(API_ENDPOINTS.emailTemplates.list, {
      success: true,
      data: [{ _id: "t2", ...SERVICE_DONE_TEMPLATE, updatedAt: "2026-11-29T00:00:00.000Z" }],
    });
    serve(serviceRequest({ status: "done", statusChangedAt: DONE_AT }));
    open();
    const offer = await screen.findByRole("button", { name: "Send done note for SR-2026-000042" });
    await waitFor(() => expect((offer as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(offer);
    const subject = (await screen.findByLabelText("Subject")) as HTMLInputElement;
    expect(subject.value).toBe("Your request SR-2026-000042 is done");
    const body = (screen.getByLabelText("Message") as HTMLTextAreaElement).value;
    expect(body).toContain("Hi Maria,");
    expect(body).toContain("Your request SR-2026-000042 is done.");
    expect(body).not.toContain("{{");
  });

  it("does not offer the done note when one went out after it was Done", async () => {
    serve(serviceRequest({ status: "done", statusChangedAt: DONE_AT }));
    emails = [email({ createdAt: "2026-11-25T17:00:00.000Z" })];
    open();
    await screen.findByRole("list", { name: "Emails to request SR-2026-000042" });
    expect(screen.queryByRole("button", { name: /Send done note/ })).toBeNull();
  });

  it("changes the status with the service statuses", async () => {
    server.on(API_ENDPOINTS.service.status, (request) => ({
      body: {
        success: true,
        data: {
          status: (request.body as { status: string }).status,
          statusChangedAt: new Date().toISOString(),
          lostReason: null,
          lostDetail: null,
        },
      },
    }));
    open();
    const status = (await screen.findByLabelText(/^Status/)) as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual([
      "New",
      "In progress",
      "Waiting on carrier",
      "Waiting on client",
      "Done",
    ]);
    fireEvent.change(status, { target: { value: "done" } });
    // Done: nothing is overdue any more, and the done note is offered.
    expect(
      await screen.findByRole("button", { name: "Send done note for SR-2026-000042" }),
    ).toBeTruthy();
    expect(screen.queryByText("Overdue")).toBeNull();
  });

  it("says so for an unknown request", async () => {
    server.on(API_ENDPOINTS.service.one, () => ({
      status: 404,
      body: { success: false, message: "Service request not found" },
    }));
    open("nope");
    expect(await screen.findByRole("heading", { name: "Service request not found" })).toBeTruthy();
  });
});
