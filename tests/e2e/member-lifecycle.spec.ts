import { expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import {
  acceptedMember,
  apiAccessToken,
  createTeamViaApi,
  createVerifiedUser,
  signIn,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { openMenu } from "./support/menus.ts";

/*
 * Members' lifecycle (ADR 095), in both projects: a member leaves the team from the team menu;
 * the owner bans a member and reactivates them; the owner hands the team over to an admin. Each
 * confirmation is a page of its own without JavaScript.
 */

async function ownerWithMember(team: string, nickname: string, role: string) {
  const owner = await createVerifiedUser("owner", "Olga Owner");
  const ownerToken = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(ownerToken, team);
  const { token, member } = await acceptedMember(ownerToken, teamId, nickname, role);
  return { owner, ownerToken, teamId, member, memberToken: token };
}

/** A member's row in the panel: a link named by what it shows (name, role, status). */
function memberRow(page: Page, nickname: string) {
  return page.getByRole("complementary", { name: "Members" }).getByRole("link", { name: nickname });
}

async function teamStatus(token: string, teamId: string) {
  const response = await fetch(`${appUrl}/api/teams/${teamId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status;
}

/** Screenshots at 360 px and on a desktop, light and dark, for a person to look at. */
async function screenshots(page: Page, name: string) {
  if (test.info().project.name !== "js") return;
  for (const [width, height] of [
    [360, 780],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`),
      });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a member leaves the team from the team menu and is told so on /teams", async ({ page }) => {
  const { teamId, member, memberToken } = await ownerWithMember("Quiz Night", "Vic", "viewer");
  await signIn(page, member.email);
  await page.goto(`/teams/${teamId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Quiz Night" })).toBeVisible();

  const leave = page.getByRole("link", { name: "Leave team" });
  await (await openMenu(page.getByLabel("Team menu for Quiz Night"), leave)).click();
  const dialog = page.getByRole("dialog", { name: "Leave the team" });
  await expect(dialog.getByText("Leave Quiz Night?", { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "leave");
  // Cancel keeps them in.
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await teamStatus(memberToken, teamId)).toBe(200);

  await (await openMenu(page.getByLabel("Team menu for Quiz Night"), leave)).click();
  await dialog.getByRole("button", { name: "Leave team" }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByRole("status")).toHaveText("You left Quiz Night.");
  // The same session no longer enters the team.
  expect(await teamStatus(memberToken, teamId)).toBe(404);
  await page.goto(`/teams/${teamId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Quiz Night" })).toHaveCount(0);
});

test("the owner is not offered to leave", async ({ page }) => {
  const { owner, teamId } = await ownerWithMember("Chess Club", "Kim", "viewer");
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  const info = page.getByRole("link", { name: "Team info" });
  await openMenu(page.getByLabel("Team menu for Chess Club"), info);
  await expect(page.getByRole("link", { name: "Leave team" })).toHaveCount(0);
  // The address itself closes with "not allowed".
  await page.goto(`/teams/${teamId}/leave`);
  await expect(page.getByRole("dialog", { name: "Leave the team" })).toHaveCount(0);
});

test("the owner bans a member, who loses access at once, and reactivates them", async ({
  page,
}) => {
  const { owner, teamId, memberToken } = await ownerWithMember("Film Club", "Ben", "uploader");
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  await expect(memberRow(page, "Ben")).toContainText("Active");

  await memberRow(page, "Ben").click();
  const dialog = page.getByRole("dialog", { name: "Member" });
  await dialog.getByRole("link", { name: "Ban" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Ban Ben?");
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "ban");
  await dialog.getByRole("button", { name: "Ban" }).click();
  await expect(page.getByRole("status")).toHaveText("The member is banned.");
  await expect(memberRow(page, "Ben")).toContainText("Banned");
  expect(await teamStatus(memberToken, teamId)).toBe(404);

  await memberRow(page, "Ben").click();
  await expect(dialog.getByRole("link", { name: "Ban" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByRole("status")).toHaveText("The member is active again.");
  await expect(memberRow(page, "Ben")).toContainText("Active");
  expect(await teamStatus(memberToken, teamId)).toBe(200);
});

test("the owner hands the team over to an admin and becomes admin", async ({ page }) => {
  const { owner, ownerToken, teamId, memberToken } = await ownerWithMember(
    "Run Club",
    "Ada Admin",
    "admin",
  );
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  await memberRow(page, "Ada Admin").click();
  const dialog = page.getByRole("dialog", { name: "Member" });
  await dialog.getByRole("link", { name: "Make owner" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Make Ada Admin the owner of the team?");
  await screenshots(page, "make-owner");
  await dialog.getByRole("button", { name: "Make owner" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The team has a new owner. You are now an administrator.",
  );
  const team = (await (
    await fetch(`${appUrl}/api/teams/${teamId}`, {
      headers: { Authorization: `Bearer ${memberToken}` },
    })
  ).json()) as { ownerId: string; memberRole: string };
  expect(team.ownerId).not.toBe("");
  const mine = (await (
    await fetch(`${appUrl}/api/teams/${teamId}`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    })
  ).json()) as { ownerId: string; memberRole: string };
  expect(mine.memberRole).toBe("admin");
  expect(team.memberRole).toBe("owner");
  expect(mine.ownerId).toBe(team.ownerId);
  // Now an admin, the former owner may leave; the member menu offers no "Make owner" to them.
  await expect(page.getByText("Your role: Administrator")).toBeVisible();
  await memberRow(page, "Ada Admin").click();
  await expect(dialog.getByRole("link", { name: "Make owner" })).toHaveCount(0);
});

test("in Italian: a member leaves the team, and the owner sees them as left", async ({
  browser,
}) => {
  const { owner, teamId, member } = await ownerWithMember("Coro", "Gianni", "viewer");
  const italian = await browser.newContext({
    locale: "it-IT",
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: test.info().project.use.javaScriptEnabled ?? true,
  });
  const page = await italian.newPage();
  await signIn(page, member.email);
  await page.goto(`/teams/${teamId}`);
  const leave = page.getByRole("link", { name: "Lascia il team" });
  await (await openMenu(page.getByLabel("Menu del team Coro"), leave)).click();
  const dialog = page.getByRole("dialog", { name: "Lascia il team" });
  await expect(dialog.getByText("Lasciare Coro?", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Lascia il team" }).click();
  await expect(page.getByRole("status")).toHaveText("Hai lasciato Coro.");
  await italian.close();

  const ownerContext = await browser.newContext({
    locale: "it-IT",
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: test.info().project.use.javaScriptEnabled ?? true,
  });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner.email);
  await ownerPage.goto(`/teams/${teamId}`);
  await expect(
    ownerPage.getByRole("complementary", { name: "Membri" }).getByRole("link", { name: "Gianni" }),
  ).toContainText("Uscito");
  await ownerContext.close();
});
