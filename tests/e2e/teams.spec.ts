import { expect, test } from "@playwright/test";
import {
  apiAccessToken,
  createTeamViaApi,
  createVerifiedUser,
  ownerWithCollection,
  signIn,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";

/*
 * The team list and creating teams, with JavaScript (debounced search, the next page appended)
 * and without it (a GET search form, a "load more" link, the dialog as a page).
 */

test("create a first team, land in it, and come back to it from /teams", async ({ page }) => {
  const user = await createVerifiedUser("founder");
  await signIn(page, user.email);
  await page.goto("/teams");
  await expect(page.getByText("You are not in any team yet.")).toBeVisible();

  await page.getByRole("link", { name: "Create a team" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a team" });
  await expectNoSeriousA11yViolations(page);
  // Nothing typed: the name is required, and nothing is created.
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(dialog.getByText("Enter the team's name.")).toBeVisible();
  await dialog.getByLabel("Description").fill("x".repeat(251));
  await dialog.getByLabel("Team name").fill("Summer Camp");
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(dialog.getByText(/at most 250 characters/)).toBeVisible();
  await expect(dialog.getByLabel("Team name")).toHaveValue("Summer Camp");

  await dialog.getByLabel("Description").fill("Photos from the lake, 2026.");
  await dialog.getByLabel("Controlled").check();
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(page).toHaveURL(/\/teams\/[\w-]+$/);
  await expect(page.getByRole("status")).toHaveText("Your team is ready.");
  await expect(page.getByRole("heading", { level: 1, name: "Summer Camp" })).toBeVisible();
  await expect(page.getByText("Photos from the lake, 2026.")).toBeVisible();
  await expect(page.getByText("Your role: Owner")).toBeVisible();
  await expect(page.getByText("Mode: Controlled")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const home = page.url();

  // With exactly one team, /teams opens it; the header's team switch lists it instead.
  await page.goto("/teams");
  await expect(page).toHaveURL(home);
  await page.getByRole("link", { name: "Switch team" }).click();
  await expect(page).toHaveURL(/\/switch-team$/);
  await expect(page.getByRole("link", { name: /Summer Camp/ })).toBeVisible();
  await expect(page.getByText("1 member")).toBeVisible();
});

test("a user in one team creates a second from the team switch", async ({ page }) => {
  const user = await createVerifiedUser("second");
  await createTeamViaApi(await apiAccessToken(user.email), "Summer Camp");
  await signIn(page, user.email);
  await page.goto("/switch-team");

  // The team chooser opens the create-team dialog too (docs/product.md#screens).
  await page.getByRole("link", { name: "Create a team" }).click();
  await expect(page).toHaveURL(/\/switch-team\?create=?$/);
  const dialog = page.getByRole("dialog", { name: "Create a team" });
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(dialog.getByText("Enter the team's name.")).toBeVisible();
  await dialog.getByLabel("Team name").fill("Winter Camp");
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByRole("status")).toHaveText("Your team is ready.");
  await expect(page.getByRole("heading", { level: 1, name: "Winter Camp" })).toBeVisible();

  // Two teams: /teams lists them, with the same button.
  await page.goto("/teams");
  await expect(page.getByRole("link", { name: /Summer Camp/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Winter Camp/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create a team" })).toBeVisible();
});

test("search the team list, and page through it", async ({ page }) => {
  const user = await createVerifiedUser("organiser");
  const token = await apiAccessToken(user.email);
  const names = Array.from({ length: 22 }, (_, i) => `Class ${String(i + 1).padStart(2, "0")}`);
  for (const name of [...names, "Parents"]) await createTeamViaApi(token, name);
  await signIn(page, user.email);

  await page.goto("/teams");
  const cards = page.locator(".team-list > li");
  // The newest first, 20 to a page.
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText("Parents");
  const loadMore = page.getByRole("link", { name: "Load more teams" });
  if (test.info().project.name === "js") {
    // Scrolling to the end appends the next page.
    await loadMore.scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(23);
    await expect(loadMore).toHaveCount(0);
  } else {
    await loadMore.click();
    await expect(cards).toHaveCount(3);
    await expect(cards.last()).toContainText("Class 01");
    await page.getByRole("link", { name: "Back to the first teams" }).click();
    await expect(cards).toHaveCount(20);
  }

  const search = page.getByRole("searchbox", { name: "Search teams" });
  await search.fill("par");
  if (test.info().project.name === "nojs")
    await page.getByRole("button", { name: "Search" }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Parents");
  await expect(page).toHaveURL(/[?&]q=par/);
  await search.fill("zzz");
  if (test.info().project.name === "nojs")
    await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No team's name starts with “zzz”.")).toBeVisible();
});

test("a team the visitor is not in, or that does not exist, is a 404", async ({ page }) => {
  const user = await createVerifiedUser("stranger");
  await signIn(page, user.email);
  await page.goto("/teams/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/404$/);
});

test("a malformed team id, which the API refuses with a 400, is a 404 too", async ({ page }) => {
  const { owner, token, collectionId } = await ownerWithCollection(
    { prefix: "malformed", nickname: "Mal Formed", team: "Shapes" },
    { name: "Odd" },
  );
  await signIn(page, owner.email, owner.password);
  const malformed = "x".repeat(201);
  // The API's own answer to it: a 400, not a 404.
  const api = await page.request.get(`/api/teams/${malformed}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(api.status()).toBe(400);
  for (const path of [`/teams/${malformed}`, `/teams/${malformed}/collections/${collectionId}`]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});
