// Secret values (the token and the variables named by `secret-env`) never reach the agent log, the
// comment or the artefact. Values are also masked in the runner's log via core.setSecret.
import { readFile, writeFile } from 'node:fs/promises';
import { setSecret } from '@actions/core';
import { MIN_SECRET_LENGTH, REDACTED, scrubSecrets } from '../util/scrub.ts';


export interface SecretSet {
  /** The forms to scrub: each value, its lines, and its JSON- and URL-encoded spellings; longest first. */
  patterns: string[];
  /** Named variables that are unset or empty (nothing to scrub; worth a warning). */
  unset: string[];
  /** Named variables whose value is too short to scrub safely. */
  tooShort: string[];
}

/** Collect what to scrub from `names` in `env`, plus the token. Pure. */
export function collectSecrets(names: readonly string[], env: Readonly<Record<string, string | undefined>>, token?: string): SecretSet {
  const unset: string[] = [];
  const tooShort: string[] = [];
  const values: string[] = token ? [token] : [];
  for (const name of names) {
    const value = env[name];
    if (!value) unset.push(name);
    else if (value.length < MIN_SECRET_LENGTH) tooShort.push(name);
    else values.push(value);
  }
  const patterns = new Set<string>();
  for (const value of values) {
    for (const form of [value, ...value.split(/\r?\n/)]) {
      if (form.length < MIN_SECRET_LENGTH) continue;
      patterns.add(form);
      patterns.add(JSON.stringify(form).slice(1, -1));
      patterns.add(encodeURIComponent(form));
    }
  }
  return { patterns: [...patterns].sort((a, b) => b.length - a.length), unset, tooShort };
}

/** `text` with every secret pattern replaced by ***. Pure. */
export function scrub(text: string, secrets: SecretSet): string {
  return scrubSecrets(text, secrets.patterns);
}

/** Scrub files in place, byte-wise (binary files stay intact apart from the replaced bytes). Returns the files changed. */
export async function scrubFiles(files: readonly string[], secrets: SecretSet): Promise<string[]> {
  const changed: string[] = [];
  const patterns = secrets.patterns.map((p) => Buffer.from(p, 'utf8'));
  const redacted = Buffer.from(REDACTED);
  for (const file of files) {
    const original = await readFile(file);
    let data: Buffer = original;
    for (const pattern of patterns) data = replaceAll(data, pattern, redacted);
    if (data !== original) {
      await writeFile(file, data);
      changed.push(file);
    }
  }
  return changed;
}

/** Ask the runner to mask every secret pattern in its own log. */
export function maskSecrets(secrets: SecretSet): void {
  for (const pattern of secrets.patterns) setSecret(pattern);
}

function replaceAll(data: Buffer, pattern: Buffer, replacement: Buffer): Buffer {
  let at = data.indexOf(pattern);
  if (at < 0) return data;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    parts.push(data.subarray(from, at), replacement);
    from = at + pattern.length;
    at = data.indexOf(pattern, from);
  }
  parts.push(data.subarray(from));
  return Buffer.concat(parts);
}
