// Reads a value at a simple JSON path (`$`, `$.a.b`, `$.a[0]`, `.length` of an array or string).
// Only this subset: a case is data, and its paths must mean the same thing to every reader.

export type Lookup = { found: true; value: unknown } | { found: false };

const SEGMENT = /\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]/g;

export function lookup(root: unknown, path: string): Lookup {
  let value: unknown = root;
  for (const match of path.slice(1).matchAll(SEGMENT)) {
    const [, key, index] = match;
    if (index !== undefined) {
      if (!Array.isArray(value) || Number(index) >= value.length) return { found: false };
      value = value[Number(index)];
    } else if (key === 'length' && (Array.isArray(value) || typeof value === 'string')) {
      value = value.length;
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key!)) {
      value = (value as Record<string, unknown>)[key!];
    } else {
      return { found: false };
    }
  }
  return { found: true, value };
}

/** Structural equality of JSON values (object key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  return ak.length === bk.length && ak.every((k) => Object.hasOwn(b, k) && jsonEqual((a as never)[k], (b as never)[k]));
}
