import path from "node:path";
import { expect, test } from "@playwright/test";
import { smtpUrl } from "../../playwright.config.ts";
import {
  apiAccessToken,
  createCollectionViaApi,
  createTeamViaApi,
  createVerifiedUser,
} from "./support/accounts.ts";
import { type Instance, startInstance } from "./support/instances.ts";
import { type Nginx, startNginx } from "./support/nginx.ts";

/*
 * The README's deployment, for real: the production build run as `docker run -e TRUST_PROXY=1`
 * runs it (no PUBLIC_URL), behind Debian's nginx with the configuration docs/operations.md
 * documents (support/nginx.ts makes it from that block), TLS on a port other than 443, walked in
 * Chromium. What it proves: form posts pass the Origin check with the port in it, resumable
 * uploads go through the proxy, thumbnails load (their links are paths, not localhost URLs),
 * cookies are Secure, HSTS is sent and HTTP/2 is on.
 */

const PHOTO = path.join(import.meta.dirname, "fixtures", "lake.jpg");

let app: Instance;
let nginx: Nginx;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startInstance({ TRUST_PROXY: "1", PUBLIC_URL: undefined, SMTP_URL: smtpUrl });
  nginx = await startNginx(app.url);
});

test.afterAll(async () => {
  await nginx?.stop();
  await app?.stop();
});

// These tests are about the files table: the list view, chosen (ADR 073).

test("behind nginx on another port: sign in, a team, a tus upload and its thumbnail", async ({
  page,
}, testInfo) => {
  test.slow();
  // Set up on the host itself; the browser goes through nginx.
  const owner = await createVerifiedUser("proxy", "Paola Proxy", app.url);
  const token = await apiAccessToken(owner.email, owner.password, app.url);
  const teamId = await createTeamViaApi(token, "Behind nginx", app.url);
  await createCollectionViaApi(token, teamId, { name: "Harbour", mode: "collaborative" }, app.url);
  const tusMethods: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["tus-resumable"]) tusMethods.push(request.method());
  });

  try {
    // The one form driven here rather than posted over HTTP: the browser's own Origin, port
    // included, through the proxy, is what this checks.
    const signInPage = await page.goto(`${nginx.url}/auth/signin`);
    expect(signInPage?.headers()["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    await page.getByLabel("Email or username").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // With one team, the team list goes straight to it.
    await expect(page).toHaveURL(`${nginx.url}/teams/${teamId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Behind nginx" })).toBeVisible();
    await page
      .getByRole("link", { name: /Harbour/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Harbour" })).toBeVisible();

    // The upload dialog with JavaScript sends the bytes with tus-js-client.
    await page.getByRole("link", { name: "Upload files" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Upload files" });
    await expect(dialog.getByTestId("upload-input")).toBeAttached();
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByText("Choose files", { exact: true }).click();
    await (await chooser).setFiles(PHOTO);
    await expect(dialog.getByText("Uploaded", { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(tusMethods).toContain("PATCH");
    await dialog.getByRole("link", { name: "Done" }).click();

    // Processing runs in the background; then the thumbnail must load, not fall back to an icon.
    // A collection of photos opens as the grid (ADR 073).
    const thumbnail = page.locator(".files-grid > li img");
    await expect(async () => {
      await page.reload();
      await expect(thumbnail).toHaveCount(1, { timeout: 1_000 });
      expect(
        await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBeGreaterThan(0);
    }).toPass({ timeout: 30_000 });
    await expect(thumbnail).toHaveAttribute("src", /^\/api\/blobs\//);

    const cookies = await page.context().cookies(nginx.url);
    expect(cookies.map((cookie) => cookie.name)).toContain("session");
    for (const cookie of cookies) expect(cookie.secure, `${cookie.name} is Secure`).toBe(true);
    const protocol = await page.evaluate(
      () =>
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
          .nextHopProtocol,
    );
    expect(protocol).toBe("h2");
  } catch (error) {
    await testInfo.attach("nginx.conf", { body: nginx.config, contentType: "text/plain" });
    await testInfo.attach("nginx error log", { body: nginx.log(), contentType: "text/plain" });
    await testInfo.attach("host log", { body: app.log(), contentType: "text/plain" });
    throw error;
  }
});
