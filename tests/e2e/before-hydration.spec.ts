import { expect, type Page, test } from "@playwright/test";
import {
  acceptedMember,
  apiAccessToken,
  apiCall,
  createCollectionViaApi,
  createVerifiedUser,
  ownerWithCollection,
  signIn,
} from "./support/accounts.ts";
import { preferColorScheme } from "./support/color-scheme.ts";
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

test("before its scripts arrive, a page is already in the system's theme", async ({ page }) => {
  // The inline script in the head (app/shell/theme-head.tsx) sets the class before the first
  // paint; the modules, held back here, would only agree with it later.
  await holdScripts(page);
  for (const scheme of ["dark", "light"] as const) {
    await preferColorScheme(page, scheme);
    await openUnhydrated(page, "/auth/signin");
    await expect(page.locator("html")).toHaveClass(scheme);
    await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute(
      "content",
      scheme === "dark" ? "dark light" : "light dark",
    );
  }
});

test("a page's data reaches its scripts whole, whatever its names hold", async ({ page }) => {
  // The page carries its data in an inline script, as a quoted string (Remix's JSON.stringify,
  // then its escapeHtml): quotes, backslashes, a closing script tag and line separators must all
  // survive.
  const team = `Tom's "Club" \\ </script>`;
  const collection = `O'Brien & <!-- "best" \\\\ 😀`;
  const description = `Line one\nline two\u2028line three\u2029'\\"\t<script>`;
  const owner = await createVerifiedUser("early-data", "Dee Data");
  const token = await apiAccessToken(owner.email);
  const { teamId } = (await apiCall(token, "POST", "/teams", { name: team, description })) as {
    teamId: string;
  };
  const collectionId = await createCollectionViaApi(token, teamId, { name: collection });
  await signIn(page, owner.email);
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  const release = await holdScripts(page);
  await openUnhydrated(page, `/teams/${teamId}/collections/${collectionId}`);
  release();
  await hydrated(page);
  const data = await page.evaluate(() => {
    const { loaderData } = (window as unknown as { __remixRouter: RouterWindow }).__remixRouter
      .state;
    return {
      team: loaderData["routes/teams.$teamId"]?.team,
      collection: loaderData["routes/teams.$teamId.collections.$collectionId"]?.collection,
    };
  });
  expect(data.team).toMatchObject({ name: team, description });
  expect(data.collection).toMatchObject({ name: collection });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(collection);
  expect(errors).toEqual([]);
});

interface RouterWindow {
  state: { loaderData: Record<string, { team?: unknown; collection?: unknown } | undefined> };
}

test("a menu opened before the page hydrates stays open after it", async ({ page }) => {
  const { owner, teamId } = await ownerWithCollection(
    { prefix: "early-menu", nickname: "Mo Menu", team: "Early Menus" },
    { name: "Menu walk" },
  );
  await signIn(page, owner.email);
  const release = await holdScripts(page);
  await openUnhydrated(page, `/teams/${teamId}`);
  await page.getByLabel("Team menu for Early Menus").click();
  const item = page.getByRole("link", { name: "Add alias" });
  await expect(item).toBeVisible();
  release();
  await hydrated(page);
  // Hydration used to close it, under the thumb about to choose an item.
  await expect(item).toBeVisible();
  await item.click();
  await expect(page.getByRole("dialog", { name: "Add an alias" })).toBeVisible();
});
