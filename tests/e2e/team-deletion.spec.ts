import { expect, type Page, test } from "@playwright/test";
import { acceptedMember, ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { openMenu } from "./support/menus.ts";

/*
 * Deleting a team and restoring it (ADR 094), in both projects: with JavaScript the page is a
 * dialog over the team's home; without it, the same form on the page, posted as a plain form.
 */

async function openDeleteDialog(page: Page, team: string) {
  const link = page.getByRole("link", { name: "Delete team" });
  await (await openMenu(page.getByLabel(`Team menu for ${team}`), link)).click();
  return page.getByRole("dialog", { name: "Delete team" });
}

test("the owner deletes a team with its name typed, sees it gone, and restores it from /teams", async ({
  page,
}) => {
  const name = `Orchestra ${Date.now().toString(36)}`;
  const { owner, teamId } = await ownerWithCollection(
    { prefix: "deleter", nickname: "Ada Lovelace", team: name },
    { name: "Rehearsals" },
  );
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const dialog = await openDeleteDialog(page, name);
  await expect(
    dialog.getByText("The team, its 1 collection and 0 files are deleted for everyone."),
  ).toBeVisible();
  await expect(
    dialog.getByText(/You can restore it for 30 days; after .+ it is gone for good\./),
  ).toBeVisible();
  await expect(
    dialog.getByText("Until then its files still count toward your storage."),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const field = dialog.getByLabel(`Type the team's name, “${name}”, to confirm`);
  const submit = dialog.getByRole("button", { name: "Delete team" });
  await field.fill(name.toUpperCase());
  if (test.info().project.name === "js") {
    // The button waits for the exact name.
    await expect(submit).toBeDisabled();
  } else {
    await submit.click();
    await expect(dialog.getByText("The name you typed is not the team's name.")).toBeVisible();
  }
  await field.fill(name);
  await submit.click();

  await expect(page).toHaveURL(/\/teams\?deleted=/);
  await expect(page.getByText(`“${name}” was deleted.`)).toBeVisible();
  const deleted = page.getByRole("region", { name: "Recently deleted" });
  await expect(deleted.getByText(name)).toBeVisible();
  await expect(deleted.getByText(/Gone for good after /)).toBeVisible();
  await expect(page.getByText("You are not in any team yet.", { exact: false })).toBeVisible();

  // The team is gone: its address is the 404 page.
  await page.goto(`/teams/${teamId}`);
  await expect(page).toHaveURL(/\/404$/);

  // Restored from the list.
  await page.goto("/teams");
  await deleted.getByRole("button", { name: `Restore ${name}` }).click();
  await expect(page.getByRole("status")).toHaveText(`“${name}” is back.`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("link", { name: /Rehearsals/ }).first()).toBeVisible();
});

test("the restore button of the banner brings the team back", async ({ page }) => {
  const name = `Quartet ${Date.now().toString(36)}`;
  const { owner, teamId } = await ownerWithCollection(
    { prefix: "banner", nickname: "Ada Lovelace", team: name },
    { name: "Scores" },
  );
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}/delete`);
  const dialog = page.getByRole("dialog", { name: "Delete team" });
  await dialog.getByLabel(`Type the team's name, “${name}”, to confirm`).fill(` ${name} `);
  await dialog.getByRole("button", { name: "Delete team" }).click();
  const banner = page.getByRole("status").filter({ hasText: `“${name}” was deleted.` });
  await banner.getByRole("button", { name: `Restore ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("only the owner has Delete team; an admin sent to its page is told it is not allowed", async ({
  page,
}) => {
  const name = `Trio ${Date.now().toString(36)}`;
  const { token, teamId } = await ownerWithCollection(
    { prefix: "owner-only", nickname: "Ada Lovelace", team: name },
    { name: "Parts" },
  );
  const { member: admin } = await acceptedMember(token, teamId, "Grace Hopper", "admin");
  await signIn(page, admin.email);
  await page.goto(`/teams/${teamId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const trigger = page.getByLabel(`Team menu for ${name}`);
  await openMenu(trigger, page.getByRole("link", { name: "Rename team" }));
  await expect(page.getByRole("link", { name: "Delete team" })).toHaveCount(0);
  await page.goto(`/teams/${teamId}/delete`);
  await expect(page.getByRole("dialog", { name: "Delete team" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});
