import { API_ENDPOINTS } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axeProblems } from "../../test/axe";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { PrivacyRequestPage } from "./privacy-page";
import { privacyPage } from "./test-requests";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const ID = "0190a0b0-0000-7000-8000-000000000001";
let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  server.on(API_ENDPOINTS.privacyRequests.one, privacyPage({ overdue: true, dueOn: "2026-11-12" }));
  // After the :id route: the stub tries the latest first, and "assignable" fits ":id".
  server.on(API_ENDPOINTS.privacyRequests.assignable, {
    success: true,
    data: [{ _id: "u1", name: "Ann Admin" }],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () =>
  renderInDashboard(server, <PrivacyRequestPage id={ID} />, { url: `/dashboard/privacy/${ID}` });

describe("a privacy request's page", () => {
  it("shows the kind, who, the dates with overdue, the person link and the history", async () => {
    const { container } = open();
    const heading = await screen.findByRole("heading", { level: 2, name: "See my information" });
    const details = heading.closest("section") as HTMLElement;
    const term = (label: string) =>
      within(details).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(term("From")).toContain("maria@example.com");
    expect(term("Due by")).toBe("Nov 12, 2026Overdue");
    expect(term("Status")).toBe("New");
    expect(
      within(details)
        .getByRole("link", { name: "Export or erase on the person's page" })
        .getAttribute("href"),
    ).toBe("/dashboard/people/p1#privacy");
    const history = screen
      .getByRole("heading", { name: "History" })
      .closest("section") as HTMLElement;
    expect(within(history).getAllByRole("listitem")).toHaveLength(2);
    expect(history.textContent).toContain("Confirmed by the person's email link; due 2027-01-06");
    expect(await axeProblems(container)).toEqual([]);
  });

  it("sends the answer once, with its outcome, and shows it sent", async () => {
    let answered = 0;
    server.on(API_ENDPOINTS.privacyRequests.answer, async (request) => {
      answered += 1;
      expect(request.body).toEqual({ status: "refused-with-reason", answer: "We must keep it." });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return {
        body: privacyPage({
          status: "refused-with-reason",
          answer: "We must keep it.",
          answeredAt: "2026-11-29T15:00:00.000Z",
        }),
      };
    });
    open();
    await screen.findByRole("heading", { name: "Answer the request" });
    fireEvent.click(screen.getByRole("radio", { name: "Refused with reason" }));
    fireEvent.change(screen.getByLabelText("Answer (emailed to the person)"), {
      target: { value: "We must keep it." },
    });
    const send = screen.getByRole("button", { name: "Send answer" });
    fireEvent.click(send);
    fireEvent.click(send);
    const sent = await screen.findByRole("heading", { name: /Answer sent/ });
    expect(sent.closest("section")?.textContent).toContain("We must keep it.");
    expect(screen.queryByRole("button", { name: "Send answer" })).toBeNull();
    expect(answered).toBe(1);
  });

  it("refuses an empty answer in view and shows a failure", async () => {
    server.on(API_ENDPOINTS.privacyRequests.answer, () =>
      failure(409, "This request has already been answered"),
    );
    open();
    await screen.findByRole("heading", { name: "Answer the request" });
    fireEvent.click(screen.getByRole("button", { name: "Send answer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Write the answer to send");
    expect(server.requestsTo(API_ENDPOINTS.privacyRequests.answer)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Answer (emailed to the person)"), {
      target: { value: "Here it is." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send answer" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("This request has already been answered"),
    );
  });

  it("changes the status and the assignee", async () => {
    server.on(API_ENDPOINTS.privacyRequests.update, (request) => ({
      body: privacyPage(request.body as { status?: string; assignedTo?: string }),
    }));
    open();
    const status = await screen.findByLabelText("Status");
    fireEvent.change(status, { target: { value: "in-progress" } });
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.privacyRequests.update).at(-1)?.body).toEqual({
        status: "in-progress",
      }),
    );
    fireEvent.change(screen.getByLabelText("Assigned to"), { target: { value: "u1" } });
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.privacyRequests.update).at(-1)?.body).toEqual({
        assignedTo: "u1",
      }),
    );
  });
});
