// "Did you mean …?": the closest of a few known names to a misspelt one, by edit distance.
import { UserInputError } from './errors.ts';

/**
 * The candidate closest to `word`, when it is close enough to be a plausible typo: within `maxEdits`, by
 * default two or a third of the word, whichever is more (a long list, such as every program on a PATH,
 * wants fewer).
 */
export function nearest(word: string, candidates: readonly string[], maxEdits = Math.max(2, Math.floor(word.length / 3))): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= maxEdits ? best : undefined;
}

/** `--task ID` names no task of the trial set `file`: the one it likely meant, and every task's name. */
export function noSuchTask(id: string, names: readonly string[], file: string): UserInputError {
  const meant = nearest(id, names);
  return new UserInputError(`--task ${id}`, `no such task in ${file}`, `${meant ? `did you mean ${meant}? ` : ''}(tasks: ${names.join(', ')})`);
}

/** Levenshtein distance, one row at a time. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The `count` candidates closest to glob patterns (`*` any run of characters): each scored by how few edits
 * its nearest part takes to hold every literal part of a pattern, best pattern counted; ties keep their order.
 */
export function closestToPatterns(patterns: readonly string[], candidates: readonly string[], count: number): string[] {
  const parts = patterns.map((p) => p.split('*').filter(Boolean));
  const score = (candidate: string) => Math.min(...parts.map((chunks) => chunks.reduce((sum, chunk) => sum + substringDistance(chunk, candidate), 0)));
  return candidates
    .map((candidate, i) => ({ candidate, i, d: score(candidate) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, count)
    .map((c) => c.candidate);
}

/** The fewest edits that make `part` occur somewhere in `text` (Levenshtein with a free start and end in text). */
function substringDistance(part: string, text: string): number {
  let previous = Array.from({ length: text.length + 1 }, () => 0);
  for (let i = 1; i <= part.length; i++) {
    const row = [i];
    for (let j = 1; j <= text.length; j++) row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (part[i - 1] === text[j - 1] ? 0 : 1)));
    previous = row;
  }
  return Math.min(...previous);
}
