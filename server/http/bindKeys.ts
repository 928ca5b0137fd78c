import type { z } from 'zod';

// docs/product.md#calls-conventions: JSON body keys bind case-insensitively ('Query' and 'query'). Before validation we
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

type Binding =
  | { kind: 'array'; element: AnyZod }
  | { kind: 'object'; shape: Record<string, AnyZod>; byLower: Map<string, string> }
  | { kind: 'other' };

/**
 * What a schema binds, worked out once per schema: a submitted assessment holds hundreds of objects
 * of a few schemas, and unwrapping and indexing the shape for each of them was a tenth of the
 * submission's CPU.
 */
const bindings = new WeakMap<AnyZod, Binding>();

function bindingOf(schema: AnyZod): Binding {
  let binding = bindings.get(schema);
  if (binding) return binding;
  const def = defOf(unwrap(schema));
  if (def.type === 'array') binding = { kind: 'array', element: def.element as AnyZod };
  else if (def.type === 'object') {
    const shape = def.shape as Record<string, AnyZod>;
    binding = {
      kind: 'object',
      shape,
      byLower: new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k])),
    };
  } else binding = { kind: 'other' };
  bindings.set(schema, binding);
  return binding;
}

export function bindKeys(schema: AnyZod, value: unknown): unknown {
  const binding = bindingOf(schema);
  if (binding.kind === 'array' && Array.isArray(value)) {
    return value.map((v) => bindKeys(binding.element, v));
  }
  if (binding.kind === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { shape, byLower } = binding;
    // Own properties only: a body key such as 'constructor' or 'toString' must not find Object's.
    const fieldOf = (key: string) => (Object.hasOwn(shape, key) ? shape[key] : undefined);
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
