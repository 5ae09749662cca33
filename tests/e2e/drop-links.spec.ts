import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { acceptedMember, apiCall, ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { openMenu } from "./support/menus.ts";

/*
 * Managing drop links (ADR 097), in both projects: an owner makes a link from the collection's
 * menu, finds it listed with its QR code, pauses, resumes, edits and revokes it (behind a
 * question); other roles have no entry and get 403 on the pages; the poster prints to exactly
 * one page, A4 and A6. Without JavaScript every step is a plain page and form post.
 */

/** Ada's team with one collaborative collection, and Ada signed in. */
async function ownerSignedIn(page: Page, team: string, collection: string) {
  const setup = await ownerWithCollection(
    { prefix: "links-owner", nickname: "Ada Owner", team },
    { name: collection, mode: "collaborative" },
  );
  await signIn(page, setup.owner.email, setup.owner.password);
  return setup;
}

/** A link made through the API: its id and address. */
async function linkViaApi(
  token: string,
  teamId: string,
  collectionId: string,
  body: Record<string, unknown>,
) {
  const link = await apiCall(
    token,
    "POST",
    `/teams/${teamId}/collections/${collectionId}/drop-links`,
    body,
  );
  return { linkId: link.linkId as string, url: link.url as string };
}

/** How many pages a PDF holds: its page objects. */
function pdfPages(pdf: Buffer) {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

/** The first page's size in points, from its MediaBox. */
function pdfPageSize(pdf: Buffer) {
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(
    pdf.toString("latin1"),
  );
  return box ? { width: Number(box[3]), height: Number(box[4]) } : null;
}

test("an owner makes a drop link from the collection's menu, and pauses, resumes, edits and revokes it", async ({
  page,
}) => {
  test.slow();
  const { teamId, collectionId } = await ownerSignedIn(page, "Links Club", "Wedding photos");
  await page.goto(`/teams/${teamId}`);
  await hydrated(page);
  const entry = page.getByRole("link", { name: "Drop links" });
  await (await openMenu(page.getByLabel("Actions for Wedding photos"), entry)).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${teamId}/collections/${collectionId}/links$`));
  await expect(page.getByRole("heading", { name: "Drop links" })).toBeVisible();
  await expect(page.getByText("No drop links yet.")).toBeVisible();

  await page.getByRole("link", { name: "New drop link" }).click();
  await expect(page.getByRole("heading", { name: "New drop link" })).toBeVisible();
  await hydrated(page);
  // Refused in the form, field by field: no title, a PIN of two digits, a deadline past.
  await page.getByLabel("PIN (optional)").fill("12");
  await page.getByLabel("No uploads after (optional)").fill("2001-01-01T10:00");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByText("Give the link a title.")).toBeVisible();
  await expect(page.getByText("A PIN is 4 to 8 digits.")).toBeVisible();
  await expect(page.getByText("The deadline must be in the future.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Title").fill("Ada and Bea's wedding");
  await page.getByLabel("Message for guests (optional)").fill("Send us your photos of the day!");
  await page.getByLabel("No uploads after (optional)").fill("2035-06-01T18:30");
  await page.getByLabel("Time zone").selectOption("Europe/Rome");
  await page.getByLabel("PIN (optional)").fill("4321");
  await page.getByRole("radio", { name: /^Required/ }).check();
  await page.getByRole("checkbox", { name: /Offer an email field/ }).check();
  await page.getByRole("radio", { name: /^The whole collection/ }).check();
  await page.getByRole("checkbox", { name: /Hold files for review/ }).check();
  await page.getByRole("button", { name: "Create link" }).click();

  // The link's page: its QR code, its address, its state.
  await expect(page.getByRole("heading", { name: "Ada and Bea's wedding" })).toBeVisible();
  await expect(page.getByText("Drop link “Ada and Bea's wedding” created")).toBeVisible();
  const qr = page.getByRole("img", { name: /^QR code of http/ });
  await expect(qr).toBeVisible();
  await expect(qr.locator("svg")).toHaveCount(1);
  const address = (await page.locator("#link-url").textContent()) ?? "";
  expect(address).toMatch(/^http:\/\/[^/]+\/d\/[A-Za-z0-9_-]{24}$/);
  await expect(page.locator("[data-state]")).toHaveText("Open");
  await expect(page.getByText("Jun 1, 2035, 6:30 PM (Europe/Rome)")).toBeVisible();
  await expect(page.getByText("Set", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const linkPage = page.url();

  // Listed, with its state, counts and deadline in its own zone.
  await page.getByRole("link", { name: "Back to the drop links" }).click();
  const row = page.locator(".links-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Ada and Bea's wedding");
  await expect(row.locator("[data-state]")).toHaveText("Open");
  await expectNoSeriousA11yViolations(page);
  await expect(row).toContainText("0 guests · 0 files");
  await expect(row).toContainText("Until Jun 1, 2035, 6:30 PM (Europe/Rome)");
  await row.getByRole("link").click();
  await expect(page).toHaveURL(linkPage);

  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.locator("[data-state]")).toHaveText("Paused");
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.locator("[data-state]")).toHaveText("Open");

  // Edited: the form holds what the link is set to.
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit drop link" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Ada and Bea's wedding");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Rome");
  await expect(page.getByLabel("No uploads after (optional)")).toHaveValue("2035-06-01T18:30");
  await expect(page.getByRole("radio", { name: /^Required/ })).toBeChecked();
  await page.getByLabel("Title").fill("The wedding");
  await page.getByRole("checkbox", { name: "Remove the PIN" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "The wedding" })).toBeVisible();
  await expect(page.getByText("None", { exact: true })).toBeVisible();
  // The address stays.
  await expect(page.locator("#link-url")).toHaveText(address);

  // Revoked behind a question; Cancel first leaves it open.
  await page.getByRole("link", { name: "Revoke" }).click();
  const question = page.getByRole("dialog", { name: "Revoke this link?" });
  await expect(question).toBeVisible();
  await question.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.locator("[data-state]")).toHaveText("Open");
  await page.getByRole("link", { name: "Revoke" }).click();
  await page
    .getByRole("dialog", { name: "Revoke this link?" })
    .getByRole("button", { name: "Revoke link" })
    .click();
  await expect(page.locator("[data-state]")).toHaveText("Revoked");
  await expect(page.getByText("This link is revoked: it no longer works")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pause" })).toHaveCount(0);
});

test("the collection's page leads to its drop links for the owner", async ({ page }) => {
  const { url } = await ownerSignedIn(page, "Links Page Club", "Sideline");
  await page.goto(url);
  await page.getByRole("link", { name: "Drop links" }).click();
  await expect(page.getByRole("heading", { name: "Drop links" })).toBeVisible();
  await expect(page.getByText("Sideline")).toBeVisible();
});

for (const role of ["viewer", "uploader"] as const) {
  test(`a ${role} has no drop links entry, and their pages answer 403`, async ({ page }) => {
    test.slow();
    const setup = await ownerWithCollection(
      { prefix: "links-owner", nickname: "Ada Owner", team: `Links ${role} Club` },
      { name: "Shared things", mode: "collaborative" },
    );
    const { linkId } = await linkViaApi(setup.token, setup.teamId, setup.collectionId, {
      title: "Not yours",
    });
    const { member } = await acceptedMember(setup.token, setup.teamId, `The ${role}`, role);
    await signIn(page, member.email, member.password);

    await page.goto(`/teams/${setup.teamId}`);
    await expect(page.getByRole("link", { name: "Shared things" })).toBeVisible();
    await expect(page.locator('a[href$="/links"]')).toHaveCount(0);
    await page.goto(setup.url);
    await expect(page.getByRole("heading", { name: "Shared things" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Drop links" })).toHaveCount(0);

    const base = `${setup.url}/links`;
    for (const path of [base, `${base}/new`, `${base}/${linkId}`, `${base}/${linkId}/edit`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
    const poster = await page.goto(`${base}/${linkId}/poster?size=a4`);
    expect(poster?.status()).toBe(403);
    // A post is refused too.
    const posted = await page.request.post(`${base}/${linkId}`, {
      form: { intent: "revoke" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(403);
  });
}

test("the poster has no app frame, and prints to exactly one page, A4 and A6", async ({ page }) => {
  test.slow();
  const setup = await ownerSignedIn(page, "Poster Club", "Match day");
  const { linkId, url } = await linkViaApi(setup.token, setup.teamId, setup.collectionId, {
    title: "Photos of the match",
    message: "Send us your photos and videos of the match. ".repeat(20).trim().slice(0, 1000),
  });
  const poster = `${setup.url}/links/${linkId}/poster`;
  await page.goto(`${poster}?size=a4`);
  await expect(page.getByRole("heading", { name: "Photos of the match" })).toBeVisible();
  await expect(page.locator(".site-header-inner")).toHaveCount(0);
  await expect(page.getByRole("img", { name: `QR code of ${url}` })).toBeVisible();
  await expect(page.locator(".poster-url")).toHaveText(url.replace(/^https?:\/\//, ""));
  await expect(page.locator(".poster-message")).toContainText("Send us your photos");
  if (test.info().project.use.javaScriptEnabled === false) {
    await expect(page.getByText("Use your browser's Print to print it.")).toBeVisible();
  } else {
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  }

  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".poster-controls")).toBeHidden();
  const a4 = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
  expect(pdfPages(a4)).toBe(1);
  const a4Size = pdfPageSize(a4);
  expect(Math.round(a4Size?.width ?? 0)).toBe(595);
  expect(Math.round(a4Size?.height ?? 0)).toBe(842);

  await page.emulateMedia({ media: "screen" });
  await page.getByRole("link", { name: "A6" }).click();
  await expect(page).toHaveURL(/size=a6$/);
  await expect(page.locator(".poster-message")).toHaveCount(0);
  await page.emulateMedia({ media: "print" });
  const a6 = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
  expect(pdfPages(a6)).toBe(1);
  const a6Size = pdfPageSize(a6);
  expect(Math.round(a6Size?.width ?? 0)).toBe(298);
  expect(Math.round(a6Size?.height ?? 0)).toBe(420);
  const shots = process.env.DROP_LINKS_SHOTS;
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    fs.writeFileSync(`${shots}/poster-a4.pdf`, a4);
    fs.writeFileSync(`${shots}/poster-a6.pdf`, a6);
  }
});

test("screenshots of the drop links screens, for a person to look at", async ({ page }) => {
  const shots = process.env.DROP_LINKS_SHOTS;
  test.skip(!shots || test.info().project.name !== "js", "only when DROP_LINKS_SHOTS is set");
  test.slow();
  const setup = await ownerSignedIn(page, "Shots Club", "Summer party");
  const { linkId } = await linkViaApi(setup.token, setup.teamId, setup.collectionId, {
    title: "Summer party 2026",
    message: "Share your photos of the party with us!",
    deadlineAt: Date.UTC(2035, 6, 1, 20, 0),
    timeZone: "Europe/Rome",
    pin: "2468",
  });
  const paused = await linkViaApi(setup.token, setup.teamId, setup.collectionId, {
    title: "Backstage",
  });
  await apiCall(setup.token, "PATCH", `/teams/${setup.teamId}/drop-links/${paused.linkId}`, {
    status: "paused",
  });
  const base = `${setup.url}/links`;
  await page.goto(base);
  await page.getByRole("button", { name: "Decline" }).click();
  const screens = {
    list: base,
    form: `${base}/new`,
    link: `${base}/${linkId}`,
    poster: `${base}/${linkId}/poster?size=a4`,
    "poster-a6": `${base}/${linkId}/poster?size=a6`,
  };
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const [name, path] of Object.entries(screens)) {
        await page.goto(path);
        await hydrated(page);
        await page.screenshot({ path: `${shots}/${name}-${width}-${scheme}.png`, fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
  }
  // As printed: the page's content area, in print media (96 px an inch).
  await page.emulateMedia({ media: "print", colorScheme: "dark" });
  for (const [size, viewport] of [
    ["a4", { width: 703, height: 1028 }],
    ["a6", { width: 352, height: 514 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${base}/${linkId}/poster?size=${size}`);
    await page.screenshot({ path: `${shots}/poster-print-${size}.png` });
  }
});
