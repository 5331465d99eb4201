import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./support/test.ts";

/** Every page of the spec's route table with the heading its prerendered HTML carries. */
const pages: Array<[path: string, heading: string]> = [
  ["/", "Your Safety Our Priority"],
  ["/our-products", "Our Products"],
  ["/get-quote-today", "Get Your Auto Quote"],
  ["/auto-quote-form", "Get Your Auto Quote"],
  ["/about-us", "About Us"],
  ["/contact-us", "Contact Us"],
  ["/client-center", "Client Center"],
  ["/location/our-locations", "Our Location"],
  ["/office-open-hours", "Office Hours"],
  ["/appointments", "Book a Free Consultation"],
  ["/privacy", "Privacy Policy"],
  ["/terms", "Terms of Service"],
  ["/accessibility", "Accessibility Statement"],
  ["/api/auth/login", "Staff Login"],
  ["/api/auth/logout", "Signing out"],
];

/** Collects console errors, uncaught exceptions and CSP violations on a page. */
async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.exposeFunction("__reportCspViolation", (text: string) =>
    problems.push(`CSP: ${text}`),
  );
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  return problems;
}

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("home shows its heading, the navigation and the footer", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Your Safety Our Priority" }),
    ).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Contact Us" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute(
      "href",
      "/api/auth/login",
    );
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await expect(footer.getByRole("link", { name: /on Facebook/ })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    // The newsletter form exists but is hidden.
    await expect(page.getByRole("textbox", { name: "Email address" })).toBeHidden();
  });

  test("a navigation link opens its page", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact Us" })
      .click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page).toHaveTitle(/^Contact Us \|/);
  });

  test("a dropdown opens and closes from the keyboard", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "About Us" });
    await trigger.focus();
    await trigger.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const ourTeam = page.getByRole("link", { name: "Our Team" });
    await expect(ourTeam).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("link", { name: "Our Mission" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(ourTeam).toBeHidden();

    // ArrowDown on the Our Products link opens its menu, submenu included.
    await page.getByRole("link", { name: "Our Products" }).first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("link", { name: "Auto Insurance" }).first()).toBeFocused();
    await page.getByRole("link", { name: "Commercial General Liability" }).click();
    await expect(page).toHaveURL(/\/our-products#commercial-general-liability$/);
    await expect(
      page.getByRole("heading", { level: 3, name: "General Liability", exact: true }),
    ).toBeInViewport();
  });

  test("home has no console errors, CSP violations or axe violations", async ({ page }) => {
    const problems = await watchForProblems(page);
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Your Safety Our Priority" }),
    ).toBeVisible();
    // Navigate client-side too, so the route chunks load under the CSP.
    await page.getByRole("link", { name: "Get Free Quote" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Get Your Auto Quote" }),
    ).toBeVisible();
    await page.goBack();
    await expect(
      page.getByRole("heading", { level: 1, name: "Your Safety Our Priority" }),
    ).toBeVisible();
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu is collapsed behind a toggle button", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Contact Us" })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const location = nav.getByRole("button", { name: "Location" });
    await location.click();
    await expect(nav.getByRole("link", { name: "Office Hours" })).toBeVisible();
    await nav.getByRole("link", { name: "Contact Us" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test("an unknown path answers 404 with the Not Found page", async ({ page }) => {
  const problems = await watchForProblems(page);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  // The page hydrates under the unknown URL: client-side navigation works.
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Your Safety Our Priority" }),
  ).toBeVisible();
  // Chromium reports the document's own 404 status on the console; that one is expected.
  expect(problems.filter((problem) => !problem.includes("status of 404"))).toEqual([]);
});

test("every page of the route table is prerendered with its heading", async ({ request }) => {
  for (const [path, heading] of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
  }
});

test("the public pages load no form validation code unless they have a form", async ({
  request,
}) => {
  // zod (the domain's schemas) belongs to the pages with forms; the shared chunks must not
  // pull it onto every page (decision 0010: the home page's JavaScript budget).
  const formless = ["/", "/our-products", "/about-us", "/privacy"];
  for (const path of formless) {
    const html = await (await request.get(path)).text();
    // Every script the page starts is named in its HTML (the module script's list).
    const scripts = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of new Set(scripts)) {
      const code = await (await request.get(script as string)).text();
      expect(code.includes("_zod"), `${path} loads ${script} with zod in it`).toBe(false);
    }
  }
});
