import { API_ENDPOINTS, CLOSURE_MESSAGES, type ClosureRecord } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { deferred, failure, type StubReply, stubFetch } from "../../test/stub-fetch";
import { ClosuresSection } from "./closures-section";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** A day well ahead, so the form's "not in the past" rule never bites. */
const DAY = "2030-03-06";
const closure = (id: string, reason: string): ClosureRecord => ({
  _id: id,
  date: DAY,
  allDay: true,
  from: null,
  to: null,
  reason,
  createdAt: "2026-11-20T15:00:00.000Z",
  createdBy: "Ann Admin",
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

describe("the closures section", () => {
  it("shows Loading… and then that nothing is closed", async () => {
    const answer = deferred<StubReply>();
    server.on(API_ENDPOINTS.scheduling.closures, () => answer.promise);
    renderInDashboard(server, <ClosuresSection />);

    expect(await screen.findByText("Loading…")).toBeTruthy();
    answer.resolve({ body: { data: [] } });
    expect(await screen.findByText("No closures: every weekday slot can be booked.")).toBeTruthy();
  });

  it("says why the closures could not be loaded", async () => {
    server.on(API_ENDPOINTS.scheduling.closures, () => failure(500, "The calendar is down"));
    renderInDashboard(server, <ClosuresSection />);
    expect((await screen.findByRole("alert")).textContent).toContain("The calendar is down");
  });

  it("tells staff that visitors read the reason, as the booking form words it", async () => {
    server.on(API_ENDPOINTS.scheduling.closures, { data: [] });
    renderInDashboard(server, <ClosuresSection />);
    await screen.findByText("No closures: every weekday slot can be booked.");

    const reason = screen.getByLabelText("Reason");
    const hintId = reason.getAttribute("aria-describedby") ?? "";
    const hint = document.getElementById(hintId)?.textContent ?? "";
    expect(hint).toMatch(/^Visitors see it\./);
    expect(hint).toContain(CLOSURE_MESSAGES.dayClosed("Training"));
    expect(hint).toContain("Closed hours show as taken");

    // With an error, the field names both the hint and the error.
    fireEvent.click(screen.getByRole("button", { name: "Add closure" }));
    await waitFor(() => expect(reason.getAttribute("aria-invalid")).toBe("true"));
    const [first, second] = (reason.getAttribute("aria-describedby") ?? "").split(" ");
    expect(first).toBe(hintId);
    expect(document.getElementById(second ?? "")?.textContent).toBe(
      CLOSURE_MESSAGES.reasonRequired,
    );
  });

  it("checks the form before sending it", async () => {
    server.on(API_ENDPOINTS.scheduling.closures, { data: [] });
    renderInDashboard(server, <ClosuresSection />);
    await screen.findByText("No closures: every weekday slot can be booked.");

    fireEvent.click(screen.getByRole("button", { name: "Add closure" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Date").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(server.requestsTo(API_ENDPOINTS.scheduling.addClosure)).toHaveLength(0);
  });

  it("adds a closure, names the appointments in it and lists it", async () => {
    let closures: ClosureRecord[] = [];
    server.on(API_ENDPOINTS.scheduling.closures, () => ({ body: { data: closures } }));
    server.on(API_ENDPOINTS.scheduling.addClosure, (request) => {
      const added = closure("k1", (request.body as { reason: string }).reason);
      closures = [added];
      return {
        status: 201,
        body: {
          success: true,
          message: "Closed. 1 appointment is already booked then: move or cancel it.",
          data: added,
          affected: [{ _id: "a1", name: "Pat Olson", date: DAY, time: "10:00", status: "booked" }],
        },
      };
    });
    renderInDashboard(server, <ClosuresSection />);
    await screen.findByText("No closures: every weekday slot can be booked.");

    fireEvent.change(screen.getByLabelText("Date"), { target: { value: DAY } });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Training" } });
    fireEvent.click(screen.getByRole("button", { name: "Add closure" }));

    expect(await screen.findByText(/1 appointment is already booked then/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Pat Olson" }).getAttribute("href")).toBe(
      "/dashboard/appointments/a1",
    );
    expect(server.requestsTo(API_ENDPOINTS.scheduling.addClosure)[0]?.body).toEqual({
      date: DAY,
      allDay: true,
      reason: "Training",
    });
    expect(await screen.findByText("Training")).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Delete the closure of / })).toBeTruthy();
  });

  it("deletes a closure after its confirmation", async () => {
    let closures = [closure("k1", "Office closed")];
    server.on(API_ENDPOINTS.scheduling.closures, () => ({ body: { data: closures } }));
    server.on(API_ENDPOINTS.scheduling.deleteClosure, () => {
      closures = [];
      return { body: { success: true, message: "The closure was deleted." } };
    });
    renderInDashboard(server, <ClosuresSection />);

    fireEvent.click(await screen.findByRole("button", { name: /^Delete the closure of / }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete closure" }));

    expect(await screen.findByText("The closure was deleted.")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.scheduling.deleteClosure)[0]?.params).toEqual({
      id: "k1",
    });
    expect(await screen.findByText("No closures: every weekday slot can be booked.")).toBeTruthy();
  });
});
