import { type ComponentType, lazy } from 'react';

/** React.lazy for a named export, so page modules keep named exports like everything else. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
