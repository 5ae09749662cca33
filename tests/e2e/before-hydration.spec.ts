import { expect, type Page, test } from "@playwright/test";
import { acceptedMember, apiCall, ownerWithCollection, signIn } from "./support/accounts.ts";
import { announceHydration, hydrated } from "./support/hydration.ts";

/*
 * A slow phone: the page works before its scripts arrive, and people use it then. What they type
 * or send in that time must survive the page becoming interactive. Each test holds the scripts
 * back, acts on the server's page, then lets the scripts through.
 */

test.skip(
  ({ javaScriptEnabled }) => !javaScriptEnabled,
  "about the moment scripts take over; without them every form is the plain one other tests use",
);

/** Holds every script until the returned function is called. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens a page without waiting for its scripts (the load event waits for them). */
async function openUnhydrated(page: Page, url: string) {
  await page.goto(url, { waitUntil: "commit" });
}

test("a name typed before the page hydrates is saved after it", async ({ page }) => {
  const { owner, teamId, collectionId } = await ownerWithCollection(
    { prefix: "early-typing", nickname: "Eli Early", team: "Early Birds" },
    { name: "Spring walk" },
  );
  await signIn(page, owner.email);
  const release = await holdScripts(page);
  await openUnhydrated(page, `/teams/${teamId}/rename-collection/${collectionId}`);
  const dialog = page.getByRole("dialog", { name: "Rename collection" });
  await dialog.getByLabel("Collection name").fill("Autumn walk");
  release();
  await hydrated(page);
  // The save waits for a change; the change was made before the form's script could see it.
  await expect(dialog.getByLabel("Collection name")).toHaveValue("Autumn walk");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("The collection is renamed.");
  await expect(page.getByRole("link", { name: /Autumn walk/ })).toBeVisible();
});

test("a role chosen before the page hydrates is saved after it", async ({ page }) => {
  const { owner, token, teamId } = await ownerWithCollection(
    { prefix: "early-choice", nickname: "Cleo Choice", team: "Early Choices" },
    { name: "Unused" },
  );
  await acceptedMember(token, teamId, "Vic Viewer", "viewer");
  const { members } = (await apiCall(token, "GET", `/teams/${teamId}/members`)) as {
    members: { userId: string; nickname: string }[];
  };
  const member = members.find((each) => each.nickname === "Vic Viewer");
  await signIn(page, owner.email);
  const release = await holdScripts(page);
  await openUnhydrated(page, `/teams/${teamId}/members/${member?.userId}`);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: "Contributor" });
  release();
  await hydrated(page);
  await page.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByRole("status")).toHaveText("The role is changed.");
  await expect(page.getByRole("link", { name: /Vic Viewer/ })).toContainText("Contributor");
});

test("a form sent before the page hydrates arrives while it does", async ({ page }) => {
  const { owner, teamId, collectionId } = await ownerWithCollection(
    { prefix: "early-post", nickname: "Pia Post", team: "Early Posts" },
    { name: "Winter walk" },
  );
  await signIn(page, owner.email);
  const release = await holdScripts(page);
  // The test cannot ask a page whose frame is navigating; the page tells it.
  const hydration = announceHydration(page);
  // The scripts arrive and hydrate the page while the browser waits for the answer to its post.
  await page.route(/\/rename-collection\//, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    release();
    await hydration;
    await route.continue();
  });
  await openUnhydrated(page, `/teams/${teamId}/rename-collection/${collectionId}`);
  const dialog = page.getByRole("dialog", { name: "Rename collection" });
  await dialog.getByLabel("Collection name").fill("Summer walk");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("The collection is renamed.");
  await expect(page.getByRole("link", { name: /Summer walk/ })).toBeVisible();
});

test("a filter chosen before the page hydrates applies once it does", async ({ page }) => {
  const { owner, teamId } = await ownerWithCollection(
    { prefix: "early-filter", nickname: "Fay Filter", team: "Early Filters" },
    { name: "Filtered walk" },
  );
  await signIn(page, owner.email);
  const release = await holdScripts(page);
  await openUnhydrated(page, `/teams/${teamId}`);
  // With scripts a change applies at once, so there is no Apply button to press afterwards.
  await page.getByLabel("Created by", { exact: true }).selectOption({ label: "Fay Filter" });
  release();
  await expect(page).toHaveURL(/[?&]creator=/);
  await expect(page.getByLabel("Created by", { exact: true })).toHaveValue(/.+/);
});

test("dates picked before the files page hydrates apply once it does", async ({ page }) => {
  const { owner, url } = await ownerWithCollection(
    { prefix: "early-dates", nickname: "Dan Dates", team: "Early Dates" },
    { name: "Dated walk" },
  );
  await signIn(page, owner.email);
  const release = await holdScripts(page);
  await openUnhydrated(page, url);
  await page.getByLabel("From", { exact: true }).fill("2024-01-01");
  release();
  await expect(page).toHaveURL(/[?&]from=2024-01-01/);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2024-01-01");
});
