import { describe, expect, it } from "vitest";
import { DASHBOARD_LIMITS, DASHBOARD_MESSAGES } from "./dashboard/messages.ts";
import { QUOTE_ADMIN_MESSAGES, QUOTE_MESSAGES, QUOTE_TOAST_DURATION_MS } from "./quote/messages.ts";
import { COOKIE_CONSENT_VALUES, isCookieConsent, NOT_FOUND_MESSAGES } from "./site.ts";

describe("quote messages", () => {
  it("keeps the spec's messages word for word", () => {
    expect(QUOTE_MESSAGES).toMatchObject({
      submitted: "Quote submitted successfully! Someone will contact you soon.",
      submittedToast:
        "Thank you. Your quote has been submitted and will be reviewed within 2 hours & you will receive an email.",
      submitFailed: "Failed to submit quote",
      submitError: "An error occurred while submitting the quote",
    });
    expect(QUOTE_TOAST_DURATION_MS).toBe(8000);
  });

  it("keeps the dashboard's quote messages word for word", () => {
    expect(QUOTE_ADMIN_MESSAGES).toEqual({
      loadErrorTitle: "Error Loading Quotes",
      loadFailed: "Failed to fetch quotes",
      unexpectedFormat: "Unexpected data format",
      deleted: "Quote deleted successfully!",
      deleteFailed: "Failed to delete quote",
      confirmDelete: "Are you sure you want to delete this quote?",
      empty: "No Quotes Found",
    });
  });
});

describe("site and dashboard messages", () => {
  it("keeps the remaining wording", () => {
    expect(NOT_FOUND_MESSAGES.title).toBe("Page Not Found");
    expect(DASHBOARD_MESSAGES.overviewFailed).toBe(
      "Failed to load dashboard data. Using sample data instead.",
    );
    expect(DASHBOARD_LIMITS).toEqual({ listItems: 5, recentItemsPerCard: 3 });
  });

  it("stores cookie consent as all or necessary", () => {
    expect(COOKIE_CONSENT_VALUES).toEqual(["all", "necessary"]);
    expect(isCookieConsent("all")).toBe(true);
    expect(isCookieConsent("necessary")).toBe(true);
    expect(isCookieConsent("none")).toBe(false);
  });
});
