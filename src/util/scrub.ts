// Removes secret values from text bound for logs, comments and artefacts.

export const REDACTED = '***';

/** Shorter values are not scrubbed: replacing every "ab" would destroy the evidence, not protect it. */
export const MIN_SECRET_LENGTH = 4;

export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is removed whole.
  for (const secret of [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED);
  }
  return out;
}
