import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver from a domain schema. The form holds text (display orders, select values)
 * that the schema parses into the API's shapes, so the form's values and the schema's input are typed
 * apart; `prepare` reshapes the values first where the form's layout differs from the body's.
 */
export function schemaResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  prepare: (values: TValues) => unknown = (values) => values,
): Resolver<TValues, unknown, TOutput> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema's input type is deliberately not the form's
  const resolve = zodResolver(schema as any);
  return (async (values, context, options) =>
    // biome-ignore lint/suspicious/noExplicitAny: see above
    resolve(prepare(values) as any, context, options as any)) as Resolver<TValues, unknown, TOutput>;
}
