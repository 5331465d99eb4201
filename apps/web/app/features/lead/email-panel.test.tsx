import {
  API_ENDPOINTS,
  type EmailTemplate,
  STAFF_EMAIL_MESSAGES,
  type StaffEmail,
} from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { deferred, failure, type StubReply, stubFetch } from "../../test/stub-fetch";
import { EmailPanel } from "./email-panel";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const OWNER = "Pat Olson's message";
const sentEmail = (n: number, overrides: Partial<StaffEmail> = {}): StaffEmail => ({
  _id: `e${n}`,
  to: "pat@example.com",
  subject: `Subject ${n}`,
  body: `Body ${n}`,
  sender: { _id: "u2", name: "Bo Agent" },
  state: "sent",
  attempts: 1,
  error: null,
  createdAt: "2026-11-20T15:00:00.000Z",
  sentAt: "2026-11-20T15:00:05.000Z",
  ...overrides,
});
const TEMPLATE: EmailTemplate = {
  _id: "t1",
  name: "Thanks",
  subject: "Thanks, {{firstName}}",
  body: "Hi {{firstName}},\nThis is {{agentName}}.",
  updatedAt: "2026-11-20T15:00:00.000Z",
};

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  server.on(API_ENDPOINTS.emailTemplates.list, { success: true, data: [TEMPLATE] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(email = "pat@example.com") {
  return renderInDashboard(
    server,
    <EmailPanel
      view="contacts"
      id="c1"
      email={email}
      opening={{ firstName: "Pat", subject: "Re: Renter's Insurance" }}
      owner={OWNER}
    />,
  );
}

const openCompose = async () => {
  fireEvent.click(await screen.findByRole("button", { name: /^Write an email\b/ }));
  return {
    subject: screen.getByLabelText("Subject") as HTMLInputElement,
    body: screen.getByLabelText("Message") as HTMLTextAreaElement,
    send: screen.getByRole("button", { name: /^Send email\b/ }),
  };
};

describe("emailing a lead from the app", () => {
  it("lists the lead's emails with their state, and says when there are none", async () => {
    server.on(API_ENDPOINTS.contacts.emails, { success: true, data: [] });
    renderPanel();
    expect(await screen.findByText("No emails sent from the app yet.")).toBeTruthy();
    cleanup();
    server.on(API_ENDPOINTS.contacts.emails, {
      success: true,
      data: [sentEmail(2), sentEmail(1, { state: "queued", sentAt: null, attempts: 0 })],
    });
    renderPanel();
    const list = await screen.findByRole("list", { name: `Emails to ${OWNER}` });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]?.textContent).toContain("Sent");
    expect(items[0]?.textContent).toContain("Bo Agent");
    expect(items[0]?.textContent).toContain("Body 2");
    expect(items[1]?.textContent).toContain("Queued");
  });

  it("starts from the prefilled subject, fills a template's placeholders, and sends once", async () => {
    server.on(API_ENDPOINTS.contacts.emails, { success: true, data: [] });
    const answer = deferred<StubReply>();
    server.on(API_ENDPOINTS.contacts.sendEmail, () => answer.promise);
    const { showToast } = renderPanel();
    const form = await openCompose();
    expect(form.subject.value).toBe("Re: Renter's Insurance");
    expect(screen.getByText(STAFF_USER.email, { exact: false })).toBeTruthy();

    fireEvent.change(await screen.findByLabelText(/^Template/), { target: { value: "t1" } });
    expect(form.subject.value).toBe("Thanks, Pat");
    expect(form.body.value).toBe("Hi Pat,\nThis is Ann Admin.");

    fireEvent.click(form.send);
    fireEvent.click(form.send);
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.contacts.sendEmail)).toHaveLength(1),
    );
    const [request] = server.requestsTo(API_ENDPOINTS.contacts.sendEmail);
    expect(request?.body).toEqual({ subject: "Thanks, Pat", body: "Hi Pat,\nThis is Ann Admin." });
    expect(request?.params).toEqual({ id: "c1" });
    answer.resolve({
      status: 201,
      body: {
        success: true,
        message: "Email queued",
        data: sentEmail(3, { subject: "Thanks, Pat", state: "queued", sentAt: null }),
      },
    });
    const list = await screen.findByRole("list", { name: `Emails to ${OWNER}` });
    expect(within(list).getByText("Thanks, Pat")).toBeTruthy();
    expect(within(list).getByText("Queued")).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith("Email queued: its state shows below.");
  });

  it("shows what is missing beside its field without asking the server", async () => {
    server.on(API_ENDPOINTS.contacts.emails, { success: true, data: [] });
    renderPanel();
    const form = await openCompose();
    fireEvent.change(form.subject, { target: { value: "  " } });
    fireEvent.click(form.send);
    expect(await screen.findByText(STAFF_EMAIL_MESSAGES.subjectRequired)).toBeTruthy();
    expect(screen.getByText(STAFF_EMAIL_MESSAGES.bodyRequired)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.contacts.sendEmail)).toHaveLength(0);
  });

  it("keeps what was typed when sending fails, and sends it again with the same key", async () => {
    server.on(API_ENDPOINTS.contacts.emails, { success: true, data: [] });
    server.on(API_ENDPOINTS.contacts.sendEmail, () => failure(409, STAFF_EMAIL_MESSAGES.noAddress));
    renderPanel();
    const form = await openCompose();
    fireEvent.change(form.body, { target: { value: "Hello Pat" } });
    fireEvent.click(form.send);
    expect((await screen.findByRole("alert")).textContent).toBe(
      `The email was not sent: ${STAFF_EMAIL_MESSAGES.noAddress}`,
    );
    expect(form.body.value).toBe("Hello Pat");
    expect(form.subject.value).toBe("Re: Renter's Insurance");

    fireEvent.click(form.send);
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.contacts.sendEmail)).toHaveLength(2),
    );
    const keys = vi
      .mocked(fetch)
      .mock.calls.filter(
        ([url, init]) => init?.method === "POST" && String(url).endsWith("/emails"),
      )
      .map(([, init]) => new Headers(init?.headers).get("idempotency-key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows why an email failed and queues it again with Retry", async () => {
    server.on(API_ENDPOINTS.contacts.emails, {
      success: true,
      data: [
        sentEmail(1, {
          state: "failed",
          attempts: 3,
          error: "The mail server could not be reached",
          sentAt: null,
        }),
      ],
    });
    server.on(API_ENDPOINTS.contacts.retryEmail, () => ({
      body: {
        success: true,
        message: "Email queued again",
        data: sentEmail(1, { state: "queued", attempts: 3, sentAt: null }),
      },
    }));
    const { showToast } = renderPanel();
    const list = await screen.findByRole("list", { name: `Emails to ${OWNER}` });
    expect(list.textContent).toContain(
      "Not delivered: The mail server could not be reached (3 attempts).",
    );
    fireEvent.click(within(list).getByRole("button", { name: /^Retry\b/ }));
    await waitFor(() => expect(within(list).getByText("Queued")).toBeTruthy());
    expect(server.requestsTo(API_ENDPOINTS.contacts.retryEmail)[0]?.params).toEqual({
      id: "c1",
      emailId: "e1",
    });
    expect(within(list).queryByRole("button", { name: /^Retry\b/ })).toBeNull();
    expect(showToast).toHaveBeenCalledWith("Email queued again.");
  });

  it("offers no compose form for a lead without an email", async () => {
    server.on(API_ENDPOINTS.contacts.emails, { success: true, data: [] });
    renderPanel("");
    expect(
      await screen.findByText(
        "No email on file: call instead, or add an email with Edit contact details.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Write an email\b/ })).toBeNull();
  });
});
