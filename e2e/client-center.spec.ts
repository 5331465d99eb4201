import { AGENCY, ATTACHMENT_MESSAGES, PRIVACY_NOTICE, SERVICE_MESSAGES } from "@agency/domain";
import { expectNoAxeViolations } from "./support/axe.ts";
import { skipCookieBanner, uniquePhone } from "./support/forms.ts";
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

/** A tiny PNG's bytes: a photo by its content. */
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 1, 2, 3, 4,
]);
/** A Windows program's first bytes. */
const PROGRAM = Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);

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
      await expect(
        claims.getByText(`1 of ${AGENCY.carriers.length} carriers shown`, { exact: true }),
      ).toBeVisible();
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
      await expect(claims.getByText(SERVICE_MESSAGES.claimEmergency)).toBeVisible();
      // Above the carriers' claims lines, and again beside the claim notice's Send.
      const notReported = claims.getByText(SERVICE_MESSAGES.claimNotReported);
      await expect(notReported).toHaveCount(2);
      await expect(notReported.first()).toBeVisible();
      await expect(
        claims
          .getByRole("form", { name: "Tell us about it too" })
          .getByText(SERVICE_MESSAGES.claimNotReported),
      ).toBeVisible();
    });

    test("a certificate request with a photo is sent once and answered with its reference", async ({
      page,
    }) => {
      await page.goto("/client-center?kind=certificate");
      const section = page.getByRole("region", { name: "Request a certificate of insurance" });
      // ?kind= leads to the kind's form.
      await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
      const form = section.getByRole("form");
      await form.getByRole("button", { name: "Request the certificate" }).click();
      await expect(form.getByText("The certificate holder's name is required")).toBeVisible();
      await expect(form.getByLabel("Your name")).toBeFocused();

      await form.getByLabel("Your name").fill("Maria Lindqvist");
      await form.getByLabel("Email", { exact: true }).fill("maria@example.com");
      await form.getByLabel("Phone").fill(uniquePhone());
      await form.getByLabel("Insurance company").selectOption(secondCarrier.name);
      await form.getByLabel("Certificate holder's name").fill("Lake Street Properties");
      await form.getByLabel("Certificate holder's address").fill("100 Lake St\nMinneapolis, MN");
      await form.getByLabel("What is it for?").fill("Lease renewal");
      await form.getByLabel("Needed by").fill("2030-01-15");
      const picker = form.getByLabel(/^Photos or documents/);
      await picker.setInputFiles([
        { name: "setup.jpg", mimeType: "image/jpeg", buffer: PROGRAM },
        { name: "lease.png", mimeType: "image/png", buffer: PNG },
      ]);
      await expect(form.getByText(`setup.jpg: ${ATTACHMENT_MESSAGES.wrongType}`)).toBeVisible();
      const files = form.getByRole("list", { name: "Files to send" });
      await expect(files.getByRole("listitem")).toHaveCount(1);
      await expect(files).toContainText("lease.png");
      await expect(form).toContainText(SERVICE_MESSAGES.notInEffect);

      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().includes("/api/client-center/")) {
          posts.push(request.url());
        }
      });
      const sent = page.waitForRequest(
        (request) =>
          request.method() === "POST" &&
          new URL(request.url()).pathname === "/api/client-center/requests",
      );
      await form.getByRole("button", { name: "Request the certificate" }).dblclick();
      const request = await sent;
      expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(request.postDataJSON()).toMatchObject({
        kind: "certificate",
        name: "Maria Lindqvist",
        carrier: secondCarrier.name,
        holderName: "Lake Street Properties",
        neededBy: "2030-01-15",
        attachments: [{ name: "lease.png", data: PNG.toString("base64") }],
        // The notice shown; the optional consent left unticked (decision 0080).
        privacy: {
          noticeVersion: PRIVACY_NOTICE.version,
          contactConsent: false,
          form: "client-center",
          page: "/client-center",
        },
      });

      const answer = form.getByRole("status").filter({ hasText: SERVICE_MESSAGES.successTitle });
      await expect(answer).toBeVisible();
      await expect(answer).toContainText(/SR-\d{4}-\d{6}/);
      await expect(answer).toContainText(SERVICE_MESSAGES.nextSteps);
      await expect(answer).toBeFocused();
      expect(posts, "a double click sends once").toHaveLength(1);
      await expectNoAxeViolations(page, "the certificate request's answer");
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
