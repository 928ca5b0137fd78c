import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Driving a page with the keyboard alone, as a person who does not use a mouse does: Tab (or Shift+Tab)
// until the control is focused, then keys. Nothing here clicks.

/** Whether the element of `target` is the page's focused element. */
export function isFocused(target: Locator): Promise<boolean> {
  // Asked of an element that is there: a short wait, so a missing one answers false at once.
  return target
    .evaluate((el) => el === document.activeElement, undefined, { timeout: 1_000 })
    .catch(() => false);
}

/** A short description of the focused element, for failure messages. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the page itself (nothing focused)';
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 60) ??
      '';
    return `<${el.tagName.toLowerCase()}${el.id ? ` id="${el.id}"` : ''}> ${name}`;
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times; fails with
 * where the focus ended when it never gets there. `each` runs after every press (e.g. to check that
 * the focus stayed inside a dialog).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { max?: number; back?: boolean; each?: () => Promise<void> } = {},
): Promise<void> {
  const { max = 80, back = false, each } = options;
  await target.waitFor({ timeout: 15_000 });
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await each?.();
  }
  throw new Error(
    `${String(target)} never took the focus in ${max} presses; it is on ${await focusedElement(page)}`,
  );
}

/** Whether the focus is inside the open dialog (a Bootstrap modal: role="dialog"). */
export function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null);
}

/** Waits until the dialog took the focus, then asserts it holds it. */
export async function expectFocusInDialog(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null, undefined, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  expect(await focusInDialog(page), `focus is on ${await focusedElement(page)}`).toBe(true);
}

/** Signs in through the login form with the keyboard alone: Tab to each field, type, Enter. */
export async function signInByKeyboard(page: Page, userName: string, password: string): Promise<void> {
  await tabTo(page, page.getByLabel('User Name'));
  await page.keyboard.type(userName);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/**
 * Starts recording every element outside the open dialog that takes the focus, even for a moment (a
 * focus trap that pulls the focus back a tick later still lets it land on the page behind, where a
 * screen reader announces it). The returned function stops recording and answers what was focused.
 */
export async function watchFocusLeavingDialog(page: Page): Promise<() => Promise<string[]>> {
  const key = `__focusLeft${Math.random().toString(36).slice(2)}`;
  await page.evaluate((k) => {
    const seen: string[] = [];
    const listener = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (!target.closest?.('[role="dialog"]'))
        seen.push(
          `<${target.tagName.toLowerCase()}> ${(target.innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}`,
        );
    };
    document.addEventListener('focusin', listener, true);
    (window as unknown as Record<string, () => string[]>)[k] = () => {
      document.removeEventListener('focusin', listener, true);
      return seen;
    };
  }, key);
  return () => page.evaluate((k) => (window as unknown as Record<string, () => string[]>)[k]!(), key);
}
