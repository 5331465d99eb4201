import { AGENCY, SERVICE_MESSAGES } from "@agency/domain";
import { expectNoAxeViolations } from "./support/axe.ts";
import { skipCookieBanner, uniquePhone, VIEWPORTS } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Client Center forms as a client uses them (issue 29 §3): a certificate requested with the
 * keyboard alone, and a submission that fails keeps every answer and says so where the
 * client is looking; at 1280 and 375 px.
 */

const carrier = AGENCY.carriers[0];
if (!carrier) throw new Error("The sample profile lists a carrier.");

/** The accessible name of the focused element: its label's text, or its own text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return "";
    const labelled = element.getAttribute("aria-labelledby");
    if (labelled) return document.getElementById(labelled.split(" ")[0] ?? "")?.textContent ?? "";
    const label = (element as HTMLInputElement).labels?.[0]?.textContent;
    return (label ?? element.textContent ?? "").replace(/\s+/g, " ").trim();
  });
}

/** Presses Tab until the focused control's name starts with `name` (keyboard only). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if ((await focusedName(page)).startsWith(name)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached "${name}" (last: "${await focusedName(page)}")`);
}

for (const viewport of VIEWPORTS) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.beforeEach(async ({ page }) => {
      await skipCookieBanner(page);
    });

    test("a certificate is requested with the keyboard alone", async ({ page }) => {
      await page.goto("/client-center");
      // From the top of the page: the card, then into its form.
      await tabTo(page, "Request a certificate of insurance");
      await page.keyboard.press("Enter");
      const section = page.getByRole("region", { name: "Request a certificate of insurance" });
      await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
      const form = section.getByRole("form");

      await tabTo(page, "Your name");
      await page.keyboard.type("Kofi Mensah-Larsen");
      await page.keyboard.press("Tab");
      await page.keyboard.type("kofi@example.com");
      await page.keyboard.press("Tab");
      await page.keyboard.type(uniquePhone());
      await tabTo(page, "Insurance company");
      // A select takes the first letters of its option.
      await page.keyboard.type(carrier.name.slice(0, 6));
      await tabTo(page, "Certificate holder's name");
      await page.keyboard.type("Como Park Condominiums");
      await tabTo(page, "Certificate holder's address");
      await page.keyboard.type("1 Como Ave");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Saint Paul, MN 55103");
      await tabTo(page, "What is it for?");
      await page.keyboard.type("Proof of insurance for the condo board");
      await tabTo(page, "Needed by");
      await page.keyboard.type("01152030");
      await tabTo(page, "Request the certificate");
      await page.keyboard.press("Enter");

      const answer = form.getByRole("status").filter({ hasText: SERVICE_MESSAGES.successTitle });
      await expect(answer).toBeVisible();
      await expect(answer).toContainText(/SR-\d{4}-\d{6}/);
      await expect(answer).toBeFocused();
      await expect(answer).toBeInViewport();
      await expectNoAxeViolations(page, "the certificate's answer");
    });

    test("a failed submission keeps every answer and shows its message in view", async ({
      page,
    }) => {
      let failing = true;
      await page.route("**/api/client-center/requests", (route) =>
        failing
          ? route.fulfill({
              status: 503,
              contentType: "application/json",
              body: JSON.stringify({ error: "Service Unavailable" }),
            })
          : route.fallback(),
      );
      await page.goto("/client-center?kind=other");
      const section = page.getByRole("region", { name: "Something else" });
      const form = section.getByRole("form");
      await form.getByLabel("Your name").fill("Aroha Ngata");
      await form.getByLabel("Email", { exact: true }).fill("aroha@example.com");
      await form.getByLabel("Phone").fill(uniquePhone());
      await form.getByLabel("Insurance company").selectOption("Not sure");
      const message = "Can my umbrella policy cover my son's first apartment? Ūnicode ✓ 日本";
      await form.getByLabel("How can we help?").fill(message);
      await form.getByRole("button", { name: "Send request" }).click();

      const alert = form.getByRole("alert");
      await expect(alert).toBeVisible();
      await expect(alert).toBeInViewport();
      await expect(alert).toContainText(AGENCY.phone);
      await expect(form.getByLabel("Your name")).toHaveValue("Aroha Ngata");
      await expect(form.getByLabel("How can we help?")).toHaveValue(message);
      await expectNoAxeViolations(page, "the failed request");

      // The same answers, sent again once the server is back: stored, with a reference.
      failing = false;
      await form.getByRole("button", { name: "Send request" }).click();
      const answer = form.getByRole("status").filter({ hasText: SERVICE_MESSAGES.successTitle });
      await expect(answer).toContainText(/SR-\d{4}-\d{6}/);
    });
  });
}
