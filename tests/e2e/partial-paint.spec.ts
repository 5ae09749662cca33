import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import { ownerWithCollection, signInCookie } from "./support/accounts.ts";
import {
  LIST_VIEW_COOKIE,
  PHOTOS,
  preferList,
  uploadViaApi,
  waitUntilReady,
} from "./support/files.ts";

/*
 * A page is not painted half parsed (ADR 052). On a slow phone the parser yields in the middle
 * of a long page and the browser paints what it has; what the rest then added moved it (a row's
 * menu drawn with the browser's own "Details" label before its <summary> came, a button before
 * its label). Here the files page arrives in two parts, cut inside the first row's menu, with a
 * pause between them long enough for any paint: the browser reports no layout shift, with
 * JavaScript on and off (Chromium's own record of shifts, which needs no script in the page).
 */

const MENU = '<details class="menu">';

// These tests are about the files table: the list view, chosen (ADR 073).
test.beforeEach(({ page }) => preferList(page.context()));

test("a files page that arrives in two parts is painted whole, without a layout shift", async ({
  page,
}) => {
  const { owner, token, teamId, collectionId, url } = await ownerWithCollection(
    { prefix: "paint", nickname: "Ada", team: "Painters" },
    { name: "Half a page" },
  );
  for (const photo of PHOTOS) await uploadViaApi(token, teamId, collectionId, photo);
  await waitUntilReady(token, teamId, collectionId, PHOTOS.length);
  const cookie = await signInCookie(owner.email);
  const html = await (
    await fetch(`${appUrl}${url}`, { headers: { cookie: `${cookie}; ${LIST_VIEW_COOKIE}` } })
  ).text();
  const cut = html.indexOf(MENU) + MENU.length;
  expect(cut).toBeGreaterThan(MENU.length);

  // The page in two parts; everything else (styles, icons, pictures, scripts) from the app.
  const serve = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url === url) {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.write(html.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      response.end(html.slice(cut));
      return;
    }
    const answer = await fetch(`${appUrl}${request.url}`);
    response.writeHead(answer.status, {
      "Content-Type": answer.headers.get("Content-Type") ?? "application/octet-stream",
    });
    response.end(Buffer.from(await answer.arrayBuffer()));
  };
  // A request that fails ends its connection: the page shows it, the test's process goes on.
  const server = http.createServer((request, response) => {
    serve(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    const cdp = await page.context().newCDPSession(page);
    const shifts: number[] = [];
    cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => {
      if (event.layoutShiftDetails) shifts.push(event.layoutShiftDetails.value);
    });
    await cdp.send("PerformanceTimeline.enable", { eventTypes: ["layout-shift"] });

    await page.goto(`http://127.0.0.1:${port}${url}`, { waitUntil: "load" });
    await expect(page.locator(".files-table tbody tr")).toHaveCount(PHOTOS.length);
    // Time for a late shift to be reported.
    await page.waitForTimeout(500);
    expect(shifts).toEqual([]);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
