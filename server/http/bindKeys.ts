import type { z } from 'zod';

// INTERFACES.md: JSON body keys bind case-insensitively ('Query' and 'query'). Before validation we
// rename each key that matches a schema key in another case to the schema's spelling, recursively.

type AnyZod = z.core.$ZodType;

const defOf = (schema: AnyZod) => schema._zod.def as unknown as Record<string, unknown>;

function unwrap(schema: AnyZod): AnyZod {
  let current = schema;
  // optional, nullable, default, pipe and the like wrap an inner type; objects and arrays are what bind.
  for (let i = 0; i < 10; i++) {
    const def = defOf(current);
    const inner = (def.innerType ?? (def.type === 'pipe' ? def.in : undefined)) as AnyZod | undefined;
    if (!inner) return current;
    current = inner;
  }
  return current;
}

export function bindKeys(schema: AnyZod, value: unknown): unknown {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'array' && Array.isArray(value)) {
    return value.map((v) => bindKeys(def.element as AnyZod, v));
  }
  if (def.type === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const shape = def.shape as Record<string, AnyZod>;
    // Own properties only: a body key such as 'constructor' or 'toString' must not find Object's.
    const fieldOf = (key: string) => (Object.hasOwn(shape, key) ? shape[key] : undefined);
    const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
    const out: Record<string, unknown> = Object.create(null);
    for (const [key, v] of Object.entries(value)) {
      const target = fieldOf(key) ? key : (byLower.get(key.toLowerCase()) ?? key);
      // An exact-case key wins over a differently cased duplicate.
      if (Object.hasOwn(out, target) && target !== key) continue;
      const field = fieldOf(target);
      out[target] = field ? bindKeys(field, v) : v;
    }
    return out;
  }
  return value;
}
