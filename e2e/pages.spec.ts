import { AGENCY } from "@agency/domain";
import AxeBuilder from "@axe-core/playwright";
import { clickRevealed } from "./support/reveal.ts";
import { expect, type Page, test } from "./support/test.ts";

/** Anchors land this far below the top of the viewport (spec: 80 px offset), ± 4 px. */
const ANCHOR_OFFSET = 80;
const TOLERANCE = 4;

/** Text each inner page must carry in its prerendered HTML, before any script runs. */
const prerenderedText: Array<[path: string, texts: string[]]> = [
  [
    "/our-products",
    [
      'id="our-products"',
      "All Products (8)",
      "Personal Lines (4)",
      "Business Lines (4)",
      "Auto Insurance",
      "Motorcycle/ATV Insurance",
      "Workers Compensation",
      "Cyber Liability",
      "Renters Insurance",
      "General Liability",
      'id="property-insurance"',
      "Start Free Quote",
      "Speak with Agent",
      "Secure &amp; Confidential",
    ],
  ],
  [
    "/about-us",
    [
      'id="our-team"',
      'id="our-mission"',
      "What we help with",
      // Every tab panel is in the HTML, the unselected ones hidden.
      "An independent agency, on purpose",
      "Help our neighbors across Minnesota insure what matters, with confidence",
      "What working with us looks like",
      "Group benefits",
      "Book Consultation",
      "Schedule Consultation",
    ],
  ],
  [
    "/location/our-locations",
    [AGENCY.office.name, "Get Directions", "Office features", "Our specialties", "Show map"],
  ],
  [
    "/office-open-hours",
    ['id="hours"', 'id="contact"', "Phone hours", "Appointment hours", "Holiday hours may vary"],
  ],
  ["/contact-us", ["Ways to reach us", 'id="contactForm"', "Find our office", "Why choose us"]],
  [
    "/client-center",
    [
      'id="report-a-claim"',
      'id="make-a-payment"',
      "In an emergency, call 911 first.",
      "Telling us about a claim does not report it to your insurance company.",
      "Find your insurance company",
      ...AGENCY.carriers.map((carrier) => carrier.claimsPhone.display),
    ],
  ],
  [
    "/privacy",
    [
      "Last updated",
      "November 21, 2026",
      "Gramm-Leach-Bliley",
      "72A.49",
      "Investigative consumer reports",
      "never sell your personal information",
    ],
  ],
  ["/terms", ["Quotes are estimates", "No coverage is bound online", "Minnesota law"]],
  [
    "/accessibility",
    ["WCAG", "2.2", "Known limitations", "We respond within 5 business days", "24–48 hours"],
  ],
];

/** Where the element's top edge sits in the viewport. */
function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (elementId) => document.getElementById(elementId)?.getBoundingClientRect().top ?? Number.NaN,
    id,
  );
}

/** Waits for the (smooth) scroll to settle with the element 80 px below the viewport's top. */
async function expectLandedOn(page: Page, id: string): Promise<void> {
  await expect
    .poll(async () => Math.abs((await topOf(page, id)) - ANCHOR_OFFSET), {
      message: `#${id} should sit ${ANCHOR_OFFSET} px below the top`,
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(TOLERANCE);
  // Still there once every scroll, header change and reveal animation has finished.
  await page.waitForTimeout(700);
  expect(Math.abs((await topOf(page, id)) - ANCHOR_OFFSET)).toBeLessThanOrEqual(TOLERANCE);
}

function productCards(page: Page) {
  return page
    .getByRole("region", { name: "Insurance for home, road and business" })
    .getByRole("article");
}

test.beforeEach(async ({ page }) => {
  // A stored choice keeps the cookie banner from covering the page.
  await page.addInitScript(() => {
    if (window === window.top) localStorage.setItem("cookieConsent", "necessary");
  });
  // No network in tests: the embedded map gets a stand-in page.
  await page.route("https://www.google.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title>" }),
  );
});

test("every inner page carries its main text in the prerendered HTML", async ({ request }) => {
  for (const [path, texts] of prerenderedText) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    for (const text of texts) expect(html, `${path}: ${text}`).toContain(text);
    expect(html.match(/<h1[\s>]/g), `${path}: one h1`).toHaveLength(1);
  }
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the product filter shows 8, 4 and 4 cards and is a real toggle group", async ({ page }) => {
    await page.goto("/our-products");
    const all = page.getByRole("button", { name: "All Products (8)" });
    const personal = page.getByRole("button", { name: "Personal Lines (4)" });
    const business = page.getByRole("button", { name: "Business Lines (4)" });
    const cards = productCards(page);

    await expect(all).toHaveAttribute("aria-pressed", "true");
    await expect(cards).toHaveCount(8);

    await personal.click();
    await expect(personal).toHaveAttribute("aria-pressed", "true");
    await expect(all).toHaveAttribute("aria-pressed", "false");
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole("heading")).toHaveText([
      "Auto Insurance",
      "Home Insurance",
      "Motorcycle/ATV Insurance",
      "Renters Insurance",
    ]);
    await expect(page.getByText("Showing 4 of 8 products")).toBeVisible();

    // Keyboard: Tab reaches the next button, Space and Enter press it.
    await personal.focus();
    await page.keyboard.press("Tab");
    await expect(business).toBeFocused();
    await page.keyboard.press("Space");
    await expect(business).toHaveAttribute("aria-pressed", "true");
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole("heading")).toHaveText([
      "Commercial Insurance",
      "Workers Compensation",
      "Cyber Liability",
      "General Liability",
    ]);
    await all.focus();
    await page.keyboard.press("Enter");
    await expect(cards).toHaveCount(8);
  });

  test("each card has a Learn More link that names its product", async ({ page }) => {
    await page.goto("/our-products");
    await expect(
      page.getByRole("link", { name: "Learn More about Auto Insurance" }),
    ).toHaveAttribute("href", "/get-quote-today");
    await expect(page.getByRole("link", { name: /^Learn More about/ })).toHaveCount(8);
    await page.getByRole("link", { name: "Learn More about Cyber Liability" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expectLandedOn(page, "contactForm");
  });

  for (const anchor of [
    "auto-insurance",
    "home-insurance",
    "property-insurance",
    "commercial-insurance",
    "commercial-general-liability",
  ]) {
    test(`/our-products#${anchor} lands on its target`, async ({ page }) => {
      await page.goto(`/our-products#${anchor}`);
      await expectLandedOn(page, anchor);
    });
  }

  test("a product anchor hidden by the filter switches back to all products", async ({ page }) => {
    await page.goto("/our-products");
    await page.getByRole("button", { name: "Business Lines (4)" }).click();
    await expect(productCards(page)).toHaveCount(4);

    // An in-page link to a personal line.
    await clickRevealed(page.getByRole("link", { name: "See Home Insurance" }));
    await expect(page).toHaveURL(/#home-insurance$/);
    await expect(page.getByRole("button", { name: "All Products (8)" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(productCards(page)).toHaveCount(8);
    await expectLandedOn(page, "home-insurance");

    // The navigation menu, with a filter active again.
    await page.getByRole("button", { name: "Business Lines (4)" }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "Our Products" }).first().focus();
    await page.keyboard.press("ArrowDown");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Auto Insurance" })
      .click();
    await expect(page).toHaveURL(/#auto-insurance$/);
    await expect(productCards(page)).toHaveCount(8);
    await expectLandedOn(page, "auto-insurance");

    // A target the filter shows stays filtered.
    await page.getByRole("button", { name: "Business Lines (4)" }).click();
    await clickRevealed(page.getByRole("link", { name: "See Commercial Insurance" }));
    await expect(page.getByRole("button", { name: "Business Lines (4)" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expectLandedOn(page, "commercial-insurance");
  });

  test("the about tabs work by mouse and by keyboard", async ({ page }) => {
    await page.goto("/about-us");
    const tablist = page.getByRole("tablist", { name: "About our agency" });
    const story = tablist.getByRole("tab", { name: "Our Story" });
    const mission = tablist.getByRole("tab", { name: "Our Mission" });
    const why = tablist.getByRole("tab", { name: "Why Choose Us" });

    await expect(story).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Our Story" })).toBeVisible();
    await expect(
      page.getByText("Help our neighbors across Minnesota insure what matters"),
    ).toBeHidden();

    await mission.click();
    await expect(mission).toHaveAttribute("aria-selected", "true");
    await expect(story).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel", { name: "Our Mission" })).toBeVisible();
    await expect(
      page.getByText("Help our neighbors across Minnesota insure what matters"),
    ).toBeVisible();

    // Arrow keys move and select; Home and End jump; arrows wrap.
    await mission.focus();
    await page.keyboard.press("ArrowRight");
    await expect(why).toBeFocused();
    await expect(why).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Why Choose Us" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(story).toBeFocused();
    await expect(story).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(why).toBeFocused();
    await page.keyboard.press("Home");
    await expect(story).toBeFocused();
    await expect(story).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(why).toHaveAttribute("aria-selected", "true");
    // Only the selected tab is in the Tab order; Tab moves on into its panel.
    await expect(story).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel", { name: "Why Choose Us" })).toBeFocused();
  });

  test("/about-us#our-mission selects the mission tab and scrolls there", async ({ page }) => {
    await page.goto("/about-us#our-mission");
    await expect(page.getByRole("tab", { name: "Our Mission" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expectLandedOn(page, "our-mission");
  });

  test("the Our Mission menu link selects the tab while already on the page", async ({ page }) => {
    await page.goto("/about-us");
    await page.getByRole("button", { name: "About Us" }).click();
    await page.getByRole("link", { name: "Our Mission" }).click();
    await expect(page).toHaveURL(/\/about-us#our-mission$/);
    await expect(page.getByRole("tab", { name: "Our Mission" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expectLandedOn(page, "our-mission");
  });

  test("/about-us#our-team scrolls to the team", async ({ page }) => {
    await page.goto("/about-us#our-team");
    await expectLandedOn(page, "our-team");
    await expect(
      page.getByRole("heading", { name: `Licensed agents based in ${AGENCY.address.city}` }),
    ).toBeInViewport();
  });

  test("Book Consultation sets the session flag and opens the booking form", async ({ page }) => {
    await page.addInitScript(() => {
      // Record session-storage writes: the appointments page clears the flag on arrival.
      const writes: string[] = [];
      (window as unknown as { sessionWrites: string[] }).sessionWrites = writes;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (this === window.sessionStorage) writes.push(`${key}=${value}`);
        return setItem.call(this, key, value);
      };
    });
    await page.goto("/about-us#our-team");
    await page.getByRole("link", { name: "Book Consultation" }).click();
    await expect(page).toHaveURL(/\/appointments#appointment_form$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Book a Free Consultation" }),
    ).toBeVisible();
    const writes = await page.evaluate(
      () => (window as unknown as { sessionWrites: string[] }).sessionWrites,
    );
    expect(writes).toContain("scrollToAppointmentForm=true");

    await page.goBack();
    await page.getByRole("link", { name: "Schedule Consultation" }).click();
    await expect(page).toHaveURL(/\/appointments#appointment_form$/);
  });

  test("arriving with the contact flag scrolls to the form and clears the flag", async ({
    page,
  }) => {
    await page.goto("/our-products");
    await page.getByRole("link", { name: "Speak with Agent" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expectLandedOn(page, "contactForm");
    expect(await page.evaluate(() => sessionStorage.getItem("scrollToContactForm"))).toBeNull();

    // Without the flag the page opens at the top.
    await page.goto("/");
    await page.goto("/contact-us");
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the contact page's cards: phone and email links, fax shown as text", async ({ page }) => {
    await page.goto("/contact-us");
    const cards = page.getByRole("region", { name: "Ways to reach us" });
    await expect(cards.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+1/);
    await expect(cards.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    const fax = cards.getByRole("listitem").filter({ hasText: "Fax" });
    await expect(fax).toContainText(/\(\d{3}\) \d{3}-\d{4}/);
    await expect(fax.getByRole("link")).toHaveCount(0);
    await expect(cards.getByRole("link", { name: /Get directions/ })).toHaveAttribute(
      "target",
      "_blank",
    );
  });

  for (const anchor of ["hours", "contact"]) {
    test(`/office-open-hours#${anchor} lands on its section`, async ({ page }) => {
      await page.goto(`/office-open-hours#${anchor}`);
      await expectLandedOn(page, anchor);
    });
  }

  test("the hours page shows office, phone and appointment hours", async ({ page }) => {
    await page.goto("/office-open-hours");
    const table = page.getByRole("table", { name: "Office hours" });
    await expect(table.getByRole("row")).toHaveCount(8);
    await expect(table.getByRole("row", { name: /Monday/ })).toContainText("9:00 AM – 7:30 PM");
    await expect(table.getByRole("row", { name: /Sunday/ })).toContainText("1:00 PM – 8:00 PM");
    await expect(page.getByText("first slot at 9:00 AM and the last at 5:00 PM")).toBeVisible();
    const contact = page.getByRole("region", { name: "Contact", exact: true });
    await expect(contact.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact-us",
    );
  });

  test("the map loads from Google only when asked, into the same fixed-ratio box", async ({
    page,
  }) => {
    for (const path of ["/location/our-locations", "/contact-us"]) {
      const toGoogle: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).hostname.endsWith("google.com")) toGoogle.push(request.url());
      });
      await page.goto(path);
      const show = page.getByRole("button", { name: "Show map" });
      await show.scrollIntoViewIfNeeded();
      await expect(page.locator("iframe")).toHaveCount(0);
      await expect(show).toHaveAccessibleDescription(new RegExp(AGENCY.address.street));
      await expect(page.getByRole("link", { name: /^Open in Google Maps/ })).toHaveAttribute(
        "href",
        /^https:\/\/www\.google\.com\/maps\//,
      );
      const before = await show.evaluate((button) => {
        const frame = button.closest(".relative");
        const rect = frame?.getBoundingClientRect();
        return rect ? { width: rect.width, height: rect.height } : null;
      });
      expect(toGoogle, path).toEqual([]);

      await show.click();
      const map = page.locator("iframe");
      await expect(map).toHaveCount(1);
      await expect(map).toBeFocused();
      await expect(map).toHaveAttribute("title", /^Map of /);
      await expect(map).toHaveAttribute("referrerpolicy", "no-referrer-when-downgrade");
      await expect(map).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps\?/);
      const after = await map.evaluate((frame) => {
        const rect = frame.parentElement?.getBoundingClientRect();
        return rect ? { width: rect.width, height: rect.height } : null;
      });
      const frameBox = await map.boundingBox();
      expect(frameBox && Math.abs(frameBox.height - (frameBox.width * 9) / 16)).toBeLessThan(2);
      // The map takes the facade's place: the box keeps its size (to a pixel's rounding).
      expect(Math.abs((after?.width ?? 0) - (before?.width ?? -9))).toBeLessThan(1);
      expect(Math.abs((after?.height ?? 0) - (before?.height ?? -9))).toBeLessThan(1);
    }
    await page.goto("/location/our-locations");
    const directions = page.getByRole("link", { name: /Get Directions/ });
    await expect(directions).toHaveAttribute("target", "_blank");
    await expect(directions).toHaveAttribute("rel", /noopener/);
  });

  test("the legal pages' contents link to their sections", async ({ page }) => {
    await page.goto("/privacy");
    const toc = page.getByRole("navigation", { name: "On this page" });
    await toc.getByRole("link", { name: "How long we keep it" }).click();
    await expect(page).toHaveURL(/\/privacy#retention$/);
    await expectLandedOn(page, "retention");
  });

  for (const [path] of prerenderedText) {
    test(`${path} passes axe`, async ({ page }) => {
      await page.goto(path);
      // Reveal everything first, so contrast is checked on the final colours.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      });
      await page.waitForTimeout(1200);
      const axe = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
        .exclude("iframe")
        .analyze();
      expect(
        axe.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`),
      ).toEqual([]);
    });
  }
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("product anchors land on their cards on a phone", async ({ page }) => {
    await page.goto("/our-products#commercial-general-liability");
    await expectLandedOn(page, "commercial-general-liability");
  });

  test("the about tabs fit and work on a phone", async ({ page }) => {
    await page.goto("/about-us#our-mission");
    await expect(page.getByRole("tab", { name: "Our Mission" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expectLandedOn(page, "our-mission");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
  });
});
