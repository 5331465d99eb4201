import { AGENCY } from "@agency/domain";
import { expectNoAxeViolations } from "./support/axe.ts";
import { skipCookieBanner } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * The Client Center (issue 29 §1): reached from the navigation bar and the footer, its
 * cards lead to their sections, and the carrier directory under Report a claim and Make a
 * payment filters by name, dials the carriers and opens their sites in a new tab.
 */

const [firstCarrier, secondCarrier] = AGENCY.carriers;
if (!firstCarrier || !secondCarrier) throw new Error("The sample profile lists two carriers.");

/** The carriers' own sites, answered here: tests have no network. */
async function stubCarrierSites(page: Page) {
  await page
    .context()
    .route("https://www.example.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Carrier</title>" }),
    );
}

function claimSection(page: Page) {
  return page.getByRole("region", { name: "Report a claim" });
}

function paymentSection(page: Page) {
  return page.getByRole("region", { name: "Make a payment" });
}

test("the page's HTML lists every carrier before any script runs", async ({ request }) => {
  const html = await (await request.get("/client-center")).text();
  for (const carrier of AGENCY.carriers) {
    expect(html).toContain(`href="${carrier.claimsPhone.href}"`);
    expect(html).toContain(`href="${carrier.claimsUrl}"`);
    expect(html).toContain(`href="${carrier.paymentUrl}"`);
  }
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${AGENCY.siteUrl}/client-center</loc>`);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  const isPhone = viewport.width < 992;

  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await skipCookieBanner(page);
      await stubCarrierSites(page);
    });

    test("the navigation bar leads to the Client Center", async ({ page }) => {
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      if (isPhone) await page.getByRole("button", { name: "Menu", exact: true }).click();
      await nav.getByRole("link", { name: "Client Center" }).click();
      await expect(page).toHaveURL(/\/client-center$/);
      await expect(page.getByRole("heading", { level: 1, name: "Client Center" })).toBeVisible();
      await expect(page.locator("#main")).toBeFocused();
      await expect(page).toHaveTitle(/^Client Center \|/);
      // The mobile menu closed on the way: the link is marked there, hidden.
      await expect(
        nav.getByRole("link", { name: "Client Center", includeHidden: true }),
      ).toHaveAttribute("aria-current", "page");
    });

    test("the footer leads to the Client Center", async ({ page }) => {
      await page.goto("/about-us");
      await page.getByRole("contentinfo").getByRole("link", { name: "Client Center" }).click();
      await expect(page).toHaveURL(/\/client-center$/);
      await expect(page.getByRole("heading", { level: 1, name: "Client Center" })).toBeVisible();
    });

    test("each card leads to its section", async ({ page }) => {
      await page.goto("/client-center");
      const cards = page.getByRole("region", { name: "What do you need?" });
      for (const [card, section] of [
        ["Make a payment", "Make a payment"],
        ["Request a certificate of insurance", "Request a certificate of insurance"],
        ["Report a claim", "Report a claim"],
      ] as const) {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
        await cards.getByRole("link", { name: card, exact: true }).click();
        const heading = page.getByRole("heading", { level: 2, name: section, exact: true });
        await expect(heading).toBeInViewport();
        // Below the sticky header, not under it.
        await expect
          .poll(async () => (await heading.boundingBox())?.y ?? 0)
          .toBeGreaterThanOrEqual(isPhone ? 64 : 80);
      }
      await expect(page).toHaveURL(/#report-a-claim$/);
    });

    test("by keyboard: a card's link, then on into its section and its filter", async ({
      page,
    }) => {
      await page.goto("/client-center");
      const card = page
        .getByRole("region", { name: "What do you need?" })
        .getByRole("link", { name: "Make a payment", exact: true });
      await card.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#make-a-payment$/);
      // The next Tab starts from the section the card led to: its first link.
      await page.keyboard.press("Tab");
      await expect(paymentSection(page).getByRole("link", { name: AGENCY.phone })).toBeFocused();
      const filter = paymentSection(page).getByRole("searchbox", {
        name: "Find your insurance company",
      });
      await page.keyboard.press("Tab");
      await expect(filter).toBeFocused();
      await page.keyboard.type(secondCarrier.name.split(" ")[0] ?? "");
      await expect(paymentSection(page).getByRole("listitem")).toHaveCount(1);
      await page.keyboard.press("Tab");
      await expect(
        paymentSection(page).getByRole("link", {
          name: new RegExp(`^Call ${secondCarrier.name.split(" ")[0]}`),
        }),
      ).toBeFocused();
    });

    test("the directory filters by name, in each section on its own", async ({ page }) => {
      await page.goto("/client-center");
      const claims = claimSection(page);
      const carriers = claims.getByRole("list", { name: "Claims lines" }).getByRole("listitem");
      await expect(carriers).toHaveCount(AGENCY.carriers.length);

      const filter = claims.getByRole("searchbox", { name: "Find your insurance company" });
      await filter.fill(secondCarrier.name.slice(0, 6).toUpperCase());
      await expect(carriers).toHaveCount(1);
      await expect(carriers.first().getByRole("heading")).toHaveText(secondCarrier.name);
      await expect(claims.getByRole("status")).toHaveText(
        `1 of ${AGENCY.carriers.length} carriers shown`,
      );
      // The payment section's list is not filtered by the claims filter.
      await expect(
        paymentSection(page).getByRole("list", { name: "Payment sites" }).getByRole("listitem"),
      ).toHaveCount(AGENCY.carriers.length);

      await filter.fill("no carrier by this name");
      await expect(carriers).toHaveCount(0);
      await expect(claims.getByText("No carrier we work with matches")).toBeVisible();
      await expectNoAxeViolations(page, "no carrier matches");

      await filter.fill("");
      await expect(carriers).toHaveCount(AGENCY.carriers.length);
    });

    test("claims lines dial, and the carriers' sites open in a new tab", async ({ page }) => {
      await page.goto("/client-center");
      const claims = claimSection(page);
      for (const carrier of AGENCY.carriers) {
        await expect(
          claims.getByRole("link", {
            name: `Call ${carrier.name} claims at ${carrier.claimsPhone.display}`,
          }),
        ).toHaveAttribute("href", `tel:${carrier.claimsPhone.e164}`);
        const online = claims.getByRole("link", {
          name: `File a claim online with ${carrier.name} (opens in a new tab)`,
        });
        await expect(online).toHaveAttribute("href", carrier.claimsUrl);
        await expect(online).toHaveAttribute("target", "_blank");
        await expect(online).toHaveAttribute("rel", "noopener noreferrer");
        const pay = paymentSection(page).getByRole("link", {
          name: `Pay online to ${carrier.name} (opens in a new tab)`,
        });
        await expect(pay).toHaveAttribute("href", carrier.paymentUrl);
        await expect(pay).toHaveAttribute("target", "_blank");
        await expect(pay).toHaveAttribute("rel", "noopener noreferrer");
      }

      const [tab] = await Promise.all([
        page.waitForEvent("popup"),
        claims
          .getByRole("link", {
            name: new RegExp(`^File a claim online with ${firstCarrier.name.split(" ")[0]}`),
          })
          .click(),
      ]);
      await expect(tab).toHaveURL(firstCarrier.claimsUrl);
      // noopener: the carrier's page cannot reach back into ours.
      expect(await tab.evaluate(() => window.opener)).toBeNull();
      await expect(page).toHaveURL(/\/client-center$/);
    });

    test("says to call 911 in an emergency and that telling us is not reporting", async ({
      page,
    }) => {
      await page.goto("/client-center#report-a-claim");
      const claims = claimSection(page);
      await expect(claims.getByText("In an emergency, call 911.")).toBeVisible();
      await expect(
        claims.getByText("Telling us about a claim does not report it to your insurance company.", {
          exact: false,
        }),
      ).toBeVisible();
    });

    test("has no axe violations", async ({ page }) => {
      await page.goto("/client-center");
      await expectNoAxeViolations(page, "/client-center");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        "no sideways scrolling",
      ).toBeLessThanOrEqual(viewport.width);
    });
  });
}
