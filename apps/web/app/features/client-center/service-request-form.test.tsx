import {
  AGENCY,
  API_ENDPOINTS,
  ATTACHMENT_MESSAGES,
  CONTACT_CONSENT_VERSION,
  contactConsentText,
  HONEYPOT_FIELD,
  PRIVACY_NOTICE,
  SERVICE_MESSAGES,
} from "@agency/domain";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failure, type StubReply, stubFetch } from "../../test/stub-fetch";
import { ServiceRequestForm } from "./service-request-form";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 1, 2, 3];
const PDF = [...new TextEncoder().encode("%PDF-1.7\n"), 1, 2, 3, 4, 5, 6, 7];
/** A Windows program's first bytes, named as a photo. */
const PROGRAM = [0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff];

const fileOf = (name: string, bytes: number[], type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

const SENT = {
  success: true as const,
  message: "Request received",
  data: { _id: "r1", reference: "SR-2026-000042", createdAt: "2026-11-29T15:00:00.000Z" },
};

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <>
      <h2 id="id-cards-heading">Request ID cards</h2>
      <ServiceRequestForm
        kind="id-cards"
        labelledBy="id-cards-heading"
        submitLabel="Request ID cards"
      />
    </>,
  );
  return screen.getByRole("form", { name: "Request ID cards" });
}

function fillValid(form: HTMLElement) {
  const type = (label: string | RegExp, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  type("Your name", "Maria Lindqvist");
  type("Email", "maria@example.com");
  type("Phone", "612-555-0100");
  type("Insurance company", AGENCY.carriers[0]?.name ?? "Not sure");
  type(/^Policy number/, "PA-123");
  type("Vehicles that need ID cards", "2021 Subaru Outback");
}

async function attach(form: HTMLElement, ...files: File[]) {
  const picker = within(form).getByLabelText(/^Photos or documents/);
  await act(async () => {
    fireEvent.change(picker, { target: { files } });
  });
}

const send = (form: HTMLElement) =>
  act(async () => {
    fireEvent.click(within(form).getByRole("button", { name: "Request ID cards" }));
  });

const keysSent = () =>
  server.fetch.mock.calls
    .filter(([url]) => String(url).includes(API_ENDPOINTS.service.send.path))
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.["idempotency-key"]);

describe("a Client Center request form", () => {
  it("says a change is not in effect until an agent confirms it", () => {
    const form = renderForm();
    expect(form.textContent).toContain(SERVICE_MESSAGES.notInEffect);
  });

  it("shows the schema's messages and sends nothing while a field is wrong", async () => {
    const form = renderForm();
    await send(form);
    await waitFor(() =>
      expect(within(form).getByLabelText("Your name").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(form.textContent).toContain("Your name is required");
    expect(form.textContent).toContain("Tell us which vehicles need ID cards");
    expect(form.textContent).toContain("Choose your insurance company, or Not sure");
    expect(document.activeElement).toBe(within(form).getByLabelText("Your name"));
    expect(server.requestsTo(API_ENDPOINTS.service.send)).toHaveLength(0);
  });

  it("sends the answers and the files in base64, then shows the reference and what happens next", async () => {
    server.on(API_ENDPOINTS.service.send, () => ({ status: 201, body: SENT }));
    const form = renderForm();
    fillValid(form);
    await attach(form, fileOf("damage.png", PNG, "image/png"), fileOf("bill.pdf", PDF, ""));
    expect(within(form).getByRole("list", { name: "Files to send" }).textContent).toContain(
      "damage.png",
    );
    // The optional call/text consent, unticked at first (decision 0080).
    const consent = within(form).getByLabelText(contactConsentText()) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    fireEvent.click(consent);
    await send(form);

    const panel = await within(form).findByText(SERVICE_MESSAGES.successTitle);
    expect(panel.closest("[role='status']")).toBe(document.activeElement);
    expect(form.textContent).toContain("SR-2026-000042");
    expect(form.textContent).toContain(SERVICE_MESSAGES.nextSteps);

    const [request] = server.requestsTo(API_ENDPOINTS.service.send);
    expect(request?.body).toEqual({
      kind: "id-cards",
      name: "Maria Lindqvist",
      email: "maria@example.com",
      phone: "6125550100",
      formattedPhone: "(612) 555-0100",
      carrier: AGENCY.carriers[0]?.name ?? "Not sure",
      policyNumber: "PA-123",
      vehicles: "2021 Subaru Outback",
      attachments: [
        { name: "damage.png", data: btoa(String.fromCharCode(...PNG)) },
        { name: "bill.pdf", data: btoa(String.fromCharCode(...PDF)) },
      ],
      [HONEYPOT_FIELD]: "",
      privacy: {
        noticeVersion: PRIVACY_NOTICE.version,
        contactConsent: true,
        consentVersion: CONTACT_CONSENT_VERSION,
        form: "client-center",
        page: window.location.pathname,
      },
    });
    expect(keysSent()).toHaveLength(1);

    // Another request starts from an empty form.
    fireEvent.click(within(form).getByRole("button", { name: "Send another request" }));
    expect((within(form).getByLabelText("Your name") as HTMLInputElement).value).toBe("");
    expect(within(form).queryByRole("list", { name: "Files to send" })).toBeNull();
  });

  it("leaves out a file whose content is no photo or PDF, whatever its name says", async () => {
    const form = renderForm();
    await attach(form, fileOf("photo.jpg", PROGRAM), fileOf("ok.png", PNG, "image/png"));
    const files = within(form).getByRole("list", { name: "Files to send" });
    expect(files.textContent).toContain("ok.png");
    expect(files.textContent).not.toContain("photo.jpg");
    expect(form.textContent).toContain(`photo.jpg: ${ATTACHMENT_MESSAGES.wrongType}`);
    const picker = within(form).getByLabelText(/^Photos or documents/);
    expect(picker.getAttribute("aria-invalid")).toBe("true");
  });

  it("keeps at most five files, and a removed one can make room", async () => {
    const form = renderForm();
    await attach(
      form,
      ...["1", "2", "3", "4", "5", "6"].map((n) => fileOf(`p${n}.png`, PNG, "image/png")),
    );
    const files = within(form).getByRole("list", { name: "Files to send" });
    expect(within(files).getAllByRole("listitem")).toHaveLength(5);
    expect(form.textContent).toContain(`p6.png: ${ATTACHMENT_MESSAGES.tooMany}`);
    fireEvent.click(within(form).getByRole("button", { name: "Remove p1.png" }));
    expect(within(files).getAllByRole("listitem")).toHaveLength(4);
    expect(form.textContent).not.toContain(ATTACHMENT_MESSAGES.tooMany);
  });

  it("shows a failure in the form, keeps every answer, and a retry reuses the Idempotency-Key", async () => {
    let answer: StubReply = failure(429, "Too many requests. Please try again in a minute.");
    server.on(API_ENDPOINTS.service.send, () => answer);
    const form = renderForm();
    fillValid(form);
    await send(form);
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toContain("Too many requests. Please try again in a minute.");
    expect(alert.textContent).toContain(AGENCY.phone);
    expect((within(form).getByLabelText("Your name") as HTMLInputElement).value).toBe(
      "Maria Lindqvist",
    );

    answer = { status: 201, body: SENT };
    await send(form);
    await within(form).findByText(SERVICE_MESSAGES.successTitle);
    const [first, second] = keysSent();
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it("puts the server's field messages at their fields", async () => {
    server.on(API_ENDPOINTS.service.send, () => ({
      status: 400,
      body: {
        success: false,
        error: "Validation failed",
        errors: [{ field: "attachments.0.data", message: ATTACHMENT_MESSAGES.wrongType }],
      },
    }));
    const form = renderForm();
    fillValid(form);
    await attach(form, fileOf("a.png", PNG, "image/png"));
    await send(form);
    const picker = within(form).getByLabelText(/^Photos or documents/);
    await waitFor(() => expect(picker.getAttribute("aria-invalid")).toBe("true"));
    expect(form.textContent).toContain(ATTACHMENT_MESSAGES.wrongType);
  });

  it("sends once however often Send is pressed while it sends", async () => {
    let release: (reply: StubReply) => void = () => {};
    server.on(
      API_ENDPOINTS.service.send,
      () => new Promise<StubReply>((resolve) => (release = resolve)),
    );
    const form = renderForm();
    fillValid(form);
    const button = within(form).getByRole("button", { name: "Request ID cards" });
    for (let press = 0; press < 3; press += 1) {
      await act(async () => {
        fireEvent.click(button);
      });
    }
    expect(button.textContent).toBe("Sending…");
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.service.send)).toHaveLength(1));
    await act(async () => release({ status: 201, body: SENT }));
    await within(form).findByText(SERVICE_MESSAGES.successTitle);
    expect(server.requestsTo(API_ENDPOINTS.service.send)).toHaveLength(1);
  });
});
