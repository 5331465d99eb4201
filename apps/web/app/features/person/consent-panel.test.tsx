import {
  API_ENDPOINTS,
  CONTACT_CONSENT_VERSION,
  type ConsentEntry,
  contactConsentText,
  type PersonConsent,
  type User,
} from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { ConsentPanel } from "./consent-panel";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const GIVEN: ConsentEntry = {
  _id: "c1",
  event: "given",
  via: "web-form",
  wordingVersion: CONTACT_CONSENT_VERSION,
  wording: contactConsentText(CONTACT_CONSENT_VERSION),
  phone: "6125550199",
  form: "quote",
  page: "/get-quote-today",
  subject: { type: "auto_quote", id: "q1" },
  by: null,
  note: "",
  createdAt: "2026-11-20T16:00:00.000Z",
};
const REVOKED: ConsentEntry = {
  ...GIVEN,
  _id: "c2",
  event: "revoked",
  via: "phone-call",
  wordingVersion: "",
  wording: "",
  phone: "",
  form: "",
  page: "",
  subject: null,
  by: { _id: "u1", name: "Ann Admin" },
  note: "Asked us to stop",
  createdAt: "2026-11-25T18:00:00.000Z",
};
const given: PersonConsent = { standing: "given", since: GIVEN, lastGiven: null, entries: [GIVEN] };
const revoked: PersonConsent = {
  standing: "revoked",
  since: REVOKED,
  lastGiven: GIVEN,
  entries: [GIVEN, REVOKED],
};
const AGENT: User = { ...STAFF_USER, _id: "u2", role: ["Agent"], isAdmin: false };
const VIEWER: User = { ...STAFF_USER, _id: "u3", role: ["User"], isAdmin: false };

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  server.on(API_ENDPOINTS.consent.ofPerson, { success: true, data: given });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = async (user: User = STAFF_USER) => {
  const rendered = renderInDashboard(server, <ConsentPanel personId="p1" owner="Ana Lind" />, {
    user,
  });
  await screen.findByText(/^OK to call\/text/);
  return rendered;
};
const panel = () =>
  screen.getByRole("heading", { name: "Calls and texts" }).closest("section") as HTMLElement;

describe("a person's call/text consent", () => {
  it("says yes since the day and form it was given, and lists the entry with its wording", async () => {
    await open();
    expect(panel().textContent).toContain("OK to call/text: yes, since Nov 20, 2026 (quote form)");
    const ledger = within(panel()).getByRole("list", { name: "Consent record" });
    expect(ledger.textContent).toContain("Given");
    expect(ledger.textContent).toContain("on the website (quote form, /get-quote-today)");
    expect(ledger.textContent).toContain("by the person");
    expect(ledger.textContent).toContain(contactConsentText(CONTACT_CONSENT_VERSION));
    expect(server.requestsTo(API_ENDPOINTS.consent.ofPerson)[0]?.params).toEqual({ id: "p1" });
  });

  it("says no, and when and how it was revoked, newest entry first", async () => {
    server.on(API_ENDPOINTS.consent.ofPerson, { success: true, data: revoked });
    await open();
    expect(panel().textContent).toContain(
      "OK to call/text: no (revoked Nov 25, 2026, said by phone, recorded by staff)",
    );
    const items = within(panel()).getAllByRole("listitem");
    expect(items[0]?.textContent).toContain("Revoked");
    expect(items[0]?.textContent).toContain("by Ann Admin");
    expect(items[0]?.textContent).toContain("Note: Asked us to stop");
    // Nothing left to revoke.
    expect(within(panel()).queryByRole("button", { name: /Record revocation/ })).toBeNull();
  });

  it("says no when nothing was ever given", async () => {
    server.on(API_ENDPOINTS.consent.ofPerson, {
      success: true,
      data: { standing: "none", since: null, lastGiven: null, entries: [] },
    });
    await open();
    expect(panel().textContent).toContain("OK to call/text: no");
    expect(panel().textContent).toContain("No consent given or revoked yet.");
  });

  it("records a revocation said by phone in one action, with its note, and keeps the dialog open on a refusal", async () => {
    let calls = 0;
    server.on(API_ENDPOINTS.consent.revoke, () => {
      calls += 1;
      return calls === 1
        ? failure(409, "Try again")
        : { status: 201, body: { success: true, data: revoked } };
    });
    const { showToast } = await open(AGENT);
    fireEvent.click(within(panel()).getByRole("button", { name: /Record revocation/ }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.change(within(dialog).getByLabelText("Note (optional)"), {
      target: { value: "Asked us to stop" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record revocation" }));
    await within(dialog).findByRole("alert");
    fireEvent.click(within(dialog).getByRole("button", { name: "Record revocation" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(panel().textContent).toContain("OK to call/text: no (revoked Nov 25, 2026");
    const sent = server.requestsTo(API_ENDPOINTS.consent.revoke);
    expect(sent.map((request) => request.body)).toEqual([
      { note: "Asked us to stop" },
      { note: "Asked us to stop" },
    ]);
    expect(sent.map((request) => request.params)).toEqual([{ id: "p1" }, { id: "p1" }]);
    expect(showToast).toHaveBeenCalledWith("Revocation recorded: no more calls or texts.");
  });

  it("offers no revocation or download to staff who only view, and the download to those who may export", async () => {
    await open(VIEWER);
    expect(within(panel()).queryByRole("button")).toBeNull();
    cleanup();
    await open(AGENT);
    expect(within(panel()).queryByRole("button", { name: /Download CSV/ })).toBeNull();
    cleanup();
    await open();
    expect(within(panel()).getByRole("button", { name: /Download CSV/ })).toBeTruthy();
  });

  it("says so when the record cannot be loaded", async () => {
    server.on(API_ENDPOINTS.consent.ofPerson, () => failure(500, "Server error"));
    renderInDashboard(server, <ConsentPanel personId="p1" owner="Ana Lind" />);
    expect((await screen.findByRole("alert")).textContent).toContain(
      "The consent record could not be loaded",
    );
  });
});
