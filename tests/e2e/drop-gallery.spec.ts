import path from "node:path";
import { expect, test } from "@playwright/test";
import { hashPassword } from "../../api/auth/passwords.ts";
import { pythonZipCheck } from "../support/zip-tools.ts";
import { ownerWithCollection } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { guestCookie, insertDropLink } from "./support/drop-links.ts";
import { PHOTOS, updateFileRow, uploadViaApi, waitUntilReady } from "./support/files.ts";

/*
 * A drop link's read-only gallery (ADR 100) on a phone, with and without JavaScript: a link that
 * shows guests the collection draws its grid and a preview, and gives its zip; one that shows
 * nothing has no gallery at all.
 */

test.use({ viewport: { width: 360, height: 800 } });

const names = PHOTOS.map((photo) => path.basename(photo));

test("a guest sees the collection's grid and a preview, and downloads its zip", async ({
  page,
}) => {
  test.slow();
  const { token, teamId, collectionId } = await ownerWithCollection(
    { prefix: "gallery-owner", nickname: "Gina Owner", team: "Garden club" },
    { name: "Summer party" },
  );
  for (const photo of PHOTOS) await uploadViaApi(token, teamId, collectionId, photo);
  // A fourth file a review holds: guests never see it.
  const held = await uploadViaApi(token, teamId, collectionId, PHOTOS[0] as string);
  await waitUntilReady(token, teamId, collectionId, PHOTOS.length + 1);
  updateFileRow(held, { review_state: "held", name: "held.jpg", name_key: "held.jpg" });
  const link = insertDropLink(teamId, collectionId, { guestsSee: "collection" });

  const response = await page.goto(`/d/${link}/gallery`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  // The address is the link's secret: no Referer to any other site (ADR 100).
  expect(response?.headers()["referrer-policy"]).toBe("same-origin");
  await expect(page.getByRole("heading", { level: 1, name: "Summer party" })).toBeVisible();
  await expect(page.getByText("Garden club")).toBeVisible();
  const tiles = page.getByRole("list", { name: "The collection's files" }).getByRole("listitem");
  await expect(tiles).toHaveCount(3);
  // Newest first: the photos' EXIF dates, July, June, May.
  await expect(tiles).toHaveText([...names].reverse());
  await expect(page.getByText("held.jpg")).toHaveCount(0);
  // Three across at 360 px: one row, three places.
  const boxes = await tiles.evaluateAll((items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect();
      return { x: Math.round(box.x), y: Math.round(box.y), width: box.width };
    }),
  );
  expect(new Set(boxes.map((box) => box.y)).size).toBe(1);
  expect(new Set(boxes.map((box) => box.x)).size).toBe(3);
  await expect(page.getByRole("link", { name: "Send your photos" })).toHaveAttribute(
    "href",
    `/d/${link}`,
  );
  // Every thumbnail loaded.
  await expect
    .poll(() =>
      tiles
        .locator("img")
        .evaluateAll(
          (images) =>
            (images as HTMLImageElement[]).filter((image) => image.complete && image.naturalWidth)
              .length,
        ),
    )
    .toBe(3);
  await expectNoSeriousA11yViolations(page);

  // The zip: exactly the files the gallery shows.
  const saving = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download all (zip)" }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe("Summer party.zip");
  const file = test.info().outputPath("summer.zip");
  await saved.saveAs(file);
  const { entries } = await pythonZipCheck(file);
  expect(entries.map((entry) => entry.name)).toEqual([...names].reverse());

  // A preview, and on to the next file.
  await tiles.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/d/${link}/gallery/[^/]+$`));
  await expect(page.getByRole("heading", { level: 1, name: names[2] })).toBeVisible();
  const picture = page.getByRole("img", { name: names[2] });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText("1 of 3")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByRole("heading", { level: 1, name: names[1] })).toBeVisible();
  await expect(page.getByText("2 of 3")).toBeVisible();
  const original = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).first().click();
  expect((await original).suggestedFilename()).toBe(names[1]);
  await page.getByRole("link", { name: "All files" }).click();
  await expect(tiles).toHaveCount(3);
});

test("a revoked link's gallery says the link no longer works", async ({ page }) => {
  const { teamId, collectionId } = await ownerWithCollection(
    { prefix: "gallery-revoked", nickname: "Rita Owner", team: "Closed club" },
    { name: "Closed party" },
  );
  const link = insertDropLink(teamId, collectionId, { guestsSee: "collection", status: "revoked" });
  const response = await page.goto(`/d/${link}/gallery`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByText("Closed party")).toHaveCount(0);
});

test("a link that shows guests nothing has no gallery", async ({ page }) => {
  const { token, teamId, collectionId } = await ownerWithCollection(
    { prefix: "gallery-none", nickname: "Nora Owner", team: "Quiet club" },
    { name: "Private party" },
  );
  await uploadViaApi(token, teamId, collectionId, PHOTOS[0] as string);
  const link = insertDropLink(teamId, collectionId, { guestsSee: "nothing" });
  const response = await page.goto(`/d/${link}/gallery`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Private party")).toHaveCount(0);
  await expect(page.getByText(names[0] as string)).toHaveCount(0);
});

test("a link with a PIN opens its gallery to its guests only, and sends others to the link's page", async ({
  page,
}) => {
  const { teamId, collectionId } = await ownerWithCollection(
    { prefix: "gallery-pin", nickname: "Pia Owner", team: "Locked club" },
    { name: "Locked party" },
  );
  const link = insertDropLink(teamId, collectionId, {
    guestsSee: "collection",
    pinHash: await hashPassword("2468"),
  });
  const response = await page.request.get(`/d/${link}/gallery`, { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe(`/d/${link}`);
  expect(await response.text()).not.toContain("Locked party");

  // The link's guest (its cookie, which only the link's own pages get) sees the gallery.
  await page.context().addCookies([guestCookie(link)]);
  await page.goto(`/d/${link}/gallery`);
  await expect(page.getByRole("heading", { level: 1, name: "Locked party" })).toBeVisible();
});
