import { expect, type Locator } from "@playwright/test";

/**
 * Opens a menu and answers its `item`, once shown. With JavaScript the menu is a Radix dropdown
 * that opens only once the page has hydrated: a click that lands before then does nothing, so
 * the trigger is clicked again until the item shows. Without JavaScript it is a plain
 * disclosure and the first click opens it.
 */
export async function openMenu(trigger: Locator, item: Locator) {
  await expect(async () => {
    if (!(await item.isVisible())) await trigger.click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return item;
}
