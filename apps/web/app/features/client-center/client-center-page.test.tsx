import { AGENCY, SERVICE_MESSAGES } from "@agency/domain";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import "../../test/page-text";
import { EMERGENCY_DETAIL } from "./client-center-copy";
import { ClientCenterPage } from "./client-center-page";

function renderPage() {
  return render(
    <MemoryRouter>
      <ClientCenterPage />
    </MemoryRouter>,
  );
}

const CARDS = [
  "Report a claim",
  "Make a payment",
  "Request ID cards",
  "Request a policy change",
  "Request a certificate of insurance",
  "Something else",
];

describe("the Client Center page", () => {
  it("has six cards, each leading to its own section of the page", () => {
    const { container } = renderPage();
    const cards = within(screen.getByRole("region", { name: "What do you need?" }));
    const targets = CARDS.map((title) => {
      const href = cards.getByRole("link", { name: title }).getAttribute("href") ?? "";
      expect(href).toMatch(/^#[a-z-]+$/);
      const section = container.querySelector(href);
      expect(section?.tagName, title).toBe("SECTION");
      // The section is the one the card names.
      expect(within(section as HTMLElement).getByRole("heading", { level: 2 }).textContent).toBe(
        title,
      );
      return href;
    });
    expect(new Set(targets).size).toBe(CARDS.length);
  });

  it("Report a claim says to call 911 in an emergency, before anything else", () => {
    renderPage();
    const claim = screen.getByRole("region", { name: "Report a claim" });
    expect(SERVICE_MESSAGES.claimEmergency).toBe("In an emergency, call 911 first.");
    const text = claim.textContent ?? "";
    expect(text).toContain(`${SERVICE_MESSAGES.claimEmergency} ${EMERGENCY_DETAIL}`);
    expect(text.indexOf("call 911")).toBeLessThan(text.indexOf("Report the claim"));
  });

  it("Report a claim says plainly that telling the agency does not report the claim", () => {
    renderPage();
    const claim = screen.getByRole("region", { name: "Report a claim" });
    expect(SERVICE_MESSAGES.claimNotReported).toMatch(
      /^Telling us about a claim does not report it to your insurance company\./,
    );
    // Above the directory, and again beside the claim notice's send button.
    const text = claim.textContent ?? "";
    const first = text.indexOf(SERVICE_MESSAGES.claimNotReported);
    expect(first).toBeGreaterThan(-1);
    const form = within(claim).getByRole("form", { name: "Tell us about it too" });
    expect(form.textContent).toContain(SERVICE_MESSAGES.claimNotReported);
  });

  it("shows the carriers' claims lines under Report a claim and their payment sites under Make a payment", () => {
    renderPage();
    const claim = within(screen.getByRole("region", { name: "Report a claim" }));
    const payment = within(screen.getByRole("region", { name: "Make a payment" }));
    for (const carrier of AGENCY.carriers) {
      expect(
        claim.getByRole("link", { name: new RegExp(`^Call ${escapeRegExp(carrier.name)} claims`) }),
      ).toBeTruthy();
      expect(
        payment.getByRole("link", {
          name: new RegExp(`^Pay online to ${escapeRegExp(carrier.name)}`),
        }),
      ).toBeTruthy();
    }
    expect(claim.queryByRole("link", { name: /^Pay online/ })).toBeNull();
    expect(payment.queryByRole("link", { name: /claims/ })).toBeNull();
  });

  it("has a form for each request kind, each saying a change waits for an agent", () => {
    renderPage();
    for (const [section, formName] of [
      ["Report a claim", "Tell us about it too"],
      ["Request ID cards", "Request ID cards"],
      ["Request a policy change", "Request a policy change"],
      ["Request a certificate of insurance", "Request a certificate of insurance"],
      ["Something else", "Something else"],
    ] as const) {
      const form = within(screen.getByRole("region", { name: section })).getByRole("form", {
        name: formName,
      });
      expect(form.textContent, section).toContain(SERVICE_MESSAGES.notInEffect);
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
