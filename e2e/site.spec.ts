import { AGENCY } from "@agency/domain";
import { COOKIE_CONSENT_KEY, skipCookieBanner } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Site-wide behaviour: anchors and scrolling, navigation by pointer and keyboard, the
 * cookie banner, focus and announcements after navigation, start-up, and the files and
 * tags search engines read.
 */

const SITE_URL = AGENCY.siteUrl;
const ANCHOR_OFFSET = 80;

/**
 * Whether the element sits 80 px below the top of the viewport, or the page is scrolled
 * as far as it goes (a target near the end of a short page cannot reach 80 px).
 */
function isAnchored(page: Page, id: string) {
  return page.evaluate(
    ({ id, offset }) => {
      const element = document.getElementById(id);
      if (!element) return false;
      const top = element.getBoundingClientRect().top;
      const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
      return Math.abs(top - offset) <= 2 || (top > offset && window.scrollY >= maxScroll - 1);
    },
    { id, offset: ANCHOR_OFFSET },
  );
}

async function expectAnchored(page: Page, id: string) {
  await expect.poll(() => isAnchored(page, id), { timeout: 10_000 }).toBe(true);
}

/** The distinct scroll positions seen over the next 400 ms (more than two: it animated). */
/**
 * The distinct scroll positions of the page from now until the scroll has moved and then
 * stood still for 10 frames (or 3 s): a smooth scroll passes through many, a jump through
 * two. It waits for the scroll to start, however long the click that starts it takes.
 */
function sampleScrollPositions(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const start = Math.round(window.scrollY);
        const seen = new Set<number>([start]);
        const end = performance.now() + 3000;
        let last = start;
        let stillFrames = 0;
        const sample = () => {
          const y = Math.round(window.scrollY);
          seen.add(y);
          stillFrames = y === last ? stillFrames + 1 : 0;
          last = y;
          const settled = y !== start && stillFrames >= 10;
          if (!settled && performance.now() < end) requestAnimationFrame(sample);
          else resolve([...seen]);
        };
        requestAnimationFrame(sample);
      }),
  );
}

test.describe("anchors and scrolling (desktop)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test("a same-page anchor scrolls smoothly to 80 px below the top", async ({ page }) => {
    await page.goto("/our-products");
    await expect(page.locator("#commercial-general-liability")).toBeAttached();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Our Products menu" }).hover();
    const positions = sampleScrollPositions(page);
    await nav.getByRole("link", { name: "Commercial General Liability" }).click();
    await expect(page).toHaveURL(/\/our-products#commercial-general-liability$/);
    expect((await positions).length).toBeGreaterThan(2);
    await expectAnchored(page, "commercial-general-liability");
    // The smooth-scroll flag is dropped again once the scroll has finished.
    await expect(page.locator("html")).not.toHaveAttribute("data-anchor-scroll", /.*/);
  });

  test("with reduced motion a same-page anchor jumps without animating", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/our-products");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Our Products menu" }).hover();
    const positions = sampleScrollPositions(page);
    await nav.getByRole("link", { name: "Commercial General Liability" }).click();
    expect((await positions).length).toBeLessThanOrEqual(2);
    await expectAnchored(page, "commercial-general-liability");
    await expect(page.locator("html")).not.toHaveAttribute("data-anchor-scroll", /.*/);
  });

  test("a link to another page's anchor lands 80 px below the top", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "About Us" }).hover();
    await nav.getByRole("link", { name: "Our Mission" }).click();
    await expect(page).toHaveURL(/\/about-us#our-mission$/);
    await expectAnchored(page, "our-mission");

    await nav.getByRole("button", { name: "About Us" }).hover();
    await nav.getByRole("link", { name: "Our Team" }).click();
    await expect(page).toHaveURL(/\/about-us#our-team$/);
    await expectAnchored(page, "our-team");

    await page.getByRole("contentinfo").getByRole("link", { name: "Home Insurance" }).click();
    await expect(page).toHaveURL(/\/our-products#home-insurance$/);
    await expectAnchored(page, "home-insurance");
  });

  test("opening a URL with a hash scrolls to its target", async ({ page }) => {
    await page.goto("/our-products#auto-insurance");
    await expectAnchored(page, "auto-insurance");
  });

  test("a page change without a hash starts at the top", async ({ page }) => {
    await page.goto("/our-products");
    await page.evaluate(() => window.scrollTo(0, 900));
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact Us" })
      .click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the appointments page scrolls to the booking form 300 ms after load", async ({ page }) => {
    await page.addInitScript(() => {
      window.addEventListener(
        "scroll",
        () => {
          const w = window as unknown as { firstScrollAt?: number };
          w.firstScrollAt ??= performance.now();
        },
        { passive: true },
      );
    });
    await page.goto("/");
    // Another page asks for the scroll through the session flag; the page clears it.
    await page.evaluate(() => sessionStorage.setItem("scrollToAppointmentForm", "true"));
    await page.goto("/appointments");
    await expectAnchored(page, "appointment_form");
    const firstScrollAt = await page.evaluate(
      () => (window as unknown as { firstScrollAt?: number }).firstScrollAt ?? 0,
    );
    expect(firstScrollAt).toBeGreaterThanOrEqual(300);
    expect(await page.evaluate(() => sessionStorage.getItem("scrollToAppointmentForm"))).toBe(null);
  });

  test("the scroll-to-top button appears after 300 px and goes back to the top", async ({
    page,
  }) => {
    await page.goto("/our-products");
    const button = page.getByRole("button", { name: "Scroll to top" });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(100);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator("#main")).toBeFocused();
    await expect(button).toBeHidden();
  });
});

test.describe("navigation (desktop)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test("dropdowns open on hover and close when the pointer leaves", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const quote = nav.getByRole("button", { name: "Quote" });
    await quote.hover();
    await expect(quote).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Get Auto Quote" })).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(quote).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Get Auto Quote" })).toBeHidden();
  });

  test("dropdowns work from the keyboard, and focus lands on the new page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    // Focus alone opens nothing (issue 26 §4): Tab moves through the top-level entries only.
    await nav.getByRole("link", { name: "Home", exact: true }).focus();
    const topLevel = [
      nav.getByRole("link", { name: "Our Products", exact: true }),
      nav.getByRole("button", { name: "Our Products menu" }),
      nav.getByRole("button", { name: "Quote" }),
      nav.getByRole("button", { name: "About Us" }),
      nav.getByRole("button", { name: "Location" }),
      nav.getByRole("link", { name: "Contact Us" }),
    ];
    for (const entry of topLevel) {
      await page.keyboard.press("Tab");
      await expect(entry).toBeFocused();
    }
    for (const name of ["Our Products menu", "Quote", "About Us", "Location"]) {
      await expect(nav.getByRole("button", { name })).toHaveAttribute("aria-expanded", "false");
    }

    // ArrowDown on a trigger opens its menu at the first link; Escape closes it and gives
    // focus back; Space opens it again.
    const products = nav.getByRole("button", { name: "Our Products menu" });
    await products.focus();
    await page.keyboard.press("ArrowDown");
    await expect(products).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Auto Insurance" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(products).toHaveAttribute("aria-expanded", "false");
    await expect(products).toBeFocused();
    await page.keyboard.press("Space");
    await expect(products).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Auto Insurance" })).toBeFocused();
    await page.keyboard.press("Escape");
    // ArrowDown on the Our Products link opens its menu too; Enter on the link follows it.
    await nav.getByRole("link", { name: "Our Products", exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "Auto Insurance" })).toBeFocused();
    await page.keyboard.press("Escape");

    const location = nav.getByRole("button", { name: "Location" });
    await location.focus();
    await location.press("Enter");
    await expect(nav.getByRole("link", { name: "Our Location" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "Office Hours" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/office-open-hours$/);
    await expect(page.locator("#main")).toBeFocused();
  });

  test("every nav chevron sits as far from its word as the others (Our Products too)", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const gaps = await nav.evaluate((element) =>
      Array.from(element.querySelectorAll("button[aria-controls] .icon-chevron-down")).map(
        (chevron) => {
          // The entry's last word (in the button, or in the link beside it), then its chevron.
          const entry = chevron.closest("li > div") ?? chevron.parentElement;
          const walker = document.createTreeWalker(entry as Node, NodeFilter.SHOW_TEXT);
          let last: Text | null = null;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.textContent?.trim() && !node.parentElement?.closest(".sr-only")) {
              last = node as Text;
            }
          }
          const word = document.createRange();
          if (last) word.selectNodeContents(last);
          return chevron.getBoundingClientRect().left - word.getBoundingClientRect().right;
        },
      ),
    );
    expect(gaps).toHaveLength(4);
    for (const gap of gaps) expect(Math.abs(gap - (gaps[1] ?? 0))).toBeLessThanOrEqual(1);
  });

  test("after a page change focus moves to the main content and the title is announced", async ({
    page,
  }) => {
    await page.goto("/");
    const announcer = page.getByTestId("route-announcer");
    await expect(announcer).toHaveText("");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact Us" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.locator("#main")).toBeFocused();
    await expect(announcer).toHaveText(/^Contact Us \|/);
    await expect(announcer).toHaveAttribute("aria-live", "polite");
    expect(await announcer.textContent()).toBe(await page.title());
  });

  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
  });
});

test.describe("navigation (mobile)", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test("the menu opens, navigates to an anchor and closes", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Main" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("button", { name: "About Us" }).click();
    await nav.getByRole("link", { name: "Our Team" }).click();
    await expect(page).toHaveURL(/\/about-us#our-team$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Our Team" })).toBeHidden();
    await expectAnchored(page, "our-team");
  });

  test("tabbing past the last item of the open menu closes it", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Main" });
    await toggle.click();
    const login = nav.getByRole("link", { name: "Login" });
    await login.focus();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(login).toBeHidden();
    // Focus went on to the page, not into a hidden menu.
    expect(await page.evaluate(() => document.activeElement?.closest("nav") === null)).toBe(true);
  });

  test("the menu closes with Escape and gives focus back to its button", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    await toggle.click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home", exact: true })
      .focus();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("by keyboard alone: opening moves focus into the menu, Escape on the toggle closes it", async ({
    page,
  }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Main" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Our Products", exact: true })).toBeFocused();
    // Escape from inside closes and gives focus back to the toggle.
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    // Open again with Space; Escape while the toggle itself has focus closes too.
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.focus();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeHidden();
  });
});

test.describe("the scroll-to-top button at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.beforeEach(async ({ page }) => {
    await skipCookieBanner(page);
    // No fade: the button's visibility is what the page decided, at once.
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  for (const path of ["/contact-us", "/appointments"]) {
    test(`never covers a field or a control on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("form[data-ready='true']").first()).toBeAttached();
      const button = page.getByRole("button", { name: "Scroll to top" });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      let shownAt = 0;
      for (let y = 0; y < height; y += 120) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        // The button decides once per frame: two frames later it has.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        if (!(await button.isVisible())) continue;
        shownAt += 1;
        const covered = await button.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return Array.from(document.querySelectorAll("input, select, textarea, button"))
            .filter((control) => control !== element)
            .filter((control) => {
              const rect = control.getBoundingClientRect();
              return (
                rect.width > 0 &&
                rect.left < box.right &&
                rect.right > box.left &&
                rect.top < box.bottom &&
                rect.bottom > box.top
              );
            })
            .map((control) => control.outerHTML.slice(0, 80));
        });
        expect(covered, `scrolled to ${y}`).toEqual([]);
      }
      // It still shows where nothing is under it (the page's lower sections).
      expect(shownAt).toBeGreaterThan(0);
    });
  }
});

test.describe("cookie consent", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const [button, value] of [
    ["Accept all", "all"],
    ["Necessary only", "necessary"],
  ] as const) {
    test(`"${button}" is stored and remembered across reloads`, async ({ page }) => {
      await page.goto("/");
      const banner = page.getByRole("region", { name: "Cookie consent" });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
        "href",
        "/privacy",
      );
      await banner.getByRole("button", { name: button }).click();
      await expect(banner).toBeHidden();
      expect(await page.evaluate((key) => localStorage.getItem(key), COOKIE_CONSENT_KEY)).toBe(
        value,
      );

      await page.reload();
      await expect(
        page.getByRole("heading", { level: 1, name: "Your Safety Our Priority" }),
      ).toBeVisible();
      await page.waitForTimeout(600);
      await expect(banner).toHaveCount(0);
    });
  }

  test("the banner is not in the prerendered HTML and fades in after load", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    expect(html).not.toContain("Cookie consent");
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveCSS("opacity", "1");
    await expect(banner).toHaveCSS("position", "fixed");
    // The skip link stays the first stop.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  });

  test("Cookie settings in the footer reopens the banner", async ({ page }) => {
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(key, "all");
        sessionStorage.setItem("seeded", "1");
      }
    }, COOKIE_CONSENT_KEY);
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await page.waitForTimeout(400);
    await expect(banner).toHaveCount(0);

    const settings = page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" });
    await settings.click();
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await banner.getByRole("button", { name: "Necessary only" }).click();
    await expect(banner).toBeHidden();
    await expect(settings).toBeFocused();
    expect(await page.evaluate((key) => localStorage.getItem(key), COOKIE_CONSENT_KEY)).toBe(
      "necessary",
    );
    await page.reload();
    await page.waitForTimeout(400);
    await expect(banner).toHaveCount(0);
  });
});

test.describe("start-up", () => {
  test("the first load shows the page at once, with no reload and no splash screen", async ({
    page,
  }) => {
    // Document loads only: the router's own history.replaceState is not a reload.
    let documentLoads = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        documentLoads += 1;
      }
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(
      page.getByRole("heading", { level: 1, name: "Your Safety Our Priority" }),
    ).toBeVisible();
    // Longer than the old 2-second loading screen.
    await page.waitForTimeout(2500);
    expect(documentLoads).toBe(1);
    const navigationType = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type,
    );
    expect(navigationType).toBe("navigate");
    await expect(page.getByText("Loading…")).toHaveCount(0);
  });

  test("the stylesheet is in the page and the scripts start after the first paint", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    // The stylesheet is written into <head>, ahead of every script; no file blocks the paint.
    const style = html.indexOf("<style");
    expect(style).toBeGreaterThan(0);
    expect(style).toBeLessThan(html.indexOf("<script"));
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(stylesheets).toEqual([]);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scriptStarts: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.firstPaint).toBeGreaterThan(0);
    expect(timing.scriptStarts.length).toBeGreaterThan(0);
    // Every script was requested after the page's text was painted.
    expect(Math.min(...timing.scriptStarts)).toBeGreaterThan(timing.firstPaint ?? Infinity);
  });
});

test.describe("search engines", () => {
  const indexable = [
    "/",
    "/our-products",
    "/get-quote-today",
    "/auto-quote-form",
    "/about-us",
    "/contact-us",
    "/client-center",
    "/location/our-locations",
    "/office-open-hours",
    "/appointments",
    "/privacy",
    "/terms",
    "/accessibility",
  ];

  test("sitemap.xml lists every public page with its absolute URL", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      indexable.map((path) => (path === "/" ? `${SITE_URL}/` : `${SITE_URL}${path}`)),
    );
    for (const hidden of ["/api/", "/dashboard", "/404"]) expect(xml).not.toContain(hidden);
  });

  test("robots.txt keeps crawlers out of the staff area and names the sitemap", async ({
    request,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${SITE_URL}/sitemap.xml$`, "m"));
  });

  test("the home page has canonical, Open Graph and valid JSON-LD, with no CSP report", async ({
    page,
  }) => {
    const violations: string[] = [];
    await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void })
          .__reportCspViolation;
        void report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
      });
    });
    await page.goto("/");
    const head = page.locator("head");
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE_URL}/`);
    const og = (property: string) => head.locator(`meta[property="${property}"]`);
    await expect(og("og:url")).toHaveAttribute("content", `${SITE_URL}/`);
    await expect(og("og:type")).toHaveAttribute("content", "website");
    await expect(og("og:site_name")).toHaveAttribute("content", AGENCY.name);
    await expect(og("og:title")).toHaveAttribute("content", await page.title());
    await expect(og("og:description")).toHaveAttribute("content", /.{40,}/);
    await expect(og("og:image")).toHaveAttribute("content", `${SITE_URL}/og-image.png`);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
    await expect(head.locator('meta[name="robots"]')).toHaveCount(0);

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    const agency = JSON.parse(blocks[0] ?? "");
    expect(agency).toMatchObject({
      "@context": "https://schema.org",
      "@type": "InsuranceAgency",
      name: AGENCY.name,
      url: `${SITE_URL}/`,
      telephone: expect.stringMatching(/^\+1\d{10}$/),
      faxNumber: expect.stringMatching(/^\+1\d{10}$/),
      email: expect.stringContaining("@"),
      address: {
        "@type": "PostalAddress",
        addressLocality: AGENCY.address.city,
        addressRegion: AGENCY.address.state,
      },
      geo: { "@type": "GeoCoordinates" },
      priceRange: expect.any(String),
    });
    expect(agency.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "19:30",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Saturday", "Sunday"],
        opens: "13:00",
        closes: "20:00",
      },
    ]);
    expect(agency.sameAs).toHaveLength(3);
    expect(agency.areaServed.length).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(violations).toEqual([]);
  });

  test("every public page has its own canonical URL; staff and error pages are noindex", async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const path of indexable) {
      const html = await (await request.get(path)).text();
      const url = path === "/" ? `${SITE_URL}/` : `${SITE_URL}${path}`;
      expect(html, path).toContain(`<link rel="canonical" href="${url}"/>`);
      expect(html, path).toContain(`<meta property="og:url" content="${url}"/>`);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}"\/>/);
      expect(html, path).not.toContain('name="robots"');
      // Both quote routes show the same wizard (the chooser's auto route and the page).
      if (path !== "/auto-quote-form") titles.add(html.match(/<title>([^<]+)<\/title>/)?.[1] ?? "");
    }
    expect(titles.size, "every page has its own title").toBe(indexable.length - 1);
    for (const path of ["/api/auth/login", "/api/auth/logout", "/no-such-page", "/dashboard"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('rel="canonical"');
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  test("the web manifest, icons and social image are served", async ({ page, request }) => {
    await page.goto("/");
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(manifestHref).toBe("/site.webmanifest");
    const manifest = await (await request.get("/site.webmanifest")).json();
    // Named and colored from the agency profile at build time.
    expect(manifest).toMatchObject({
      name: AGENCY.name,
      short_name: AGENCY.shortName,
      theme_color: AGENCY.brand.dark,
      start_url: "/",
      icons: expect.arrayContaining([
        expect.objectContaining({ src: "/favicon.svg", sizes: "any" }),
      ]),
    });
    const files: Array<[path: string, type: string]> = [
      ["/favicon.svg", "image/svg+xml"],
      ["/apple-touch-icon.png", "image/png"],
      ["/og-image.png", "image/png"],
    ];
    for (const [path, type] of files) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toContain(type);
    }
  });
});
