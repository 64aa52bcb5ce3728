// Secret values (the token, the runner's tokens and the variables named by `secret-env`) never reach the
// agent log, the comment or the artefact. Values are also masked in the runner's log via core.setSecret.
import { readFile, writeFile } from 'node:fs/promises';
import { setSecret } from '@actions/core';
import { heldTokens, MIN_SECRET_LENGTH, Scrubber } from '../util/scrub.ts';

export interface SecretSet {
  scrubber: Scrubber;
  /** Named variables that are unset or empty (nothing to scrub; worth a warning). */
  unset: string[];
  /** Named variables whose value is too short to scrub safely. */
  tooShort: string[];
}

/** Collect what to scrub from `names` in `env`, plus the token and every token the runner holds. Pure. */
export function collectSecrets(names: readonly string[], env: Readonly<Record<string, string | undefined>>, token?: string): SecretSet {
  const unset: string[] = [];
  const tooShort: string[] = [];
  const values: string[] = [...(token ? [token] : []), ...heldTokens(env)];
  for (const name of names) {
    const value = env[name];
    if (!value) unset.push(name);
    else if (value.length < MIN_SECRET_LENGTH) tooShort.push(name);
    else values.push(value);
  }
  return { scrubber: new Scrubber(values), unset, tooShort };
}

/** `text` with every secret pattern replaced by ***. Pure. */
export function scrub(text: string, secrets: SecretSet): string {
  return secrets.scrubber.text(text);
}

/** Scrub files in place, byte-wise (binary files stay intact apart from the replaced bytes). Returns the files changed. */
export async function scrubFiles(files: readonly string[], secrets: SecretSet): Promise<string[]> {
  const changed: string[] = [];
  for (const file of files) {
    const original = await readFile(file);
    const data = secrets.scrubber.bytes(original);
    if (data !== original) {
      await writeFile(file, data);
      changed.push(file);
    }
  }
  return changed;
}

/** Ask the runner to mask every secret pattern in its own log. */
export function maskSecrets(secrets: SecretSet): void {
  for (const pattern of secrets.scrubber.patterns) setSecret(pattern);
}
