import { API_ENDPOINTS, MANAGE_MESSAGES, type ManagedBooking } from "@agency/domain";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, failure, type StubReply, stubFetch } from "../../test/stub-fetch";
import { ManageBookingPage } from "./manage-booking-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const TOKEN = "tok-123";
const BOOKING: ManagedBooking = {
  name: "Pat Olson",
  date: "2030-03-06",
  time: "10:00",
  service: "Auto Insurance",
  status: "booked",
};

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={[`/appointments/manage/${TOKEN}`]}>
      <ManageBookingPage token={TOKEN} />
    </MemoryRouter>,
  );

describe("the manage-booking page", () => {
  it("loads the booking behind the link and shows it", async () => {
    const answer = deferred<StubReply>();
    server.on(API_ENDPOINTS.appointmentManage.booking, () => answer.promise);
    renderPage();

    expect(screen.getByRole("status").textContent).toBe("Loading your appointment…");
    answer.resolve({ body: BOOKING });
    const card = await screen.findByRole("article", { name: "Auto Insurance consultation" });
    expect(card.textContent).toContain("Booked for Pat Olson · Confirmed");
    expect(card.textContent).toContain("Wednesday, March 6, 2030");
    expect(server.requestsTo(API_ENDPOINTS.appointmentManage.booking)[0]?.params).toEqual({
      token: TOKEN,
    });
    expect(screen.getByRole("button", { name: "Choose another time" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel appointment" })).toBeTruthy();
  });

  it("says a dead link no longer works (a 404 is an answer, not a failure)", async () => {
    server.on(API_ENDPOINTS.appointmentManage.booking, () => failure(404, "Not found"));
    renderPage();
    expect(await screen.findByRole("heading", { name: "This link no longer works" })).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.appointmentManage.booking)).toHaveLength(1);
  });

  it("says the booking could not be loaded when the server fails (after one retry)", async () => {
    server.on(API_ENDPOINTS.appointmentManage.booking, () => failure(500, "Boom"));
    renderPage();
    expect(
      await screen.findByText("We could not load your appointment.", {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.appointmentManage.booking)).toHaveLength(2);
  });

  it("cancels after the confirm step, with the reason given", async () => {
    server.on(API_ENDPOINTS.appointmentManage.booking, BOOKING);
    server.on(API_ENDPOINTS.appointmentManage.cancel, {
      success: true,
      message: MANAGE_MESSAGES.cancelled,
      data: { ...BOOKING, status: "cancelled" },
    });
    renderPage();

    fireEvent.click(await screen.findByRole("button", { name: "Cancel appointment" }));
    const form = screen.getByRole("form", { name: "Cancel this appointment?" });
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: "Moving away" } });
    fireEvent.click(within(form).getByRole("button", { name: "Yes, cancel it" }));

    expect(
      await screen.findByRole("heading", { name: "Your appointment is canceled" }),
    ).toBeTruthy();
    expect(screen.getByText(MANAGE_MESSAGES.cancelled)).toBeTruthy();
    const [request] = server.requestsTo(API_ENDPOINTS.appointmentManage.cancel);
    expect(request?.body).toEqual({ reason: "Moving away" });
    expect(request?.params).toEqual({ token: TOKEN });
  });

  it("keeps the confirm step open and says why when the cancel fails", async () => {
    server.on(API_ENDPOINTS.appointmentManage.booking, BOOKING);
    server.on(API_ENDPOINTS.appointmentManage.cancel, () => failure(400, "Reason is too long"));
    renderPage();

    fireEvent.click(await screen.findByRole("button", { name: "Cancel appointment" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The appointment was not canceled.");
    expect(alert.textContent).toContain("Reason is too long");
    expect(screen.getByRole("form", { name: "Cancel this appointment?" })).toBeTruthy();
  });
});
