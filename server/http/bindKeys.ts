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
  | {
      kind: 'object';
      shape: Record<string, AnyZod>;
      byLower: Map<string, string>;
      alwaysCopy: boolean;
      /** Keys outside the shape already seen, and whether they bind to a field (renamed) or not. */
      seen: Map<string, boolean>;
    }
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
      // A field named like an Object member ('toString') would find Object's in a body that lacks it:
      // such a schema always gets a copy without a prototype.
      alwaysCopy: Object.keys(shape).some((k) => k in Object.prototype),
      seen: new Map(),
    };
  } else binding = { kind: 'other' };
  bindings.set(schema, binding);
  return binding;
}

/**
 * The value with its keys spelled as the schema spells them. Copy on write: a body already spelled so
 * (the web app's, e.g. a 78 KB submission of hundreds of objects) comes back as it is, without a copy
 * of every object and array, which with its garbage was about a fifth of a submission's CPU.
 */
export function bindKeys(schema: AnyZod, value: unknown): unknown {
  const binding = bindingOf(schema);
  if (binding.kind === 'array' && Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const bound = bindKeys(binding.element, item);
      if (bound !== item && !out) out = value.slice(0, i);
      if (out) out.push(bound);
    }
    return out ?? value;
  }
  if (binding.kind === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return bindObject(binding, value as Record<string, unknown>);
  }
  return value;
}

type ObjectBinding = Extract<Binding, { kind: 'object' }>;

/** The object itself when no key needs renaming and no field's value changed; otherwise a copy. */
function bindObject(binding: ObjectBinding, value: Record<string, unknown>): unknown {
  if (binding.alwaysCopy) return copyObject(binding, value);
  const { shape } = binding;
  let changed: Map<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(shape, key)) {
      const item = value[key];
      const bound = bindKeys(shape[key] as AnyZod, item);
      if (bound !== item) {
        changed ??= new Map();
        changed.set(key, bound);
      }
    } else if (key === '__proto__' || bindsToField(binding, key)) {
      // A key to rename, or an own '__proto__' that only a copy without a prototype keeps harmless.
      return copyObject(binding, value);
    }
  }
  if (!changed) return value;
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) out[key] = changed.has(key) ? changed.get(key) : value[key];
  return out;
}

/**
 * Keys the caller sends per object (a submitted question's caption, text and the like) whose
 * lower case is a field's: remembered per schema rather than lower-cased for each of the hundreds of
 * objects of a submission. Capped, since the keys are the caller's.
 */
const SEEN_KEYS_MAX = 2_000;

function bindsToField(binding: ObjectBinding, key: string): boolean {
  let binds = binding.seen.get(key);
  if (binds === undefined) {
    binds = binding.byLower.has(key.toLowerCase());
    if (binding.seen.size < SEEN_KEYS_MAX) binding.seen.set(key, binds);
  }
  return binds;
}

function copyObject(binding: ObjectBinding, value: Record<string, unknown>): Record<string, unknown> {
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
