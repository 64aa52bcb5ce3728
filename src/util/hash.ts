// Content hashes that bind evidence to versions (docs/results.md).
import { createHash } from 'node:crypto';

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * One hash over named parts (file path → content hash), independent of the order they were found in.
 * An empty set hashes to the hash of the empty string, so "no files" is a stable, checkable value.
 */
export function sha256Manifest(parts: Readonly<Record<string, string>>): string {
  const lines = Object.keys(parts)
    .sort()
    .map((name) => `${parts[name]}  ${name}\n`);
  return sha256(lines.join(''));
}

/** What differs between two hash manifests of the same files, one line each ("changed x", "added y", "deleted z"). */
export function manifestChanges(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const [file, hash] of Object.entries(before)) {
    if (!(file in after)) out.push(`deleted ${file}`);
    else if (after[file] !== hash) out.push(`changed ${file}`);
  }
  for (const file of Object.keys(after)) if (!(file in before)) out.push(`added ${file}`);
  return out;
}

/** The first `shown` of `changes`, and how many more there are: a change named in one line. */
export function firstChanges(changes: readonly string[], shown = 3): string[] {
  return changes.length > shown ? [...changes.slice(0, shown), `${changes.length - shown} more`] : [...changes];
}
