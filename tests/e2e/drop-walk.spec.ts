import { expect, test } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { PHOTOS, preferList } from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * A drop link end to end, as people use it (ADR 097), in both projects: the owner makes a link
 * that asks names and holds files for review and reads its QR code; a guest on a 360 px phone
 * opens the address the code holds, gives a name and sends two photos, and sees them listed as
 * theirs, waiting for review; the owner approves them and finds them attributed to the guest; a
 * revoked link then tells the guest it no longer works.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

/** What a QR code on the page says, read from a screenshot of it. */
async function readQr(png: Buffer) {
  const { data, info } = await sharp(png)
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

test("a guest scans the QR code, sends photos, and the owner approves them", async ({
  page,
  browser,
}) => {
  test.slow();
  const setup = await ownerWithCollection(
    { prefix: "walk-owner", nickname: "Olga Owner", team: "Walk Club" },
    { name: "Wedding", mode: "owned" },
  );
  await preferList(page.context());
  await signIn(page, setup.owner.email, setup.owner.password);

  // The owner makes the link from the collection's page.
  await page.goto(setup.url);
  await page.getByRole("link", { name: "Drop links" }).click();
  await page.getByRole("link", { name: "New drop link" }).click();
  if (withJavaScript()) await hydrated(page);
  await page.getByLabel("Title").fill("Reception");
  await page.getByRole("radio", { name: /^Required/ }).check();
  await page.getByRole("checkbox", { name: /Hold files for review/ }).check();
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByRole("heading", { name: "Reception" })).toBeVisible();

  // The code holds the link's address, as printed beside it.
  const qr = page.getByRole("img", { name: /^QR code of http/ });
  const address = await readQr(await qr.screenshot());
  expect(address).toMatch(/\/d\/[A-Za-z0-9_-]{24}$/);
  await expect(page.getByText(address ?? "", { exact: true }).first()).toBeVisible();

  // A guest's phone: no account, 360 px wide, the address the camera read.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 780 },
    javaScriptEnabled: withJavaScript(),
  });
  const guest = await phone.newPage();
  const path = new URL(address ?? "").pathname;
  await guest.goto(path);
  await expect(guest.getByRole("heading", { name: "Reception" })).toBeVisible();
  if (withJavaScript()) await hydrated(guest);
  await guest.getByLabel("Your name").fill("Ana");
  await guest.getByRole("button", { name: "Continue" }).click();
  const [lake, forest] = PHOTOS as [string, string];
  if (withJavaScript()) {
    await hydrated(guest);
    await guest.getByTestId("upload-input").setInputFiles([lake, forest]);
  } else {
    await guest.getByLabel("Choose photos or videos").setInputFiles([lake, forest]);
    await guest.getByRole("button", { name: "Send" }).click();
  }
  await expect(guest.getByText("2 files sent, thank you!")).toBeVisible({ timeout: 30_000 });
  const sent = guest.getByRole("region", { name: "Sent from this browser" });
  if (withJavaScript()) await guest.reload();
  await expect(sent.getByText("waiting for review")).toHaveCount(2);
  // Nothing on the phone is wider than the screen.
  const width = await guest.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);

  // The owner reviews them: held files are only on the To review page until approved.
  await page.goto(setup.url);
  await page.getByRole("link", { name: "To review (2)" }).click();
  await page.getByRole("link", { name: "Select all" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approved: 2. They are in the collection now.")).toBeVisible();
  await page.goto(setup.url);
  const rows = page.locator(".files-table tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.getByText("Guest: Ana")).toHaveCount(2);

  // Revoked: the guest's page says so, at once.
  await page.goto(setup.url);
  await page.getByRole("link", { name: "Drop links" }).click();
  await page
    .getByRole("link", { name: /Reception/ })
    .first()
    .click();
  await page.getByRole("link", { name: "Revoke" }).click();
  await page
    .getByRole("dialog", { name: "Revoke this link?" })
    .getByRole("button", { name: "Revoke link" })
    .click();
  await expect(page.getByText("This link is revoked: it no longer works")).toBeVisible();
  await guest.goto(path);
  await expect(guest.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await phone.close();
});
