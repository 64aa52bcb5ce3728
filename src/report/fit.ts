// Fitting a markdown document under a length limit (GitHub refuses comments over 65,536 characters)
// by dropping the items of its cuttable sections, in a stated order, and saying what was dropped.
// Items are rendered on demand: with thousands of tasks, most per-task details would only be thrown away.

export interface Cuttable {
  /** How the notice names the items: "per-task details". */
  what: string;
  count: number;
  item(index: number): string;
  /** Text before the first item (heading, table header) and after the last; the section is '' with no item. */
  head: string;
  tail: string;
  /** Between two items. */
  separator: string;
  /** Said after the items kept when some were cut, in their place: how many were left out. */
  rest?: (omitted: number) => string;
}

export interface Cut {
  what: string;
  kept: number;
  total: number;
}

/** Where the notice of what was cut goes in the document. */
export const NOTICE = Symbol('notice');

export type Piece = string | Cuttable | typeof NOTICE;

const JOIN = '\n\n';

/**
 * The document with as many items kept as fit in `maxChars`: a section of `cutOrder` keeps an item
 * only when every later section is whole. null when the pieces that cannot be cut are too long alone:
 * the caller decides what gives way then, never a cut through the middle of the text.
 */
export function fitDocument(pieces: readonly Piece[], cutOrder: readonly Cuttable[], maxChars: number, notice: (cuts: Cut[]) => string): string | null {
  const items = new Map<Cuttable, string[]>();
  /** Per section: the summed length of its first i items, at index i. */
  const prefix = new Map<Cuttable, number[]>();
  const keep = new Map<Cuttable, number>();
  const setKeep = (c: Cuttable, n: number): void => {
    const list = items.get(c) ?? [];
    const sums = prefix.get(c) ?? [0];
    items.set(c, list);
    prefix.set(c, sums);
    while (list.length < n) {
      const text = c.item(list.length);
      list.push(text);
      sums.push(sums[sums.length - 1]! + text.length);
    }
    keep.set(c, n);
  };
  const cuts = (): Cut[] => cutOrder.filter((c) => keep.get(c)! < c.count).map((c) => ({ what: c.what, kept: keep.get(c)!, total: c.count }));
  const sectionLength = (c: Cuttable): number => {
    const n = keep.get(c)!;
    return n === 0 ? 0 : c.head.length + prefix.get(c)![n]! + (n - 1) * c.separator.length + restText(c, n).length + c.tail.length;
  };
  const total = (withNotice = true): number => {
    const current = withNotice ? cuts() : [];
    const lengths = pieces.map((p) => (p === NOTICE ? (current.length > 0 ? notice(current).length : 0) : typeof p === 'string' ? p.length : sectionLength(p)));
    const present = lengths.filter((l) => l > 0);
    return present.reduce((s, l) => s + l, 0) + (present.length - 1) * JOIN.length + 1;
  };

  // Start from every section of the cut order empty, then fill them, the last to be cut first, item by
  // item: an item is made only when it is kept (or is the first that does not fit).
  for (const p of pieces) if (typeof p === 'object') setKeep(p, cutOrder.includes(p) ? 0 : p.count);
  if (total(false) > maxChars) return null;
  fill: for (const section of [...cutOrder].reverse()) {
    for (let n = 1; n <= section.count; n++) {
      setKeep(section, n);
      if (total() > maxChars) {
        setKeep(section, n - 1);
        break fill;
      }
    }
  }
  const current = cuts();
  const text =
    pieces
      .map((p) => {
        if (p === NOTICE) return current.length > 0 ? notice(current) : '';
        if (typeof p === 'string') return p;
        const n = keep.get(p)!;
        return n === 0 ? '' : p.head + items.get(p)!.slice(0, n).join(p.separator) + restText(p, n) + p.tail;
      })
      .filter((t) => t !== '')
      .join(JOIN) + '\n';
  return text.length <= maxChars ? text : null;
}

function restText(c: Cuttable, kept: number): string {
  return c.rest && kept < c.count ? c.rest(c.count - kept) : '';
}
