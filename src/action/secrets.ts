// Secret values (the token, the runner's tokens, the variables named by `secret-env` and every variable the
// trial set passes on or keys its judge with) never reach the agent log, the comment or the artefact. Which
// values those are is src/secrets.ts's to say; here they are also masked in the runner's log (core.setSecret).
import { setSecret } from '@actions/core';
import { secretsOf, type SecretSet, type SecretSources } from '../secrets.ts';
import { readRegularFile } from '../util/files.ts';
import { writeNamedFile } from '../util/safe-write.ts';
import type { ActionInputs } from './inputs.ts';

export type { SecretSet };

/** The action's secrets: its token and the variables `secret-env` names, besides what the trial set names. */
export function actionSecrets(
  inputs: Pick<ActionInputs, 'secretEnv' | 'githubToken'>,
  set: SecretSources,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SecretSet {
  return secretsOf({ ...set, names: inputs.secretEnv, values: [inputs.githubToken] }, env);
}

/** `text` with every secret pattern replaced by ***. Pure. */
export function scrub(text: string, secrets: SecretSet): string {
  return secrets.scrubber.text(text);
}

/** Scrub files in place, byte-wise (binary files stay intact apart from the replaced bytes). Returns the files changed. */
export async function scrubFiles(files: readonly string[], secrets: SecretSet): Promise<string[]> {
  const changed: string[] = [];
  for (const file of files) {
    // Listed as regular files; read and rewritten without following a link that took one's place since.
    const original = (await readRegularFile(file, Number.MAX_SAFE_INTEGER))!;
    const data = secrets.scrubber.bytes(original);
    if (data !== original) {
      await writeNamedFile(file, data);
      changed.push(file);
    }
  }
  return changed;
}

/** Ask the runner to mask every secret pattern in its own log. */
export function maskSecrets(secrets: SecretSet): void {
  for (const pattern of secrets.scrubber.patterns) setSecret(pattern);
}
