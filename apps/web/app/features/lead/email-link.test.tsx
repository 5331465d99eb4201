import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DashboardContext } from "../../lib/dashboard-context";
import { EmailButton } from "./email-button";
import { EmailLink, MailAction } from "./email-link";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

/** A lead staff took by phone may have no email (issue 27; decision 0063). */
describe("a lead's email, present or not", () => {
  const inDashboard = (ui: React.ReactElement) =>
    render(
      <DashboardContext value={{ showToast: vi.fn(), openProspect: vi.fn() }}>
        {ui}
      </DashboardContext>,
    );

  it("links an email, and says No email when there is none", () => {
    inDashboard(
      <>
        <EmailLink email="ana@example.com" />
        <EmailButton email="ana@example.com" />
      </>,
    );
    expect(screen.getByRole("link", { name: "ana@example.com" })).toHaveProperty(
      "href",
      "mailto:ana@example.com",
    );
    expect(screen.getByRole("button", { name: /ana@example\.com/ })).toBeTruthy();
    cleanup();

    inDashboard(
      <>
        <EmailLink email="" />
        <EmailButton email="" />
      </>,
    );
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getAllByText("No email")).toHaveLength(2);
  });

  it("disables a mail action with its reason when there is no address", () => {
    render(
      <>
        <MailAction href="mailto:ana@example.com" className="btn">
          Reply
        </MailAction>
        <MailAction href={null} className="btn">
          Reply to Bo
        </MailAction>
      </>,
    );
    expect(screen.getByRole("link", { name: "Reply" })).toHaveProperty(
      "href",
      "mailto:ana@example.com",
    );
    const disabled = screen.getByRole("button", { name: "Reply to Bo" }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    expect(screen.getByText("No email on file: call instead.")).toBeTruthy();
  });
});
