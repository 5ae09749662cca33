import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { iconContrast } from "./support/contrast.ts";
import {
  FIXTURES,
  PHOTOS,
  preferList,
  uploadThroughDialog,
  uploadViaApi,
  waitForThumbnails,
} from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";
import { openMenu } from "./support/menus.ts";

/*
 * The files screen, end to end and in both projects: an owner uploads three photos (the file
 * chooser with JavaScript, the multipart form without), waits for their thumbnails, steps
 * through the preview, renames one and filters by uploader and by date; a contributor sees only
 * the files they uploaded themselves.
 */

const NEW_PASSWORD = "Battery-Staple-7";

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

/** Olga and her team "Photo Club", with one collaborative collection. */
const photoClub = (collection: string) =>
  ownerWithCollection(
    { prefix: "files-owner", nickname: "Olga Owner", team: "Photo Club" },
    { name: collection, mode: "collaborative" },
  );

/** Signs the owner in, then opens the collection. */
async function openAsOwner(page: Page, owner: { email: string; password: string }, url: string) {
  await signIn(page, owner.email, owner.password);
  await page.goto(url);
}

const rows = (page: Page) => page.locator(".files-table tbody tr");

// These tests are about the files table: the list view, chosen (ADR 073).
test.beforeEach(({ page }) => preferList(page.context()));

test("an owner uploads photos, previews, renames and filters them", async ({ page }) => {
  test.slow();
  const { owner, url } = await photoClub("Summer");
  await openAsOwner(page, owner, url);
  await expect(page.getByRole("heading", { level: 1, name: "Summer" })).toBeVisible();
  await expect(page.getByText("No files here yet.")).toBeVisible();

  await uploadThroughDialog(page, PHOTOS);
  await waitForThumbnails(page, 3);
  await expect(rows(page).first()).toContainText("sunset.jpg");
  await expectNoSeriousA11yViolations(page);

  // The preview, from the newest: next is the one before it.
  await rows(page).getByRole("link", { name: "sunset.jpg" }).click();
  const preview = page.getByRole("dialog", { name: "sunset.jpg" });
  await expect(preview.getByRole("img", { name: "sunset.jpg" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent("download");
  await preview.getByRole("link", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("sunset.jpg");
  if (withJavaScript()) await page.keyboard.press("ArrowRight");
  else await page.getByRole("link", { name: "Next file" }).click();
  await expect(page.getByRole("dialog", { name: "forest.jpg" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Previous file" })).toBeVisible();
  if (withJavaScript()) await page.keyboard.press("Escape");
  else await page.getByRole("link", { name: "Close the preview" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  // Rename from the row's menu.
  const renameItem = page.getByRole("link", { name: "Rename" });
  await (await openMenu(page.getByLabel("Actions for forest.jpg"), renameItem)).click();
  const rename = page.getByRole("dialog", { name: "Rename the file" });
  await rename.getByLabel("Name").fill("Forest walk");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("The file is renamed.")).toBeVisible();
  await expect(rows(page).getByRole("link", { name: "Forest walk" })).toBeVisible();

  // By uploader: the chip names them and clears the filter.
  const uploader = rows(page).first().getByRole("link", { name: "Olga Owner" });
  await expect(uploader).toHaveAccessibleDescription("Show only the files this person uploaded");
  await uploader.click();
  await expect(page.getByText("Uploaded by Olga Owner")).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole("link", { name: "Show files by everyone" }).click();
  await expect(page.getByText("Uploaded by Olga Owner")).toBeHidden();

  // By date: only the photo taken in June.
  await page.getByLabel("From", { exact: true }).fill("2024-05-15");
  if (withJavaScript()) {
    await expect(page).toHaveURL(/from=2024-05-15/);
    // The address changes before the page does: wait for the June and July photos.
    await expect(rows(page)).toHaveCount(2);
  }
  await page.getByLabel("To", { exact: true }).fill("2024-06-15");
  if (!withJavaScript()) await page.getByRole("button", { name: "Apply dates" }).click();
  await expect(page).toHaveURL(/to=2024-06-15/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Forest walk");
});

test("a rename changes the name, not the type: the extension stays, in the list and the download", async ({
  page,
}) => {
  const { owner, token, teamId, collectionId, url } = await photoClub("Mountains");
  // A phone's photo, under the name a phone gives it.
  const photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rename-")), "IMG_0003.jpg");
  fs.copyFileSync(PHOTOS[1] ?? "", photo);
  await uploadViaApi(token, teamId, collectionId, photo);
  await openAsOwner(page, owner, url);
  await expect(rows(page)).toHaveCount(1);

  const renameItem = page.getByRole("link", { name: "Rename" });
  await (await openMenu(page.getByLabel("Actions for IMG_0003.jpg"), renameItem)).click();
  const dialog = page.getByRole("dialog", { name: "Rename the file" });
  const name = dialog.getByLabel("Name");
  // The field holds the name; the extension is shown beside it, and kept.
  await expect(name).toHaveValue("IMG_0003");
  await expect(dialog.locator(".rt-TextFieldSlot")).toHaveText(".jpg");
  await expect(name).toHaveAccessibleDescription("The file keeps its extension, .jpg.");
  await name.fill("M");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(dialog.getByText("The file name needs at least 2 characters.")).toBeVisible();
  await expect(dialog.locator(".rt-TextFieldSlot")).toHaveText(".jpg");
  await name.fill("Montagna - vista nord");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("The file is renamed.")).toBeVisible();
  await expect(
    rows(page).getByRole("link", { name: "Montagna - vista nord.jpg", exact: true }),
  ).toBeVisible();

  const downloadItem = page.getByRole("link", { name: "Download" });
  const download = page.waitForEvent("download");
  await (
    await openMenu(page.getByLabel("Actions for Montagna - vista nord.jpg"), downloadItem)
  ).click();
  expect((await download).suggestedFilename()).toBe("Montagna - vista nord.jpg");

  // Typing the extension, in another case, gives the same name; another one stays in the name.
  await page.goto(url);
  await (
    await openMenu(page.getByLabel("Actions for Montagna - vista nord.jpg"), renameItem)
  ).click();
  await expect(name).toHaveValue("Montagna - vista nord");
  await name.fill("Montagna.JPG");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(rows(page).getByRole("link", { name: "Montagna.jpg", exact: true })).toBeVisible();
  await (await openMenu(page.getByLabel("Actions for Montagna.jpg"), renameItem)).click();
  await name.fill("Montagna.png");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(
    rows(page).getByRole("link", { name: "Montagna.png.jpg", exact: true }),
  ).toBeVisible();
});

test("a rename refuses what an upload refuses: slashes, line breaks, .html; in English and Italian", async ({
  browser,
  page,
}) => {
  const { owner, token, teamId, collectionId, url } = await photoClub("Names");
  // A text file uploaded without an extension, which a rename must not make .html.
  const notes = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rename-")), "README");
  fs.writeFileSync(notes, "Notes for the choir.\n");
  const fileId = await uploadViaApi(token, teamId, collectionId, notes, "text/plain");
  const renameUrl = `${url}/files/${fileId}/rename`;
  await signIn(page, owner.email, owner.password);

  for (const [lang, context] of [
    ["en", page.context()],
    [
      "it",
      await browser.newContext({
        locale: "it-IT",
        baseURL: test.info().project.use.baseURL,
        javaScriptEnabled: withJavaScript(),
      }),
    ],
  ] as const) {
    if (lang === "it") await signIn(await context.newPage(), owner.email, owner.password);
    const tab = lang === "en" ? page : (context.pages()[0] ?? (await context.newPage()));
    const words =
      lang === "en"
        ? {
            title: "Rename the file",
            name: "Name",
            submit: "Rename",
            characters: "A file name cannot contain slashes, backslashes, line breaks",
            type: "A file cannot be named .html, .svg, .js",
          }
        : {
            title: "Rinomina il file",
            name: "Nome",
            submit: "Rinomina",
            characters: "Il nome di un file non può contenere barre, barre rovesciate, a capo",
            type: "Un file non può chiamarsi .html, .svg, .js",
          };
    for (const [typed, message] of [
      ["notes/choir", words.characters],
      ["notes\\choir", words.characters],
      ["choir.html", words.type],
    ]) {
      await tab.goto(renameUrl);
      if (withJavaScript()) await hydrated(tab);
      const dialog = tab.getByRole("dialog", { name: words.title });
      await dialog.getByLabel(words.name).fill(typed ?? "");
      await dialog.getByRole("button", { name: words.submit }).click();
      await expect(dialog.getByText(message ?? "")).toBeVisible();
    }
    if (lang === "it") await context.close();
  }
  // The file kept its name.
  await page.goto(url);
  await expect(rows(page).getByRole("link", { name: "README", exact: true })).toBeVisible();
});

test("the preview covers the whole page, opaque, with controls that stand out in both themes", async ({
  page,
}) => {
  test.slow();
  const { owner, token, teamId, collectionId, url } = await photoClub("Autumn");
  for (const photo of PHOTOS.slice(0, 2)) await uploadViaApi(token, teamId, collectionId, photo);
  await openAsOwner(page, owner, url);
  await waitForThumbnails(page, 2);
  for (const scheme of ["light", "dark"] as const) {
    // Light is the system's (Playwright's default); dark is the visitor's choice.
    if (scheme === "dark") await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await rows(page).getByRole("link", { name: "forest.jpg" }).click();
    const preview = page.getByRole("dialog", { name: "forest.jpg" });
    await expect(preview.getByRole("img", { name: "forest.jpg" })).toBeVisible();
    // Nothing of the files page shows around it or through it.
    expect(await preview.boundingBox()).toEqual({ x: 0, y: 0, ...page.viewportSize() });
    await expect(preview).toHaveCSS("background-color", /^rgb\(/); // rgba() would let it through
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Autumn" })).toBeHidden();
    for (const name of ["Download", "Close the preview", "Next file"]) {
      expect(await iconContrast(preview.getByRole("link", { name })), name).toBeGreaterThan(3);
    }
    await expectNoSeriousA11yViolations(page);
    await preview.getByRole("link", { name: "Close the preview" }).click();
    await expect(preview).toBeHidden();
    await expect(page.getByRole("banner")).toBeVisible();
  }
});

test("the table's plain links open in the page, its menu closes behind them, and downloads stay downloads", async ({
  page,
}) => {
  test.skip(!withJavaScript(), "without JavaScript every link loads a page, as links do");
  const { owner, token, teamId, collectionId, url } = await photoClub("Winter");
  for (const photo of PHOTOS.slice(0, 2)) await uploadViaApi(token, teamId, collectionId, photo);
  await openAsOwner(page, owner, url);
  await expect(rows(page)).toHaveCount(2);
  // A mark on this document: it survives only navigations that stay in the page (ADR 038).
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const sameDocument = () => page.evaluate(() => "sameDocument" in window);

  await rows(page).getByRole("link", { name: "forest.jpg" }).click();
  await expect(page.getByRole("dialog", { name: "forest.jpg" })).toBeVisible();
  expect(await sameDocument()).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  const menu = rows(page).filter({ hasText: "forest.jpg" }).locator("details.menu");
  const renameItem = menu.getByRole("link", { name: "Rename" });
  await (await openMenu(page.getByLabel("Actions for forest.jpg"), renameItem)).click();
  await expect(page.getByRole("dialog", { name: "Rename the file" })).toBeVisible();
  expect(await sameDocument()).toBe(true);
  await expect(menu).not.toHaveAttribute("open");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  const downloadItem = menu.getByRole("link", { name: "Download" });
  const download = page.waitForEvent("download");
  await (await openMenu(page.getByLabel("Actions for forest.jpg"), downloadItem)).click();
  expect((await download).suggestedFilename()).toBe("forest.jpg");
  expect(await sameDocument()).toBe(true);
  await expect(page).toHaveURL(url);
});

test("a file whose content is not what its name says, or whose name hides its type, is refused with a clear message", async ({
  page,
}) => {
  const { owner, url } = await photoClub("Odd files");
  await openAsOwner(page, owner, url);
  await page.getByRole("link", { name: "Upload files" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  const photo = fs.readFileSync(path.join(FIXTURES, "forest.jpg"));
  const files = [
    {
      name: "not-a-photo.jpg",
      mimeType: "image/jpeg",
      buffer: fs.readFileSync(path.join(FIXTURES, "not-a-photo.jpg")),
    },
    // A right-to-left override shows "invoice\u202Egpj.exe" as "invoiceexe.jpg".
    { name: "invoice\u202Egpj.exe", mimeType: "image/jpeg", buffer: photo },
  ];
  if (withJavaScript()) {
    await dialog.getByTestId("upload-input").setInputFiles(files);
  } else {
    await dialog.getByLabel("Choose files").setInputFiles(files);
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  }
  await expect(
    dialog.getByText("This kind of file is not accepted, or its content does not match its type."),
  ).toBeVisible({ timeout: 15_000 });
  await expect(
    dialog.getByText("This file's name contains invisible direction marks or invalid characters."),
  ).toBeVisible();
  await page.goto(url);
  await expect(page.getByText("No files here yet.")).toBeVisible();
});

test("an upload whose connection drops carries on by itself", async ({ page }) => {
  test.skip(!withJavaScript(), "resumable uploads need JavaScript");
  const { owner, url } = await photoClub("Patchy network");
  await openAsOwner(page, owner, url);
  // The first PATCH of the bytes is cut off; tus asks for the offset and sends them again.
  let dropped = 0;
  await page.route("**/api/uploads/**", async (route) => {
    if (route.request().method() === "PATCH" && dropped === 0) {
      dropped++;
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  await uploadThroughDialog(page, [PHOTOS[1] ?? ""]);
  expect(dropped).toBe(1);
  await expect(rows(page)).toHaveCount(1);
});

test("an upload can be paused and resumed", async ({ page }) => {
  test.skip(!withJavaScript(), "pausing an upload needs JavaScript");
  const { owner, url } = await photoClub("Slow network");
  await openAsOwner(page, owner, url);
  // The first PATCH hangs, as on a slow network, until the upload is paused.
  let held = 0;
  await page.route("**/api/uploads/**", async (route) => {
    if (route.request().method() === "PATCH" && held === 0) {
      held++;
      return; // Never answered: pausing aborts it.
    }
    await route.continue();
  });
  await page.getByRole("link", { name: "Upload files" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await expect(dialog.getByTestId("upload-input")).toBeAttached();
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByText("Choose files", { exact: true }).click();
  await (await chooser).setFiles([PHOTOS[2] ?? ""]);
  await expect.poll(() => held).toBe(1);
  await dialog.getByRole("button", { name: "Pause sunset.jpg" }).click();
  await expect(dialog.getByText("Paused", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Resume sunset.jpg" }).click();
  await expect(dialog.getByText("Uploaded", { exact: true })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("link", { name: "Done" }).click();
  await expect(rows(page)).toHaveCount(1);
});

test("the table's links, written relative to the page, lead to the same places from every address that shows it", async ({
  page,
}) => {
  const { owner, token, teamId, collectionId, url } = await photoClub("Addresses");
  for (const photo of PHOTOS.slice(0, 2)) await uploadViaApi(token, teamId, collectionId, photo);
  await openAsOwner(page, owner, url);
  await expect(rows(page)).toHaveCount(2);
  // Where each of the rows' links leads, as the browser resolves it.
  const targets = () =>
    rows(page)
      .locator("a[href]")
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));

  const collection = new URL(url, page.url()).href;
  const fromList = await targets();
  const fileIds = fromList.flatMap((href) => /\/files\/([\w-]+)$/.exec(href)?.[1] ?? []);
  expect(fileIds).toHaveLength(2);
  const [first = "", second = ""] = fileIds;
  const creator = expect.stringMatching(new RegExp(`^${collection}\\?creator=[\\w-]+$`));
  expect(fromList).toEqual(
    fileIds.flatMap((fileId) => [
      `${collection}/files/${fileId}`,
      creator,
      `${collection}/files/${fileId}/rename`,
      `${collection}/files/${fileId}/download`,
      `${collection}/files/${fileId}/delete`,
    ]),
  );
  // The relative form is what makes the page lighter (ADR 041).
  const written = await rows(page).locator("a[href]").first().getAttribute("href");
  expect(written).toBe(`${collectionId}/files/${first}`);

  for (const address of [
    `${url}/files/${second}`,
    `${url}/files/${first}/rename`,
    `${url}/files/${first}/delete`,
  ]) {
    await page.goto(address);
    await expect(rows(page)).toHaveCount(2);
    expect(await targets(), address).toEqual(fromList);
  }
  if (withJavaScript()) {
    // Opened in the page, a dialog changes the address, and the rows are written for it anew.
    await page.goto(url);
    await hydrated(page);
    await rows(page).getByRole("link", { name: "forest.jpg" }).click();
    await expect(page.getByRole("dialog", { name: "forest.jpg" })).toBeVisible();
    await expect(page).toHaveURL(/\/files\/[\w-]+$/);
    expect(await targets()).toEqual(fromList);
  }
});

test("files come 20 at a time, then the next ones", async ({ page }) => {
  test.slow();
  const { owner, token, teamId, collectionId, url } = await photoClub("Many");
  for (let index = 0; index < 21; index++) {
    await uploadViaApi(token, teamId, collectionId, PHOTOS[index % 3] ?? "");
  }
  await openAsOwner(page, owner, url);
  await expect(rows(page)).toHaveCount(20);
  const more = page.getByRole("link", { name: "Load more files" });
  if (withJavaScript()) {
    // Scrolling it into view loads the next page into this one.
    await more.scrollIntoViewIfNeeded();
    await expect(rows(page)).toHaveCount(21);
  } else {
    await more.click();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Back to the first files" })).toBeVisible();
  }
  await expect(more).toBeHidden();
});

test("thumbnails load whatever address the site is opened at, not only PUBLIC_URL", async ({
  page,
}) => {
  const { owner, token, teamId, collectionId, url } = await photoClub("Elsewhere");
  await uploadViaApi(token, teamId, collectionId, PHOTOS[1] ?? "");
  // PUBLIC_URL is http://127.0.0.1:port; the same server, opened as http://localhost:port.
  const elsewhere = appUrl.replace("127.0.0.1", "localhost");
  await signIn(page, owner.email);
  const session = (await page.context().cookies(appUrl)).find(({ name }) => name === "session");
  if (!session) throw new Error("not signed in");
  const { name, value, httpOnly, sameSite } = session;
  await page.context().addCookies([{ name, value, httpOnly, sameSite, url: elsewhere }]);
  await preferList(page.context(), "localhost");
  await page.goto(`${elsewhere}${url}`);
  await waitForThumbnails(page, 1);
  await expect(rows(page).locator("th img")).toHaveAttribute("src", /^\/api\/blobs\//);
});

/** The crew member's own browser, with JavaScript as this project has it. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: withJavaScript(),
    locale: "en-GB",
  });
  await preferList(context);
  return context.newPage();
}

test("a contributor sees only the files they uploaded", async ({ browser }) => {
  test.slow();
  const { token, teamId, collectionId, url } = await photoClub("Site visit");
  await uploadViaApi(token, teamId, collectionId, PHOTOS[0] ?? "");
  const created = await fetch(`${appUrl}/api/teams/${teamId}/members`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ username: `crew.${Date.now().toString(36)}`, locale: "en" }),
  });
  if (!created.ok) throw new Error(`member: ${created.status} ${await created.text()}`);
  const { credentials } = (await created.json()) as {
    credentials: { username: string; password: string };
  };

  const crew = await otherBrowser(browser);
  await crew.goto("/auth/signin");
  await crew.getByText("Signing in as a team member?").click();
  await crew.getByLabel("Team code").fill(teamId);
  await crew.getByLabel("Email or username").fill(credentials.username);
  await crew.getByLabel("Password").fill(credentials.password);
  await crew.getByRole("button", { name: "Sign in", exact: true }).click();
  await crew.getByLabel("New password").fill(NEW_PASSWORD);
  await crew.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await crew.getByRole("button", { name: "Save and sign in" }).click();
  await expect(crew.getByRole("heading", { level: 1, name: "Photo Club" })).toBeVisible();

  await crew.goto(url);
  await expect(crew.getByRole("heading", { level: 1, name: "Site visit" })).toBeVisible();
  await expect(crew.getByText("No files here yet.")).toBeVisible();
  await uploadThroughDialog(crew, [PHOTOS[2] ?? ""]);
  await waitForThumbnails(crew, 1);
  await expect(rows(crew).first()).toContainText("sunset.jpg");
  await expect(crew.getByText("lake.jpg")).toBeHidden();
  await expectNoSeriousA11yViolations(crew);
  await crew.context().close();
});
