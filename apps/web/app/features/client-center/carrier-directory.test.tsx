import { AGENCY } from "@agency/domain";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { CarrierDirectory } from "./carrier-directory";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const names = () =>
  screen
    .getAllByRole("listitem")
    .map((item) => within(item).getByRole("heading", { level: 4 }).textContent);

describe("the carrier directory", () => {
  it("lists every carrier of the profile, in its order", () => {
    render(<CarrierDirectory purpose="claim" />);
    expect(AGENCY.carriers.length).toBeGreaterThan(1);
    expect(names()).toEqual(AGENCY.carriers.map((carrier) => carrier.name));
  });

  it("filters by name as the visitor types, and says how many are shown", () => {
    render(<CarrierDirectory purpose="claim" />);
    const filter = screen.getByRole("searchbox", { name: "Find your insurance company" });
    expect(screen.getByRole("status").textContent).toBe("");

    fireEvent.change(filter, { target: { value: "great riv" } });
    expect(names()).toEqual(["Great River Commercial (sample)"]);
    expect(screen.getByRole("status").textContent).toBe(
      `1 of ${AGENCY.carriers.length} carriers shown`,
    );

    fireEvent.change(filter, { target: { value: "" } });
    expect(names()).toHaveLength(AGENCY.carriers.length);
  });

  it("says so when no carrier matches, and gives the agency's number", () => {
    render(<CarrierDirectory purpose="payment" />);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "no such carrier" } });
    expect(screen.queryAllByRole("listitem")).toHaveLength(0);
    expect(screen.getByText(/No carrier we work with matches “no such carrier”/)).toBeTruthy();
    expect(screen.getByRole("link", { name: AGENCY.phone }).getAttribute("href")).toBe(
      AGENCY.phoneHref,
    );
  });

  it("applies what was typed into the filter before the scripts ran", async () => {
    const page = <CarrierDirectory purpose="claim" />;
    const container = document.createElement("div");
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const input = container.querySelector("input");
    if (!input) throw new Error("no filter in the prerendered HTML");
    input.value = "lakeshore";
    render(page, { container, hydrate: true });
    expect(names()).toEqual(["Lakeshore Casualty (sample)"]);
  });

  it("for a claim: the claims line as tel: and the claims site in a new tab, said aloud", () => {
    render(<CarrierDirectory purpose="claim" />);
    for (const carrier of AGENCY.carriers) {
      const call = screen.getByRole("link", {
        name: `Call ${carrier.name} claims at ${carrier.claimsPhone.display}`,
      });
      expect(call.getAttribute("href")).toBe(carrier.claimsPhone.href);
      expect(call.getAttribute("href")).toMatch(/^tel:\+1\d{10}$/);

      const online = screen.getByRole("link", {
        name: `File a claim online with ${carrier.name} (opens in a new tab)`,
      });
      expect(online.getAttribute("href")).toBe(carrier.claimsUrl);
      expect(online.getAttribute("target")).toBe("_blank");
      expect(online.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  it("for a payment: the payment site in a new tab and the customer service line", () => {
    render(<CarrierDirectory purpose="payment" />);
    for (const carrier of AGENCY.carriers) {
      const pay = screen.getByRole("link", {
        name: `Pay online to ${carrier.name} (opens in a new tab)`,
      });
      expect(pay.getAttribute("href")).toBe(carrier.paymentUrl);
      expect(pay.getAttribute("target")).toBe("_blank");
      expect(pay.getAttribute("rel")).toBe("noopener noreferrer");
      if (carrier.customerServicePhone) {
        expect(
          screen
            .getByRole("link", {
              name: `Call ${carrier.name} customer service at ${carrier.customerServicePhone.display}`,
            })
            .getAttribute("href"),
        ).toBe(carrier.customerServicePhone.href);
      }
    }
    expect(screen.queryByRole("link", { name: /claim/i })).toBeNull();
  });

  it("without carriers in the profile, gives the agency's number instead of an empty list", () => {
    render(<CarrierDirectory purpose="claim" carriers={[]} />);
    expect(screen.queryByRole("searchbox")).toBeNull();
    expect(screen.getByText(/give you your insurance company's claims line/)).toBeTruthy();
  });
});
