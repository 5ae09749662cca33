import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import {
  apiAccessToken,
  createTeamViaApi,
  createVerifiedUser,
  signIn,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { openMenu } from "./support/menus.ts";

/*
 * The team menu in the header, as the team's owner: info, rename, logo and alias, each a dialog
 * that is a page of its own without JavaScript.
 */

async function ownerOfNewTeam(page: Page, prefix: string, name: string) {
  const user = await createVerifiedUser(prefix);
  await createTeamViaApi(await apiAccessToken(user.email), name);
  await signIn(page, user.email);
  // One team: /teams opens it.
  await page.goto("/teams");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return user;
}

async function openMenuItem(page: Page, team: string, item: string) {
  const link = page.getByRole("link", { name: item });
  await (await openMenu(page.getByLabel(`Team menu for ${team}`), link)).click();
}

test("rename the team; an unchanged name is not saved", async ({ page }) => {
  await ownerOfNewTeam(page, "renamer", "Choir");
  await openMenuItem(page, "Choir", "Rename team");
  const dialog = page.getByRole("dialog", { name: "Rename team" });
  await expect(dialog.getByLabel("Team name")).toHaveValue("Choir");
  if (test.info().project.name === "js") {
    await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  }
  await dialog.getByLabel("Team name").fill("C");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("The team name needs at least 2 characters.")).toBeVisible();
  await dialog.getByLabel("Team name").fill("  Chamber Choir ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("The team is renamed.");
  await expect(page.getByRole("heading", { level: 1, name: "Chamber Choir" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("add an alias after confirming it, then reach the team by it", async ({ page }) => {
  const alias = `choir-${Date.now().toString(36)}`;
  await ownerOfNewTeam(page, "aliaser", "Choir");
  await openMenuItem(page, "Choir", "Add alias");
  const dialog = page.getByRole("dialog", { name: "Add an alias" });
  await expect(
    dialog.getByText("Once created, an alias cannot be changed or removed."),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Alias").fill("-bad");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("alert").or(dialog.locator("[id$=-error]")).first()).toBeVisible();

  await dialog.getByLabel("Alias").fill(alias.toUpperCase());
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText(`Create the alias “${alias}”?`)).toBeVisible();
  await dialog.getByRole("button", { name: "Create alias" }).click();
  await expect(page.getByRole("status")).toHaveText(`The alias “${alias}” is now the team's.`);

  await openMenuItem(page, "Choir", "Team info");
  const info = page.getByRole("dialog", { name: "Team info" });
  await expect(info.getByText(alias)).toBeVisible();
  await expect(info.getByRole("img", { name: "Favourite alias" })).toBeVisible();
  await page.goto(`/teams/${alias}`);
  await expect(page.getByRole("heading", { level: 1, name: "Choir" })).toBeVisible();

  // The same alias again is refused, and the dialog closes with the reason.
  await openMenuItem(page, "Choir", "Add alias");
  await dialog.getByLabel("Alias").fill(alias);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByRole("button", { name: "Create alias" }).click();
  await expect(page.getByRole("alert")).toHaveText("An alias cannot be changed once created.");
  await expect(dialog).toHaveCount(0);
});

test("set the team's logo from a file", async ({ page }) => {
  await ownerOfNewTeam(page, "logo", "Band");
  await openMenuItem(page, "Band", "Add logo");
  const dialog = page.getByRole("dialog", { name: "Team logo" });
  const image = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  await dialog.getByLabel("Image file").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: image,
  });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status")).toHaveText("The team's new logo is set.", {
    timeout: 15_000,
  });
  const logo = page.locator("img.avatar").first();
  await expect(logo).toHaveAttribute("src", /\/api\/logos\/[\w-]+\.webp$/);
  const response = await page.request.get((await logo.getAttribute("src")) ?? "");
  expect(response.headers()["content-type"]).toBe("image/webp");
  await openMenu(
    page.getByLabel("Team menu for Band"),
    page.getByRole("link", { name: "Change logo" }),
  );
});
