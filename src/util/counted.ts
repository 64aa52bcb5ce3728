// A count in words, one way everywhere a person reads one: `1 trial`, `2 trials`, `12,000 trials`.

/** `n` with thousands separators (rounded): 12,000. */
export function thousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `n` and the noun in its number: `1 trial`, `3 trials`, `2 patch lines`; `many` for an irregular plural. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${thousands(n)} ${n === 1 ? one : many}`;
}
