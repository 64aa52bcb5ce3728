// JSON text written piece by piece, for documents too large to hold at once (results.json of thousands of
// trials): exactly what JSON.stringify(value, null, 2) writes, except that an array given as `lazy(items)`
// is produced item by item as the text is consumed.

const LAZY = Symbol('lazy JSON array');

interface LazyArray {
  [LAZY]: Iterable<unknown>;
}

/** An array whose items are produced only while its JSON is written. */
export function lazy(items: Iterable<unknown>): LazyArray {
  return { [LAZY]: items };
}

const isLazy = (value: unknown): value is LazyArray => typeof value === 'object' && value !== null && LAZY in value;

function holdsLazy(value: unknown): boolean {
  if (isLazy(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(holdsLazy);
}

const pad = (depth: number) => '  '.repeat(depth);
const indented = (text: string, depth: number) => (depth ? text.replaceAll('\n', `\n${pad(depth)}`) : text);

/** The pieces of `JSON.stringify(value, null, 2)`, lazy arrays produced as they are reached. */
export function* jsonPieces(value: unknown, depth = 0): Generator<string> {
  if (!holdsLazy(value)) {
    yield indented(JSON.stringify(value, null, 2), depth);
    return;
  }
  const inner = pad(depth + 1);
  if (isLazy(value) || Array.isArray(value)) {
    let first = true;
    yield '[';
    for (const item of isLazy(value) ? value[LAZY] : (value as unknown[])) {
      yield `${first ? '' : ','}\n${inner}`;
      // As JSON.stringify: an array item with no JSON form is null.
      yield* item === undefined || typeof item === 'function' || typeof item === 'symbol' ? ['null'] : jsonPieces(item, depth + 1);
      first = false;
    }
    yield first ? ']' : `\n${pad(depth)}]`;
    return;
  }
  let first = true;
  yield '{';
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    // As JSON.stringify: a property with no JSON form is left out.
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    yield `${first ? '' : ','}\n${inner}${JSON.stringify(key)}: `;
    yield* jsonPieces(item, depth + 1);
    first = false;
  }
  yield first ? '}' : `\n${pad(depth)}}`;
}
