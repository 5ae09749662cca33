import { expect, type Locator } from "@playwright/test";

/**
 * Opens a menu (a <details>, with JavaScript or without) and answers its `item`, once shown. The
 * trigger is clicked again until the item shows, in case a click lands while the page is still
 * loading. A menu opened before the page hydrates stays open after it (app/shell/menu.ts).
 */
export async function openMenu(trigger: Locator, item: Locator) {
  await expect(async () => {
    if (!(await item.isVisible())) await trigger.click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return item;
}
