import { API_ENDPOINTS, PRIVACY_REQUEST_MESSAGES } from "@agency/domain";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axeProblems } from "../../test/axe";
import { failure, stubFetch } from "../../test/stub-fetch";
import { PrivacyRequestForm } from "./privacy-request-form";
import { PrivacyVerifyPage } from "./verify-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = () =>
  render(
    <MemoryRouter>
      <h3 id="heading">Send us a privacy request</h3>
      <PrivacyRequestForm labelledBy="heading" />
    </MemoryRouter>,
  );

const fill = () => {
  fireEvent.change(screen.getByLabelText("What would you like us to do?"), {
    target: { value: "correct" },
  });
  fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Zoë Ng" } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "zoe@example.com" } });
};

describe("the privacy request form", () => {
  it("shows the field's message and sends nothing while it is invalid", async () => {
    const { container } = renderForm();
    fireEvent.change(screen.getByLabelText(/^Email/), {
      target: { value: "a@example.com, b@example.com" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    expect(await screen.findByText("Email is invalid")).toBeTruthy();
    expect(await screen.findByText("Choose what you would like us to do")).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    expect(await axeProblems(container)).toEqual([]);
  });

  it("sends once on a double press and says to check the email", async () => {
    server.on(API_ENDPOINTS.privacyRequests.send, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { status: 202, body: { success: true, message: PRIVACY_REQUEST_MESSAGES.checkEmail } };
    });
    renderForm();
    fill();
    const button = screen.getByRole("button", { name: "Send request" });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(PRIVACY_REQUEST_MESSAGES.checkEmail)).toBeTruthy();
    const sent = server.requestsTo(API_ENDPOINTS.privacyRequests.send);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      kind: "correct",
      name: "Zoë Ng",
      email: "zoe@example.com",
      website: "",
    });
  });

  it("shows a failure in view and keeps the answers", async () => {
    server.on(API_ENDPOINTS.privacyRequests.send, () =>
      failure(429, "Too many requests from your connection."),
    );
    renderForm();
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(
        "Too many requests from your connection.",
      ),
    );
    expect((screen.getByLabelText("Your name") as HTMLInputElement).value).toBe("Zoë Ng");
  });
});

describe("the verification page", () => {
  it("confirms once and says by when the answer comes", async () => {
    server.on(API_ENDPOINTS.privacyRequests.verify, {
      success: true,
      message: PRIVACY_REQUEST_MESSAGES.verified,
      data: { kind: "access", dueOn: "2027-01-06" },
    });
    render(
      <MemoryRouter>
        <PrivacyVerifyPage token="abcdefghijklmnopqrstuvwxyz012345" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { name: "Request confirmed" })).toBeTruthy();
    expect(screen.getByText(/Jan 6, 2027/)).toBeTruthy();
    const calls = server.requestsTo(API_ENDPOINTS.privacyRequests.verify);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: "abcdefghijklmnopqrstuvwxyz012345" });
  });

  it("says when the link has expired", async () => {
    server.on(API_ENDPOINTS.privacyRequests.verify, () =>
      failure(410, PRIVACY_REQUEST_MESSAGES.linkExpired),
    );
    render(
      <MemoryRouter>
        <PrivacyVerifyPage token="abcdefghijklmnopqrstuvwxyz012345" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { name: "This link has expired" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(PRIVACY_REQUEST_MESSAGES.linkExpired);
  });
});
