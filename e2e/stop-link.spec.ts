import { STOP_LINK_MESSAGES } from "@agency/domain";
import { stopLinkFromOutbox } from "./support/auth.ts";
import { createAccount, signIn } from "./support/dashboard.ts";
import {
  expectNoHorizontalScroll,
  skipCookieBanner,
  uniquePhone,
  VIEWPORTS,
} from "./support/forms.ts";
import { expect, test } from "./support/test.ts";

/**
 * "Stop contacting me" (issue 30 §1, decision 0081): a visitor's message is confirmed by
 * email; the email's stop link opens a page that records the request once scripts ran and
 * says so; staff then see "Asked not to be contacted" on the lead's page.
 */
for (const viewport of VIEWPORTS) {
  test(`a visitor stops contact from the emailed link at ${viewport.width} px`, async ({
    page,
  }) => {
    // A whole journey (a message, its email, the page, a sign-in, a lead page) on shared cores.
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await skipCookieBanner(page);
    const email = `stop-${viewport.name}-${Date.now()}@example.com`;
    const sentAt = Date.now();
    const sent = await page.request.post("/api/contacts/send-contact", {
      data: {
        firstName: "Zoë",
        lastName: "Ngô-Øvergaard",
        email,
        phone: uniquePhone(),
        subject: "Other",
        message: "Please call me about home insurance.",
        notRobot: true,
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const contactId = ((await sent.json()) as { data: { _id: string } }).data._id;

    const link = await stopLinkFromOutbox(email, { after: sentAt });
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.getByRole("heading", { level: 1, name: "Stop contacting me" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(STOP_LINK_MESSAGES.done, {
      timeout: 10_000,
    });
    await expectNoHorizontalScroll(page);
    // A second visit answers the same: the request stands.
    await page.reload();
    await expect(page.getByRole("status")).toHaveText(STOP_LINK_MESSAGES.done, {
      timeout: 10_000,
    });

    const staff = createAccount("agent");
    await signIn(page, staff);
    await page.goto(`/dashboard/contacts/${contactId}`);
    await expect(
      page.getByText(/Asked not to be contacted since \w{3} \d{1,2}, \d{4}/),
    ).toBeVisible({ timeout: 10_000 });
    await expectNoHorizontalScroll(page);
  });
}
