import { AGENCY } from "@agency/domain";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "./support/test.ts";

/** Every heading of the home page, top to bottom, as the prerendered HTML must carry it. */
const headings: Array<[level: 1 | 2 | 3, text: string]> = [
  [1, "Your Safety Our Priority"],
  [2, "Talk to a licensed agent"],
  [2, "Why local families choose us"],
  [2, "Trusted across Minneapolis–St. Paul"],
  [2, "Coverage Options"],
  [3, "Need Expert Guidance?"],
  [2, "Why Choose Us"],
  [2, "Insurance for Every Part of Your Life"],
  [2, `The ${AGENCY.shortName} Difference`],
  [3, "Our Commitment to You"],
  [2, "Find Your Perfect Coverage"],
  [3, "Need Personalized Assistance?"],
  [2, "Ready to Protect What Matters Most?"],
];

const products = [
  "Auto Insurance",
  "Home & Property",
  "Motorcycle Insurance",
  "RV Insurance",
  "Commercial Insurance",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const escapeHtml = (text: string) => text.replaceAll("&", "&amp;");

/** The opacity the visitor actually sees: the product of the element's and its ancestors'. */
function effectiveOpacity(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });
}

function section(page: Page, name: string): Locator {
  return page.getByRole("region", { name, exact: true });
}

test("the prerendered HTML carries every section heading and every product's tab and panel", async ({
  request,
}) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const [level, text] of headings) {
    expect(html, text).toMatch(
      new RegExp(`<h${level}[^>]*>${escapeRegExp(escapeHtml(text))}</h${level}>`),
    );
  }
  // Every product has its tab and a panel for it to point at; only the chosen product's
  // panel has content (the others fill in when chosen: the page stays under 800 elements).
  expect(html).toContain('role="tablist"');
  for (const product of products) {
    expect(html, product).toMatch(
      new RegExp(`role="tab"[^>]*>(?:(?!</button>).)*${escapeRegExp(escapeHtml(product))}`),
    );
  }
  expect(html.match(/role="tabpanel"/g)).toHaveLength(products.length);
  expect(html).toMatch(new RegExp(`<h3[^>]*>${escapeRegExp(escapeHtml("Auto Insurance"))}</h3>`));
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the sections come in the spec's order, under one h1", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
    for (const [level, text] of headings) {
      await expect(main.getByRole("heading", { level, name: text, exact: true })).toHaveCount(1);
    }
    const wanted = new Set(headings.map(([, text]) => text));
    const shown = (await main.getByRole("heading").allTextContents()).filter((text) =>
      wanted.has(text),
    );
    expect(shown).toEqual(headings.map(([, text]) => text));
  });

  test("the hero links to the quote and the appointment form", async ({ page }) => {
    await page.goto("/");
    const hero = section(page, "Your Safety Our Priority");
    await expect(hero.getByRole("link", { name: "Get Free Quote" })).toHaveAttribute(
      "href",
      "/get-quote-today",
    );
    await expect(hero.getByRole("link", { name: AGENCY.phone })).toHaveAttribute("href", /^tel:/);
    await hero.getByRole("link", { name: "Book Appointment" }).click();
    await expect(page).toHaveURL(/\/appointments$/);
  });

  test("the trust section shows four badges and three certifications", async ({ page }) => {
    await page.goto("/");
    const trust = section(page, "Trusted across Minneapolis–St. Paul");
    for (const text of [
      "A+ Rated",
      "Trusted",
      "Excellent Customer Service",
      "Independent",
      "Licensed & Insured",
      "Secure & Private",
      "Independent Agency",
    ]) {
      await expect(trust.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(trust.getByText("5.0 rating from our clients")).toBeVisible();
  });

  test("the product explorer switches panels by mouse", async ({ page }) => {
    await page.goto("/");
    const explorer = section(page, "Coverage Options");
    const tablist = explorer.getByRole("tablist", { name: "Insurance products" });
    const tabs = tablist.getByRole("tab");
    await expect(tabs).toHaveCount(5);
    for (const [index, product] of products.entries()) {
      await expect(tabs.nth(index)).toContainText(product);
    }

    // Initially the first tab (auto).
    const autoTab = tablist.getByRole("tab", { name: /Auto Insurance/ });
    await expect(autoTab).toHaveAttribute("aria-selected", "true");
    let panel = explorer.getByRole("tabpanel");
    await expect(panel).toHaveCount(1);
    await expect(panel.getByRole("heading", { level: 3, name: "Auto Insurance" })).toBeVisible();
    await expect(panel.getByText("Popular", { exact: true })).toBeVisible();
    await expect(panel.getByRole("listitem")).toHaveText([
      "Collision Coverage",
      "Liability Protection",
      "Claims Support",
      "Roadside Assistance",
    ]);
    await expect(panel.getByText("Competitive rates")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Get Quote" })).toHaveAttribute(
      "href",
      "/get-quote-today",
    );
    await expect(panel.getByRole("link", { name: "Learn More" })).toHaveAttribute(
      "href",
      "/contact-us",
    );

    const homeTab = tablist.getByRole("tab", { name: /Home & Property/ });
    await homeTab.click();
    await expect(homeTab).toHaveAttribute("aria-selected", "true");
    await expect(autoTab).toHaveAttribute("aria-selected", "false");
    panel = explorer.getByRole("tabpanel");
    await expect(panel).toHaveAttribute(
      "aria-labelledby",
      (await homeTab.getAttribute("id")) ?? "",
    );
    await expect(homeTab).toHaveAttribute("aria-controls", (await panel.getAttribute("id")) ?? "");
    await expect(panel.getByRole("heading", { level: 3, name: "Home & Property" })).toBeVisible();
    await expect(panel.getByText("Dwelling Protection")).toBeVisible();
    await expect(panel.getByText("Bundle options available")).toBeVisible();

    // The Popular badge belongs to auto alone.
    for (const product of products) {
      await tablist.getByRole("tab", { name: new RegExp(escapeRegExp(product)) }).click();
      const visiblePanel = explorer.getByRole("tabpanel");
      await expect(visiblePanel.getByRole("heading", { level: 3 })).toHaveText(product);
      await expect(visiblePanel.getByText("Popular", { exact: true })).toHaveCount(
        product === "Auto Insurance" ? 1 : 0,
      );
    }

    await expect(
      explorer.getByRole("link", { name: "Call Now" }),
      "Need Expert Guidance calls the office",
    ).toHaveAttribute("href", /^tel:\+1\d{10}$/);
  });

  test("the product explorer follows the tabs keyboard pattern", async ({ page }) => {
    await page.goto("/");
    const explorer = section(page, "Coverage Options");
    const tab = (name: string) =>
      explorer.getByRole("tab", { name: new RegExp(escapeRegExp(name)) });
    const expectSelected = async (name: string) => {
      await expect(tab(name)).toBeFocused();
      await expect(tab(name)).toHaveAttribute("aria-selected", "true");
      await expect(tab(name)).toHaveAttribute("tabindex", "0");
      await expect(explorer.getByRole("tab", { selected: false })).toHaveCount(4);
      for (const other of await explorer.getByRole("tab", { selected: false }).all()) {
        await expect(other).toHaveAttribute("tabindex", "-1");
      }
      await expect(explorer.getByRole("tabpanel").getByRole("heading", { level: 3 })).toHaveText(
        name,
      );
    };

    // Tab reaches the selected tab only, once.
    await explorer.getByRole("heading", { name: "Coverage Options" }).scrollIntoViewIfNeeded();
    await tab("Auto Insurance").focus();
    await expectSelected("Auto Insurance");

    await page.keyboard.press("ArrowDown");
    await expectSelected("Home & Property");
    await page.keyboard.press("ArrowRight");
    await expectSelected("Motorcycle Insurance");
    await page.keyboard.press("ArrowUp");
    await expectSelected("Home & Property");
    await page.keyboard.press("ArrowLeft");
    await expectSelected("Auto Insurance");
    await page.keyboard.press("ArrowLeft");
    await expectSelected("Commercial Insurance");
    await page.keyboard.press("ArrowDown");
    await expectSelected("Auto Insurance");
    await page.keyboard.press("End");
    await expectSelected("Commercial Insurance");
    await page.keyboard.press("Home");
    await expectSelected("Auto Insurance");

    // Tab leaves the tab list for the panel's first link.
    await page.keyboard.press("Tab");
    await expect(
      explorer.getByRole("tabpanel").getByRole("link", { name: "Get Quote" }),
    ).toBeFocused();
  });

  test("why choose us highlights the hovered or focused card", async ({ page }) => {
    await page.goto("/");
    const grid = section(page, "Why Choose Us");
    const cards = grid.getByRole("article");
    await expect(cards).toHaveCount(6);
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText([
      "Competitive Pricing",
      "Personal Service",
      "Expert Guidance",
      "Proven Excellence",
      "Dedicated Support",
      "Local Expertise",
    ]);
    for (const card of await cards.all()) {
      await expect(card.getByRole("listitem")).toHaveCount(3);
    }
    const personal = grid.getByRole("article", { name: "Personal Service" });
    await expect(personal.getByText("1000+")).toBeVisible();

    await expect(grid.locator('[data-highlighted="true"]')).toHaveCount(0);
    await personal.hover();
    await expect(personal).toHaveAttribute("data-highlighted", "true");
    await expect(grid.locator('[data-highlighted="true"]')).toHaveCount(1);

    const local = grid.getByRole("article", { name: "Local Expertise" });
    await local.hover();
    await expect(local).toHaveAttribute("data-highlighted", "true");
    await expect(personal).toHaveAttribute("data-highlighted", "false");

    // The highlight clears when the pointer leaves.
    await page.mouse.move(5, 5);
    await expect(grid.locator('[data-highlighted="true"]')).toHaveCount(0);

    // Keyboard focus gives the same highlight.
    await personal.focus();
    await expect(personal).toHaveAttribute("data-highlighted", "true");
    await page.keyboard.press("Tab");
    await expect(grid.getByRole("article", { name: "Expert Guidance" })).toHaveAttribute(
      "data-highlighted",
      "true",
    );
    await expect(personal).toHaveAttribute("data-highlighted", "false");

    await expect(grid.getByRole("link", { name: "Get Quote" })).toHaveAttribute(
      "href",
      "/get-quote-today",
    );
    await expect(grid.getByRole("link", { name: "Learn More" })).toHaveAttribute(
      "href",
      "/our-products",
    );
  });

  test("product selection links to the right pages and its info button opens a quote", async ({
    page,
  }) => {
    await page.goto("/");
    const selection = section(page, "Insurance for Every Part of Your Life");
    const cards = selection.getByRole("article");
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText([
      "Bundle & Save",
      "Auto Insurance",
      "Property",
      "Recreational",
      "Commercial",
    ]);
    await expect(selection.getByText("BEST VALUE")).toBeVisible();
    await expect(selection.getByText("POPULAR", { exact: true })).toBeVisible();
    await expect(selection.getByText("TRUSTED")).toBeVisible();

    const targets: Array<[string, string]> = [
      ["Ask About Bundles", "/contact-us"],
      ["Start Auto Quote", "/get-quote-today"],
      ["Protect My Property", "/contact-us"],
      ["Cover My Toys", "/contact-us"],
      ["Insure My Business", "/contact-us"],
      ["Speak with Agent", "/contact-us"],
      ["Compare Plans", "/get-quote-today"],
    ];
    for (const [name, href] of targets) {
      await expect(selection.getByRole("link", { name }), name).toHaveAttribute("href", href);
    }

    // Info buttons (decision 0039): the auto estimate where auto is part of the cover…
    for (const title of ["Bundle & Save", "Auto Insurance"]) {
      await expect(
        selection.getByRole("button", { name: `Get an instant auto estimate for ${title}` }),
      ).toBeVisible();
    }
    // …and what the cover includes, on Our Products, for the others.
    for (const [title, href] of [
      ["Property", "/our-products#home-insurance"],
      ["Recreational", "/our-products#motorcycle-atv-insurance"],
      ["Commercial", "/our-products#commercial-insurance"],
    ] as const) {
      await expect(
        selection.getByRole("link", { name: `What ${title} insurance covers` }),
      ).toHaveAttribute("href", href);
      await expect(
        selection.getByRole("button", { name: new RegExp(`for ${title}$`) }),
      ).toHaveCount(0);
    }
    await selection
      .getByRole("button", { name: "Get an instant auto estimate for Bundle & Save" })
      .click();
    // The info button opens the quote dialog on the home page (its code loads on demand).
    const dialog = page.getByRole("dialog", { name: /Instant Auto Estimate/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("For: Bundle & Save")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await dialog.getByRole("button", { name: "Close" }).click();
    await selection.getByRole("link", { name: "What Commercial insurance covers" }).click();
    await expect(page).toHaveURL(/\/our-products#commercial-insurance$/);
    await expect(page.locator("#commercial-insurance")).toBeInViewport();
  });

  test("why choose us: four cards and the commitment card", async ({ page }) => {
    await page.goto("/");
    const difference = section(page, `The ${AGENCY.shortName} Difference`);
    for (const title of [
      "Competitive Rates",
      "Customer First",
      "Responsive Service",
      "Local Expertise",
    ]) {
      await expect(difference.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }
    await expect(difference.getByText("5.0 client rating")).toBeVisible();
    await expect(
      difference.getByRole("complementary", { name: "Our Commitment to You" }),
    ).toBeVisible();
  });

  test("the quote-type chooser sends auto to the form and a bundle to the contact page", async ({
    page,
  }) => {
    await page.goto("/");
    const chooser = section(page, "Find Your Perfect Coverage");
    await expect(chooser.getByText("Get started", { exact: true })).toBeVisible();
    await expect(chooser.getByRole("link")).toHaveText([
      "Auto + Home Bundle",
      "Auto Insurance",
      "Property Insurance",
      "Recreational Vehicles",
      "Commercial Insurance",
      /^Call /,
    ]);
    await expect(chooser.getByText("BEST VALUE")).toBeVisible();
    await expect(chooser.getByText("MOST POPULAR")).toBeVisible();
    await expect(chooser.getByText(/renters/)).toBeVisible();
    await expect(chooser.getByText(/Motorcycles, boats, RVs and ATVs/)).toBeVisible();
    await expect(chooser.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:/);

    await chooser.getByRole("link", { name: "Auto Insurance", exact: true }).click();
    await expect(page).toHaveURL(/\/auto-quote-form$/);

    await page.goBack();
    await section(page, "Find Your Perfect Coverage")
      .getByRole("link", { name: "Auto + Home Bundle" })
      .click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  });

  test("the closing call to action offers a quote and a call", async ({ page }) => {
    await page.goto("/");
    const closing = section(page, "Ready to Protect What Matters Most?");
    for (const point of ["Quick & Easy", "Multiple Options", "Full Coverage"]) {
      await expect(closing.getByRole("heading", { level: 3, name: point })).toBeVisible();
    }
    await expect(closing.getByRole("link", { name: "Start Your Free Quote" })).toHaveAttribute(
      "href",
      "/get-quote-today",
    );
    await expect(closing.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:/);
    await expect(closing.getByRole("list", { name: "Why clients trust us" })).toContainText(
      "A+ Rated",
    );
  });

  test("sections fade in once scrolled to and stay visible after scrolling back", async ({
    page,
  }) => {
    await page.goto("/");
    const closingHeading = page.getByRole("heading", {
      level: 2,
      name: "Ready to Protect What Matters Most?",
    });
    const chooserHeading = page.getByRole("heading", {
      level: 2,
      name: "Find Your Perfect Coverage",
    });
    // Far below the fold: not revealed yet.
    expect(await effectiveOpacity(closingHeading)).toBe(0);
    expect(await effectiveOpacity(chooserHeading)).toBe(0);

    await chooserHeading.scrollIntoViewIfNeeded();
    await expect.poll(() => effectiveOpacity(chooserHeading)).toBe(1);
    await closingHeading.scrollIntoViewIfNeeded();
    await expect.poll(() => effectiveOpacity(closingHeading)).toBe(1);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    expect(await effectiveOpacity(closingHeading)).toBe(1);
    expect(await effectiveOpacity(chooserHeading)).toBe(1);
  });

  test("arriving below the sections (a link to an anchor) finds the ones passed already shown", async ({
    page,
  }) => {
    await page.goto("/#closing-cta-heading");
    await expect(page.locator("#closing-cta-heading")).toBeInViewport();
    const chooserHeading = page.getByRole("heading", {
      level: 2,
      name: "Find Your Perfect Coverage",
    });
    // Above the viewport, never scrolled through: shown, and not animating in on the way back.
    await expect.poll(() => effectiveOpacity(chooserHeading)).toBe(1);
    await expect(page.locator('[data-revealed="false"]')).toHaveCount(0);
  });
});

test.describe("reduced motion", () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" });

  test("nothing is hidden, and the page passes axe", async ({ page }) => {
    await page.goto("/");
    // Nothing has been scrolled to, so the reveal state is still "not revealed"…
    const pending = page.locator('[data-revealed="false"]');
    expect(await pending.count()).toBeGreaterThan(10);
    // …yet every section is fully visible, because the hiding CSS does not apply.
    for (const element of await pending.all()) {
      expect(await effectiveOpacity(element)).toBe(1);
    }
    for (const [level, text] of headings) {
      const heading = page.getByRole("heading", { level, name: text, exact: true });
      expect(await effectiveOpacity(heading), text).toBe(1);
    }

    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual(
      [],
    );
  });
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the product tabs sit above the panel and the page does not scroll sideways", async ({
    page,
  }) => {
    await page.goto("/");
    const explorer = section(page, "Coverage Options");
    const tablist = explorer.getByRole("tablist");
    await tablist.scrollIntoViewIfNeeded();
    const listBox = await tablist.boundingBox();
    const panelBox = await explorer.getByRole("tabpanel").boundingBox();
    expect(listBox && panelBox && listBox.y + listBox.height <= panelBox.y).toBe(true);

    await explorer.getByRole("tab", { name: /RV Insurance/ }).click();
    await expect(explorer.getByRole("tabpanel").getByRole("heading", { level: 3 })).toHaveText(
      "RV Insurance",
    );

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
