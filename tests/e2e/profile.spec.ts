import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { createVerifiedUser, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";

/*
 * The profile and the avatar dialog, with JavaScript (direct upload with progress, polling)
 * and without it (multipart post streamed on by the server, a self-refreshing page).
 */

const js = () => test.info().project.name === "js";

async function signedIn(page: Page, prefix: string) {
  const user = await createVerifiedUser(prefix, "Ada Lovelace");
  await signIn(page, user.email);
  await page.goto("/profile");
  return user;
}

test("edit first name, last name and nickname", async ({ page }) => {
  const { email } = await signedIn(page, "profile");
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByLabel("Nickname")).toHaveValue("Ada Lovelace");
  const save = page.getByRole("button", { name: "Save" });
  if (js()) {
    // Nothing changed yet: nothing to save.
    await expect(save).toBeDisabled();
  }
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Nickname").fill("!");
  await save.click();
  await expect(
    page.getByText("Use letters, digits, spaces, hyphens, dots and apostrophes only."),
  ).toBeVisible();

  await page.getByLabel("First name").fill("  Augusta Ada ");
  await page.getByLabel("Last name").fill("King");
  await page.getByLabel("Nickname").fill("Countess");
  await save.click();
  await expect(page.getByRole("status")).toHaveText("Your profile is saved.");
  await expect(page.getByLabel("First name")).toHaveValue("Augusta Ada");
  await expect(page.getByLabel("Last name")).toHaveValue("King");
  // The header greets by the new nickname.
  await expect(page.getByLabel("Account menu")).toContainText("Countess");

  // Clearing a name removes it.
  await page.getByLabel("Last name").fill("");
  // The first save's message may still show: wait for this save's own answer.
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/profile")),
    save.click(),
  ]);
  await expect(page.getByRole("status")).toHaveText("Your profile is saved.");
  await page.reload();
  await expect(page.getByLabel("Last name")).toHaveValue("");
  await expect(page.getByLabel("Nickname")).toHaveValue("Countess");
});

async function png(side: number) {
  return sharp({
    create: { width: side, height: side, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
}

test("upload an avatar from this device", async ({ page }) => {
  await signedIn(page, "avatar");
  await page.getByRole("link", { name: "Add an avatar" }).click();
  await expect(page).toHaveURL(/\/profile\/avatar$/);
  const dialog = page.getByRole("dialog", { name: "Your avatar" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Not an image: refused with the rule's message.
  await dialog.getByLabel("Image file").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByText("Choose a PNG, JPEG, WebP, GIF or AVIF image.")).toBeVisible();

  await dialog.getByLabel("Image file").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await png(600),
  });
  if (js())
    await expect(dialog.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
  await dialog.getByRole("button", { name: "Upload" }).click();

  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  await expect(page.getByRole("status")).toHaveText("Your new avatar is set.");
  const avatar = page.locator("img.avatar");
  await expect(avatar).toBeVisible();
  const src = await avatar.getAttribute("src");
  const response = await page.request.get(src ?? "");
  expect(response.status()).toBe(200);
  const stored = await sharp(await response.body()).metadata();
  expect([stored.format, stored.width, stored.height]).toEqual(["webp", 256, 256]);
  await expect(page.getByRole("link", { name: "Change avatar" })).toBeVisible();
});

test("while the avatar uploads, the dialog says so and stays open", async ({ page }) => {
  test.skip(!js(), "without JavaScript the browser itself shows the post under way");
  await signedIn(page, "avataruploading");
  await page.goto("/profile/avatar");
  const dialog = page.getByRole("dialog", { name: "Your avatar" });
  await dialog.getByLabel("Image file").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await png(600),
  });
  // The upload to the API's signed address is held back for a moment, as on a slow network.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/*", async (route) => {
    if (route.request().method() === "PUT") await held;
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByRole("status")).toContainText(
    "The image is uploading: wait until it is done before closing.",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  await expect(page.getByRole("status")).toHaveText("Your new avatar is set.");
});

test("an image over 3 MB is refused with the limit in the message", async ({ page }) => {
  await signedIn(page, "bigavatar");
  await page.goto("/profile/avatar");
  const dialog = page.getByRole("dialog", { name: "Your avatar" });
  // Random pixels do not compress: well over 3 MB as PNG.
  const noise = await sharp(
    Buffer.from(Array.from({ length: 1100 * 1100 * 3 }, () => Math.floor(Math.random() * 256))),
    {
      raw: { width: 1100, height: 1100, channels: 3 },
    },
  )
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(noise.byteLength).toBeGreaterThan(3 * 1024 * 1024);
  await dialog
    .getByLabel("Image file")
    .setInputFiles({ name: "big.png", mimeType: "image/png", buffer: noise });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByText("The image can be at most 3 MB.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/avatar/);
});

test("an avatar link must be https and may not point inside our network", async ({ page }) => {
  await signedIn(page, "linkavatar");
  await page.goto("/profile/avatar");
  const dialog = page.getByRole("dialog", { name: "Your avatar" });
  await dialog.getByRole("link", { name: "From a link" }).click();
  await dialog.getByLabel("Image link").fill("http://example.com/me.png");
  await dialog.getByRole("button", { name: "Use this image" }).click();
  await expect(dialog.getByText("The link must start with https://.")).toBeVisible();

  await dialog.getByLabel("Image link").fill("https://127.0.0.1/me.png");
  await dialog.getByRole("button", { name: "Use this image" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(page.locator("img.avatar")).toHaveCount(0);
});

test("the dialog closes back to the profile", async ({ page }) => {
  await signedIn(page, "closeavatar");
  await page.getByRole("link", { name: "Add an avatar" }).click();
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
