import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { DESCRIPTION_MAX, NAME_MAX } from "../../domain/constants.ts";
import {
  apiAccessToken,
  apiCall,
  createCollectionViaApi,
  createVerifiedUser,
  signIn,
} from "./support/accounts.ts";
import { preferColorScheme } from "./support/color-scheme.ts";
import { PHOTOS, preferList, uploadViaApi, waitUntilReady } from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";
import { waitForMail } from "./support/mail.ts";
import { openMenu } from "./support/menus.ts";

/*
 * Phones (ADR 027): every screen and dialog the suite visits, at 360 and 390 pixels
 * wide, in both themes, with the longest names the domain allows written with a character that
 * never breaks ('W'), is no wider than the screen, and every dialog lies inside it.
 */

const LONG = "W".repeat(NAME_MAX);
const LONG_TEXT = "W".repeat(DESCRIPTION_MAX);
/** A file name of NAME_MAX characters, extension included. */
const LONG_FILE = `${"W".repeat(NAME_MAX - ".jpg".length)}.jpg`;

interface Setup {
  email: string;
  teamId: string;
  collectionId: string;
  fileId: string;
  userId: string;
  downloadId: string;
  /** An invitation's accept and decline pages, with their keys. */
  acceptUrl: string;
  rejectUrl: string;
}

/** One owner with the longest names everywhere, made once per worker (and project). */
let setup: Promise<Setup> | undefined;
function longNames() {
  setup ??= (async () => {
    const owner = await createVerifiedUser("phone", LONG);
    const token = await apiAccessToken(owner.email);
    const { teamId } = (await apiCall(token, "POST", "/teams", {
      name: LONG,
      description: LONG_TEXT,
    })) as { teamId: string };
    const collectionId = await createCollectionViaApi(token, teamId, {
      name: LONG,
      description: LONG_TEXT,
      mode: "collaborative",
    });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-phone-"));
    const photo = path.join(folder, LONG_FILE);
    fs.copyFileSync(PHOTOS[0] as string, photo);
    await uploadViaApi(token, teamId, collectionId, photo);
    await waitUntilReady(token, teamId, collectionId, 1);
    const { files } = (await apiCall(
      token,
      "GET",
      `/teams/${teamId}/collections/${collectionId}/files`,
    )) as { files: { fileId: string }[] };
    const { members } = (await apiCall(token, "GET", `/teams/${teamId}/members`)) as {
      members: { userId: string }[];
    };
    // An invitation from the longest names to a long address: its accept and decline pages.
    const invitee = `${"w".repeat(40)}.${Date.now()}@example.com`;
    await apiCall(token, "POST", `/teams/${teamId}/members`, {
      email: invitee,
      nickname: `${"W".repeat(NAME_MAX - 1)}V`,
      role: "uploader",
      locale: "en",
    });
    const mail = await waitForMail(invitee, /invited you/);
    const invitation = (action: string) => {
      const link = new URL(
        mail.links.find((each) => each.includes(`/invitations/${action}`)) ?? "",
      );
      return `${link.pathname}${link.search}`;
    };
    const { requestId } = (await apiCall(token, "POST", `/teams/${teamId}/downloads`, {
      collectionId,
      filesPrefix: LONG,
    })) as { requestId: string };
    return {
      email: owner.email,
      teamId,
      collectionId,
      fileId: files[0]?.fileId as string,
      userId: members[0]?.userId as string,
      downloadId: requestId,
      acceptUrl: invitation("accept"),
      rejectUrl: invitation("reject"),
    };
  })();
  return setup;
}

/** Nothing wider than the screen; a dialog, when there is one, inside it. */
async function expectFits(page: Page, what: string) {
  const { scrollWidth, innerWidth, dialogs, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // What reaches past the right edge, with its width, to name in a failure.
    wide: [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
      .slice(0, 20)
      .map((element) => {
        const width = Math.round(element.getBoundingClientRect().width);
        return `${element.tagName.toLowerCase()}.${element.getAttribute("class")} ${width}px`;
      }),
    dialogs: [...document.querySelectorAll("dialog[open], [role=dialog]")].map((dialog) => {
      const box = dialog.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  }));
  expect(
    scrollWidth,
    `${what}: the page's width; past the edge: ${wide.join("; ")}`,
  ).toBeLessThanOrEqual(innerWidth);
  for (const dialog of dialogs) {
    expect(dialog.left, `${what}: the dialog's left edge`).toBeGreaterThanOrEqual(0);
    expect(dialog.right, `${what}: the dialog's right edge`).toBeLessThanOrEqual(innerWidth);
  }
}

/** The preview's controls all on screen, and none over its picture. */
async function expectPreviewControlsClear(page: Page) {
  const preview = page.getByRole("dialog");
  const picture = await preview.getByRole("img").first().boundingBox();
  expect(picture, "the preview's picture").not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  const height = page.viewportSize()?.height ?? 0;
  for (const name of ["Show the details|Hide the details", "Download", "Close the preview"]) {
    await expect(preview.getByRole("link", { name: new RegExp(`^(${name})$`) })).toBeVisible();
  }
  await expect(preview.getByText("1 of 1", { exact: true })).toBeVisible();
  const controls = preview.locator("a, button");
  for (let index = 0; index < (await controls.count()); index += 1) {
    const box = await controls.nth(index).boundingBox();
    if (!box || !picture) continue;
    const what = await controls.nth(index).getAttribute("aria-label");
    expect(box.x >= 0 && box.x + box.width <= width, `${what} on screen`).toBe(true);
    expect(box.y >= 0 && box.y + box.height <= height, `${what} on screen`).toBe(true);
    const apart =
      box.x + box.width <= picture.x ||
      picture.x + picture.width <= box.x ||
      box.y + box.height <= picture.y ||
      picture.y + picture.height <= box.y;
    expect(apart, `${what} clear of the picture`).toBe(true);
  }
}

async function visit(page: Page, url: string, dialog?: string | RegExp) {
  await page.goto(url);
  await hydrated(page);
  if (dialog) await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
  await expectFits(page, url);
}

/** Opens a disclosure menu and checks the page with it open. */
async function withMenuOpen(page: Page, trigger: string, item: string, what: string) {
  await openMenu(page.getByLabel(trigger).first(), page.getByRole("link", { name: item }).first());
  await expectFits(page, what);
  const box = await page.getByRole("link", { name: item }).first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, `${what}: ${item} on screen`).toBe(true);
}

// Both widths, and each theme once: a theme changes colours, not widths.
for (const [width, scheme] of [
  [360, "light"],
  [390, "dark"],
] as const) {
  test.describe(`${width} px, ${scheme}`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("signed-out pages fit the screen", async ({ page }) => {
      await preferColorScheme(page, scheme);
      for (const url of [
        "/",
        "/auth/signin",
        "/auth/signup",
        "/auth/forgot",
        "/plans",
        `/unsubscribe?email=${encodeURIComponent(`${LONG}@example.com`)}&token=${LONG}`,
      ]) {
        await visit(page, url);
      }
    });

    test("an invitation's accept and decline pages fit, with the longest names", async ({
      page,
    }) => {
      const s = await longNames();
      await preferColorScheme(page, scheme);
      await visit(page, s.acceptUrl);
      await expect(page.getByText(/invited you to join/)).toBeVisible();
      await visit(page, s.rejectUrl);
      await expect(page.getByText(/invited you to join/)).toBeVisible();
      // Opened while signed in with another address: that address and the invited one, both long.
      await signIn(page, s.email);
      await visit(page, s.acceptUrl);
      await expect(page.getByRole("button", { name: "Sign out and continue" })).toBeVisible();
    });

    test("team screen and its dialogs fit, with the longest names", async ({ page }) => {
      test.slow();
      const s = await longNames();
      await preferColorScheme(page, scheme);
      await signIn(page, s.email);
      const team = `/teams/${s.teamId}`;
      await visit(page, team);
      // The header stays one line: the team name is cut short, whole in its title.
      const header = page.locator(".site-header-inner");
      expect((await header.boundingBox())?.height).toBeLessThan(60);
      await expect(page.getByLabel(`Team menu for ${LONG}`)).toHaveAttribute("title", LONG);
      await withMenuOpen(page, `Actions for ${LONG}`, "Rename", "the collection menu");
      // The filters fold behind a summary that counts them; open, they fit too.
      await expect(page.getByText("Filters", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Collaborative view")).toBeHidden();
      await visit(page, `${team}?creator=${s.userId}&tagged=${s.userId}&from=2024-01-01`);
      await page.getByText("Filters (3)", { exact: true }).click();
      await expect(page.getByLabel("Collaborative view")).toBeVisible();
      await expectFits(page, "the filters, open");
      await visit(page, `${team}/new-collection`, "Create a collection");
      await visit(page, `${team}/rename-collection/${s.collectionId}`, /Rename/);
      await visit(page, `${team}/share-collection/${s.collectionId}`);
      await visit(page, `${team}/members/new`);
      await visit(page, `${team}/members/${s.userId}`);
      await visit(page, `${team}/roles`);
      await visit(page, `${team}/info`);
      await visit(page, `${team}/rename`);
      await visit(page, `${team}/logo`);
      await visit(page, `${team}/alias`);
      await visit(page, `${team}/downloads/${s.downloadId}`);
      await visit(page, "/teams?create");
      await visit(page, "/switch-team");
      await visit(page, "/switch-team?create");
      await visit(page, "/profile");
      await visit(page, "/profile/avatar");
      await visit(page, "/plans");
    });

    test("files screen and its dialogs fit, with the longest names", async ({ page }) => {
      test.slow();
      const s = await longNames();
      await preferColorScheme(page, scheme);
      await signIn(page, s.email);
      const files = `/teams/${s.teamId}/collections/${s.collectionId}`;
      await visit(page, files);
      // A list on a phone: name, picture and menu on screen, the menu opens on screen.
      const row = page.locator(".files-table tbody tr").first();
      await expect(row.getByText(LONG_FILE)).toBeVisible();
      await expect(row.getByText(LONG_FILE)).toHaveAttribute("title", LONG_FILE);
      await withMenuOpen(page, `Actions for ${LONG_FILE}`, "Rename", "the file menu");
      // The date filter folds behind its summary, as the collections screen's filters do.
      await expect(page.getByLabel("From", { exact: true })).toBeHidden();
      await visit(page, `${files}?creator=${s.userId}&from=2024-01-01`);
      await page.getByText("Filter by date (on)", { exact: true }).click();
      await expect(page.getByLabel("From", { exact: true })).toHaveValue("2024-01-01");
      await expectFits(page, "the date filter, open");
      await visit(page, `${files}/files/${s.fileId}`);
      // The preview's title is cut short on a phone; the whole name is its tooltip.
      await expect(page.getByRole("heading", { name: LONG_FILE })).toHaveAttribute(
        "title",
        LONG_FILE,
      );
      // Its controls are on screen in a bar above and one below, none over the picture
      // (ADR 075), with the details panel open too.
      for (const details of [false, true]) {
        if (details) await visit(page, `${files}/files/${s.fileId}?details=1`);
        await expectPreviewControlsClear(page);
      }
      await visit(page, `${files}/files/${s.fileId}/rename`);
      await visit(page, `${files}/upload`);
    });

    test("the files grid fits: three tiles across, the longest name cut short", async ({
      page,
    }) => {
      test.slow();
      const s = await longNames();
      await preferColorScheme(page, scheme);
      // No choice made: a collection of photos opens as the grid (ADR 073).
      await page.context().clearCookies({ name: "files-view" });
      await signIn(page, s.email);
      const files = `/teams/${s.teamId}/collections/${s.collectionId}`;
      await visit(page, files);
      const grid = page.locator(".files-grid");
      const columns = await grid.evaluate(
        (list) => getComputedStyle(list).gridTemplateColumns.split(" ").length,
      );
      expect(columns, "tiles across").toBe(3);
      const tile = grid.getByRole("link", { name: LONG_FILE });
      await expect(tile).toHaveAttribute("title", LONG_FILE);
      const name = tile.getByText(LONG_FILE);
      expect(
        await name.evaluate((element) => element.scrollWidth > element.clientWidth),
        "the name is cut short",
      ).toBe(true);
      const box = await tile.boundingBox();
      const check = await grid.getByRole("checkbox", { name: LONG_FILE }).boundingBox();
      expect(box && check && check.x >= box.x && check.y >= box.y, "the checkbox on its tile").toBe(
        true,
      );
      expect(check?.width ?? 0, "the checkbox's size").toBeGreaterThanOrEqual(24);
      await grid.getByRole("checkbox", { name: LONG_FILE }).check();
      const javaScript = test.info().project.use.javaScriptEnabled !== false;
      await expect(page.getByText(javaScript ? "1 selected" : "Download selected")).toBeVisible();
      await expectFits(page, "the grid with its selection bar");
    });
  });
}

// These tests are about the files table: the list view, chosen (ADR 073).
test.beforeEach(({ page }) => preferList(page.context()));

test("on a phone, a date the filter refuses shows its message unfolded", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 844 });
  const s = await longNames();
  await signIn(page, s.email);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  for (const screen of [`/teams/${s.teamId}`, `/teams/${s.teamId}/collections/${s.collectionId}`]) {
    await visit(page, `${screen}?from=${tomorrow}`);
    await expect(page.getByText("The dates cannot be in the future.")).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toBeVisible();
  }
});

test("the date pickers offer no future day, and the server refuses one", async ({ page }) => {
  test.slow();
  const s = await longNames();
  await signIn(page, s.email);
  // Today as the server renders it: UTC (ADR 027).
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const screens = [`/teams/${s.teamId}`, `/teams/${s.teamId}/collections/${s.collectionId}`];
  for (const screen of screens) {
    await page.goto(screen);
    for (const field of ["From", "To"]) {
      await expect(page.getByLabel(field, { exact: true })).toHaveAttribute("max", today);
    }
    // A future day typed into the address is refused: an error, and the list unfiltered.
    await page.goto(`${screen}?from=${tomorrow}`);
    await expect(page.getByText("The dates cannot be in the future.")).toBeVisible();
  }
  await expect(page.locator(".files-table tbody tr")).toHaveCount(1);
  await page.goto(`/teams/${s.teamId}?from=${tomorrow}`);
  await expect(
    page.getByRole("link", { name: new RegExp(`^${LONG} Collaborative`) }),
  ).toBeVisible();
});
