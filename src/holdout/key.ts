// The holdout key and the pseudonyms made with it. A holdout task is compared across runs by a name that is
// the same wherever the same key is used (so base and head match) and that nobody without the key can
// compute (so a reader of the public results cannot test guesses of task or check names against it):
// HMAC-SHA256 of the name under the key. The key comes from the variable the trial set names; without it a
// run makes a key of its own, and its holdout tasks then compare with no other run's.
import { createHmac, randomBytes } from 'node:crypto';
import { checkKind } from '../compare/checks.ts';
import type { HoldoutRecord } from '../schemas/holdout.ts';
import { UserInputError } from '../util/errors.ts';

/** Shorter keys are refused: a key must not be guessable by trying. */
export const MIN_KEY_LENGTH = 16;

/** Kinds of check whose prefix decides how the comparison treats them: kept, with the name after it replaced. */
const KEPT_PREFIXES = new Set(['detect', 'constraint', 'tool', 'judge']);

export class HoldoutKey {
  private constructor(
    private readonly secret: Buffer,
    readonly source: HoldoutRecord['key'],
  ) {}

  /** The key from `env[name]`, else one for this run alone. A value too short to be secret is the user's to fix. */
  static fromEnvironment(name: string, env: Readonly<Record<string, string | undefined>>, file: string): HoldoutKey {
    const value = env[name];
    if (!value) return new HoldoutKey(randomBytes(32), 'run');
    if (value.length < MIN_KEY_LENGTH)
      throw new UserInputError(
        file,
        'holdout.key_env',
        `${name} holds ${value.length} characters; a holdout key needs at least ${MIN_KEY_LENGTH} (e.g. openssl rand -hex 32)`,
      );
    return new HoldoutKey(Buffer.from(value, 'utf8'), 'configured');
  }

  /** The value to scrub from everything written (empty for a run's own key, which never leaves the process). */
  get scrubbed(): string[] {
    return this.source === 'configured' ? [this.secret.toString('utf8')] : [];
  }

  /** What results.json records: runs compare their holdout tasks only when these are equal. */
  record(): HoldoutRecord {
    return { key: this.source, key_id: this.mac('key id').slice(0, 16) };
  }

  /** A holdout task's name in everything public: `holdout-` and 12 hex digits. */
  task(id: string): string {
    return `holdout-${this.mac('task', id).slice(0, 12)}`;
  }

  /**
   * A check of a holdout task, as public: `pass` and `env` as they are (every task has them); a detection,
   * constraint, tool boundary or judge item keeps its kind (gating depends on it), its name replaced; any other
   * check becomes `check-<hex>`. Keyed by task too: the same fault in two tasks gets two names.
   */
  check(taskId: string, check: string): string {
    const kind = checkKind(check);
    if (kind === 'pass' || kind === 'env') return check;
    const name = this.mac('check', taskId, check).slice(0, 12);
    return KEPT_PREFIXES.has(kind) ? `${kind}:${name}` : `check-${name}`;
  }

  /** A value that defines the measurement (fixture hash, acceptor version, a check's version): equal in, equal out. */
  value(what: string, value: string): string {
    return `keyed:${this.mac('value', what, value).slice(0, 32)}`;
  }

  private mac(...parts: string[]): string {
    return createHmac('sha256', this.secret)
      .update(['trialgate holdout', ...parts].join('\0'))
      .digest('hex');
  }
}
