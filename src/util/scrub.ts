// Removes secret values from everything trialgate writes: logs, reports, verdicts, results, comments.
// Which values are secret is src/secrets.ts's to say.

export const REDACTED = '***';

/** Shorter values are not scrubbed: replacing every "ab" would destroy the evidence, not protect it. */
export const MIN_SECRET_LENGTH = 4;

/** The secret values of a run and every spelling of them that may reach a file. */
export class Scrubber {
  /** Each value, its lines, and their JSON- and URL-encoded spellings; longest first. */
  readonly patterns: readonly string[];
  private readonly buffers: readonly Buffer[];

  constructor(values: Iterable<string>) {
    const patterns = new Set<string>();
    for (const value of values) {
      for (const form of [value, ...value.split(/\r?\n/)]) {
        if (form.length < MIN_SECRET_LENGTH) continue;
        patterns.add(form);
        patterns.add(JSON.stringify(form).slice(1, -1));
        patterns.add(encodeURIComponent(form));
      }
    }
    this.patterns = [...patterns].sort((a, b) => b.length - a.length);
    this.buffers = this.patterns.map((p) => Buffer.from(p, 'utf8'));
  }

  static readonly none = new Scrubber([]);

  /** A scrubber for these values and this one's. */
  with(values: Iterable<string>): Scrubber {
    return new Scrubber([...this.patterns, ...values]);
  }

  text(text: string): string {
    let out = text;
    for (const pattern of this.patterns) if (out.includes(pattern)) out = out.split(pattern).join(REDACTED);
    return out;
  }

  /** Byte-wise, so binary files stay intact apart from the replaced bytes. */
  bytes(data: Buffer): Buffer {
    let out = data;
    for (const pattern of this.buffers) out = replaceAll(out, pattern, REDACTED_BYTES);
    return out;
  }
}

const REDACTED_BYTES = Buffer.from(REDACTED);

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
