import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver whose domain schema (and zod with it, some 24 KB gzip) loads on first
 * use rather than with the page. The login page uses it to stay within its size budget (docs/decisions.md#performance);
 * `preload` starts the download early, e.g. as soon as the form is focused, so the first submit
 * rarely waits for it.
 */
export function lazySchemaResolver<TValues extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<TValues>>,
): { resolver: Resolver<TValues>; preload: () => void } {
  let loading: Promise<Resolver<TValues>> | undefined;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads do not infer from a generic schema
      ([schema, { zodResolver }]) => zodResolver(schema as any) as unknown as Resolver<TValues>,
    );
    // A failed download is tried again on the next submit rather than remembered.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load().catch(() => undefined),
  };
}
