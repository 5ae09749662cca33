import fs from "node:fs";
import { devices } from "@playwright/test";

/** Debian's Chromium (or CHROMIUM_PATH), as every Playwright suite here launches it. */
function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  return undefined; // Playwright's own download, where it has one
}

export const chromium = {
  ...devices["Desktop Chrome"],
  channel: undefined,
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};
