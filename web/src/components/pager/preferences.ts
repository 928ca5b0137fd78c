import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './pageWindow';

/**
 * User preferences kept in the browser (docs/product.md#codes and docs/product.md#limits): the page size chosen for each
 * list, under one storage key so later preferences join the same record.
 */
export const PREFERENCES_STORAGE_KEY = 'smr.preferences';

type Preferences = { pageSizes?: Record<string, number> };

function read(): Preferences {
  try {
    const text = globalThis.localStorage?.getItem(PREFERENCES_STORAGE_KEY);
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Preferences) : {};
  } catch {
    // Unreadable or blocked storage: the defaults serve.
    return {};
  }
}

function write(preferences: Preferences): void {
  try {
    globalThis.localStorage?.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Storage full or blocked: the choice lasts for this visit only.
  }
}

export function isPageSize(value: unknown): value is number {
  return typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value);
}

/** The page size remembered for a list, or the default. */
export function storedPageSize(listKey: string): number {
  const size = read().pageSizes?.[listKey];
  return isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
}

export function storePageSize(listKey: string, size: number): void {
  if (!isPageSize(size)) return;
  const preferences = read();
  write({ ...preferences, pageSizes: { ...preferences.pageSizes, [listKey]: size } });
}
