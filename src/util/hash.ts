// Content hashes that bind evidence to versions (shared/DESIGN.md §1.6).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256File(path: string): Promise<string> {
  return sha256(await readFile(path));
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
