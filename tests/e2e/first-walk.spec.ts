import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  acceptedMember,
  apiAccessToken,
  createCollectionViaApi,
  createTeamViaApi,
  createVerifiedUser,
  signIn,
} from "./support/accounts.ts";
import { preferColorScheme } from "./support/color-scheme.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * What a new user's first walk through the product found unfinished, on a phone and a desktop, in
 * both themes and both languages, with and without JavaScript: each fixed, and kept so here.
 */

const js = () => test.info().project.name === "js";
const themes = ["light", "dark"] as const;

/** An owner signed in on `page`, with a team; answers its id and the owner's token. */
async function ownerOfTeam(page: Page, prefix: string, team: string) {
  const owner = await createVerifiedUser(prefix, "Ada Lovelace");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, team);
  await signIn(page, owner.email);
  return { owner, token, teamId };
}

/** The red, green and blue of a CSS colour as the browser computes it (`rgb()` or `rgba()`). */
function channels(css: string) {
  const match = css.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/);
  if (!match) throw new Error(`no colour in ${css}`);
  return match.slice(1, 4).map(Number) as [number, number, number];
}

const isRed = ([r, g, b]: [number, number, number]) => r > 150 && r > g + 60 && r > b + 60;

const middleOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box.y + box.height / 2;
};

test("on a phone, the team menu shows its three dots and a long collection name is readable", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const { token, teamId } = await ownerOfTeam(page, "walk-phone", "Impresa Edile Rossi e Figli");
  // Made by another member, so it is unread for the owner, and collaborative: two badges.
  const { token: memberToken } = await acceptedMember(token, teamId, "Mia Member");
  const name = "Sopralluogo cantiere via Garibaldi";
  await createCollectionViaApi(memberToken, teamId, { name, mode: "collaborative" });
  for (const theme of themes) {
    await preferColorScheme(page, theme);
    await page.goto(`/teams/${teamId}`);
    const dots = page.getByLabel(/Team menu for/).locator(".icon-dots");
    await expect(dots).toBeVisible();
    expect((await dots.boundingBox())?.width).toBe(15);

    const row = page.locator(".collection-row").filter({ hasText: name });
    const title = row.locator(".collection-name");
    await expect(title).toHaveText(name);
    // Whole: on two lines, none of it cut off, and the badges still in the row.
    const cut = await title.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
    expect(cut).toBe(false);
    expect((await title.boundingBox())?.height).toBeGreaterThan(30);
    await expect(row.getByText("Unread")).toBeInViewport();
    await expect(row.getByText("Collaborative")).toBeInViewport();
  }
});

test("an internal contributor's password reads as a value to copy, not as a disabled field", async ({
  page,
}) => {
  const { teamId } = await ownerOfTeam(page, "walk-creds", "Crew");
  for (const theme of themes) {
    await preferColorScheme(page, theme);
    await page.goto(`/teams/${teamId}/members/new?tab=internal`);
    const dialog = page.getByRole("dialog", { name: "Add a member" });
    await dialog.getByLabel("Username").fill(`crew.${theme}${Date.now().toString(36)}`);
    await dialog.getByRole("button", { name: "Create contributor" }).click();
    const details = page.getByRole("dialog", { name: "Sign-in details" });
    const password = details.getByRole("textbox", { name: "Password" });
    await expect(password).toHaveAttribute("readonly", "");
    await expect(password).toBeEnabled();
    // The value in the text's own colour, as the dialog's heading, not greyed.
    const heading = details.getByRole("heading", { name: "Sign-in details" });
    const headingColour = await heading.evaluate((element) => getComputedStyle(element).color);
    await expect(password).toHaveCSS("color", headingColour);
    await expect(password).toHaveCSS("-webkit-text-fill-color", headingColour);
  }
});

test("the footer's buttons are the size of its links, on their line", async ({ page }) => {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/terms");
    const footer = page.getByRole("contentinfo");
    const status = footer.getByRole("link", { name: "Status" });
    const cookies = footer.getByRole("button", { name: "Cookie settings" });
    const english = footer.getByRole("button", { name: "English" });
    const size = await status.evaluate((element) => getComputedStyle(element).fontSize);
    await expect(cookies).toHaveCSS("font-size", size);
    await expect(english).toHaveCSS("font-size", size);
    // The middles of their texts on one line (to a pixel) where they share one.
    expect(Math.abs((await middleOf(cookies)) - (await middleOf(status)))).toBeLessThanOrEqual(1);
    if (width === 1280) {
      expect(Math.abs((await middleOf(english)) - (await middleOf(status)))).toBeLessThanOrEqual(1);
    }
  }
});

test("a field with an error has a red border, in both themes", async ({ page }) => {
  const { teamId } = await ownerOfTeam(page, "walk-invalid", "Photo Club");
  for (const theme of themes) {
    await preferColorScheme(page, theme);
    await page.goto(`/teams/${teamId}/new-collection`);
    if (js()) await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Create a collection" });
    const field = dialog.getByLabel("Name", { exact: true });
    const box = field.locator("xpath=..");
    await expect(box).toHaveClass(/rt-TextFieldRoot/);
    expect(
      isRed(channels(await box.evaluate((element) => getComputedStyle(element).boxShadow))),
    ).toBe(false);
    await field.fill("A");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(
      dialog.getByText("The collection name needs at least 2 characters."),
    ).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("heading", { name: "Create a collection" }).click();
    expect(
      isRed(channels(await box.evaluate((element) => getComputedStyle(element).boxShadow))),
    ).toBe(true);
  }
});

test("a PDF is refused as an avatar, and never drawn as a broken image", async ({ page }) => {
  await ownerOfTeam(page, "walk-pdf", "Studio");
  await page.goto("/profile/avatar");
  if (js()) await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Your avatar" });
  const input = dialog.getByLabel("Image file");
  await expect(input).toHaveAttribute("accept", /image\/png/);
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
  // "All files" in the picker lets a PDF past the accept attribute.
  await input.setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(dialog.locator("img")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByText("Choose a PNG, JPEG, WebP, GIF or AVIF image.")).toBeVisible();
  await expect(dialog.locator("img")).toHaveCount(0);

  // A PDF that calls itself a PNG: the browser cannot draw it, and the server reads its bytes.
  await page.goto("/profile/avatar");
  if (js()) await hydrated(page);
  await input.setInputFiles({ name: "invoice.png", mimeType: "image/png", buffer: pdf });
  await expect(dialog.locator("img")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Upload" }).click();
  // Refused by the browser (it could not draw it) or by the server (its bytes are no image).
  await expect(
    dialog.getByText(
      /Choose a PNG, JPEG, WebP, GIF or AVIF image\.|This picture could not be used\./,
    ),
  ).toBeVisible();
  await expect(dialog.locator("img")).toHaveCount(0);
  await page.goto("/profile");
  await expect(page.locator("img.avatar")).toHaveCount(0);
});

test("the status page speaks Italian to an Italian visitor", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "it-IT",
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: js(),
  });
  const page = await context.newPage();
  await page.goto("/status");
  await expect(page.getByRole("heading", { level: 1, name: "Stato del sistema" })).toBeVisible();
  await expect(page.getByText("Tutti i sistemi funzionano.")).toBeVisible();
  await expect(page.getByText("All systems operational")).toHaveCount(0);
  await expect(page.getByText("Operativo")).toBeVisible();
  await context.close();
});

test("a collection downloads from its own screen", async ({ page }) => {
  const { token, teamId } = await ownerOfTeam(page, "walk-zip", "Choir");
  const collectionId = await createCollectionViaApi(token, teamId, { name: "Spring concert" });
  await page.goto(`/teams/${teamId}/collections/${collectionId}`);
  if (js()) await hydrated(page);
  await page.getByRole("button", { name: "Download all" }).click();
  const dialog = page.getByRole("dialog", { name: "Download “Spring concert”" });
  await expect(dialog.getByText(/Preparing the download|Ready/)).toBeVisible();
});

test("a viewer may download the collection from its screen; a contributor sees no button", async ({
  page,
}) => {
  const { token, teamId } = await ownerOfTeam(page, "walk-zip-roles", "Choir");
  const collectionId = await createCollectionViaApi(token, teamId, {
    name: "Rehearsals",
    mode: "collaborative",
  });
  const { member: viewer } = await acceptedMember(token, teamId, "Vera Viewer", "viewer");
  const { member: uploader } = await acceptedMember(token, teamId, "Carl Contributor", "uploader");
  await page.context().clearCookies();
  await signIn(page, viewer.email);
  await page.goto(`/teams/${teamId}/collections/${collectionId}`);
  await expect(page.getByRole("button", { name: "Download all" })).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, uploader.email);
  await page.goto(`/teams/${teamId}/collections/${collectionId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Rehearsals" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download all" })).toHaveCount(0);
});
