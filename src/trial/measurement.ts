// What measures a run, as opposed to what it measures (docs/comparison.md#what-a-pull-request-may-change):
// the settings of the trial set that decide how the agent's work is judged and what the agent may see,
// recorded in every results.json so that a pull request's gate can hold its own against the base's. The
// fixtures themselves (acceptors, defects, reference answers, hidden tests) are each task's fixture hash;
// what is under test (the prompt and skill files' content, the agent's command, model and scripts) is
// never here. A flat map of field → value, so that a newer trialgate adds fields an older base simply lacks.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { unprotectedDefinition } from '../fixture/load.ts';
import type { AcceptanceSpec } from '../schemas/acceptance.ts';
import type { TaskJudge } from '../schemas/judge.ts';
import { labelledSetSha } from '../semantic/labels.ts';
import { manifestChanges } from '../util/hash.ts';
import type { TrialSet } from './trialset.ts';

export type Measurement = Record<string, string>;

/** The measurement of `set` as a run with these overrides records it. */
export async function measurementOf(set: TrialSet, overrides: { isolation?: string } = {}): Promise<Measurement> {
  const { config } = set;
  const project = (path: string) => relative(set.dir, resolve(set.dir, path)) || '.';
  const out: Measurement = {
    trials: String(config.trials),
    'agent.isolation': overrides.isolation ?? config.agent.isolation,
    'agent.network': config.agent.network,
    // What of the agent's output is judged: a judge item's agent.log is read from the capped log, so a smaller
    // cap hides it (a claim of success, constraint:claims-backed, is read from the whole output).
    'agent.log_cap_bytes': String(config.agent.log_cap_bytes),
    // Where constraint:claims-backed reads a claim of success: a base run that read it from the capped log alone
    // missed a claim past the cap, so its passes are not this ruler's (recorded from the trialgate that reads all).
    'agent.claims_read_from': 'all of the output',
    'agent.files': config.agent.files.map(project).sort().join(', ') || 'none',
    watch: [...config.watch].sort().join(', ') || 'none',
    limits: `candidate_mb ${config.limits.candidate_mb}, candidate_files ${config.limits.candidate_files}`,
    judge: config.judge ? await judgeOf(set) : 'none',
    holdout: config.holdout ? digest(JSON.stringify(config.holdout)) : 'none',
  };
  const holdout: string[] = [];
  const holdoutAcceptors: string[] = [];
  const holdoutUnprotected: string[] = [];
  for (const task of set.tasks) {
    const spec = task.spec;
    const fields: [string, string][] = [
      ['set', spec.set],
      ['acceptance', task.kind.name],
      ['faults', Object.keys(task.faults).sort().join(', ') || 'none'],
      ['watch', [...spec.watch].sort().join(', ') || 'none'],
      ['agent.files', (spec.agent?.files ?? []).map(project).sort().join(', ') || 'none'],
      ['judge', spec.judge ? await taskJudgeOf(set.dir, spec.judge) : 'none'],
    ];
    // Named in trialgate.yml, the acceptor's settings are in no fixture hash, and its version is its command alone:
    // its env, timeout or expose_fault would judge the same candidate otherwise. Named in fixture.json, the hash has
    // them. A field of its own (for a holdout task, a digest of its own), so a base recorded before it compares as before.
    const acceptor = spec.acceptance ? acceptanceSettings(spec.acceptance) : 'the fixture’s own (in its hash)';
    // What defines the task but the fixture's protected globs leave out of its hash (its manifest, task.txt, inputs/).
    const unprotected = filesRead(await unprotectedDefinition(task.fixture));
    // A holdout task's id is withheld: its settings count only as one digest of them all.
    if (spec.set === 'holdout') {
      holdout.push(`${spec.id}:${JSON.stringify(fields)}`);
      holdoutAcceptors.push(`${spec.id}:${acceptor}`);
      holdoutUnprotected.push(`${spec.id}:${unprotected}`);
    } else {
      for (const [field, value] of fields) out[`tasks.${spec.id}.${field}`] = value;
      out[`tasks.${spec.id}.acceptance.settings`] = acceptor;
      out[`tasks.${spec.id}.fixture.unprotected`] = unprotected;
    }
  }
  if (holdout.length) out['holdout.tasks'] = digest(holdout.sort().join('\n'));
  if (holdoutAcceptors.length) out['holdout.tasks.acceptance.settings'] = digest(holdoutAcceptors.sort().join('\n'));
  if (holdoutUnprotected.length) out['holdout.tasks.fixture.unprotected'] = digest(holdoutUnprotected.sort().join('\n'));
  return out;
}

/**
 * The judge: its model and where it answers (its endpoint or command), its calibration file and the bar an item
 * must meet to gate, what it is shown and how much it may spend. Each decides what a judge item means, and a bar
 * no item meets or a prompt no calibration was made for ungates them all.
 */
async function judgeOf(set: TrialSet): Promise<string> {
  const judge = set.config.judge!;
  const calibration = await readFile(resolve(set.dir, judge.calibration)).catch(() => null);
  return [
    `model ${judge.model}`,
    ...(judge.command ? [`command ${judge.command}`] : []),
    ...(judge.base_url ? [`endpoint ${judge.base_url}`] : []),
    `calibration ${calibration ? digest(calibration) : 'missing'}`,
    `gate κ ≥ ${judge.gate.min_kappa} over ≥ ${judge.gate.min_labels} labels`,
    `files cut at ${judge.max_file_chars} characters`,
    ...(judge.max_tokens === undefined ? [] : [`at most ${judge.max_tokens} tokens`]),
  ].join('; ');
}

/**
 * A task's judge items (each item's question and what it is shown: its check's meaning) and the labelled set
 * they are calibrated against. Reworded, removed or relabelled, an item the base gated would be ungated on the
 * head ("not the same measurement") and its loss pass unseen.
 */
async function taskJudgeOf(dir: string, judge: TaskJudge): Promise<string> {
  const items = judge.items.map((item) => `${item.id} ${digest(JSON.stringify([item.question, item.candidate, item.evidence]))}`).sort();
  const labels =
    judge.labels === undefined
      ? 'none'
      : await labelledSetSha(resolve(dir, judge.labels)).then(
          (sha) => sha.slice(0, 12),
          () => 'missing',
        );
  return `items ${items.join(', ')}; labels ${labels}`;
}

/** Files as a maintainer reads a change of them: each with its hash's first digits, or, past SHOWN_FILES, how many and one digest. */
function filesRead(files: Record<string, string>): string {
  const names = Object.keys(files).sort();
  if (names.length === 0) return 'none';
  if (names.length > SHOWN_FILES) return `${names.length} files (${digest(names.map((name) => `${files[name]}  ${name}`).join('\n'))})`;
  return names.map((name) => `${name} ${files[name]!.slice(0, 12)}`).join(', ');
}

/** Past this many files, a list of them would bury the change: they count as one digest. */
const SHOWN_FILES = 12;

/** A task's own acceptor settings as a maintainer reads them: every field but its kind (recorded beside), keys sorted. */
function acceptanceSettings(acceptance: AcceptanceSpec): string {
  const { kind: _kind, ...settings } = acceptance;
  return Object.keys(settings).length ? stableJson(settings) : 'none';
}

/** JSON with every object's keys sorted, so the same settings always read the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function digest(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 12);
}

/** The fields whose values differ between a base run's measurement and the head's; a field either lacks is not compared. */
export function measurementChanges(base: Measurement, head: Measurement): { what: string; base: string; head: string }[] {
  return Object.keys(head)
    .filter((field) => field in base && base[field] !== head[field])
    .map((field) => ({ what: field, ...valueChange(base[field]!, head[field]!) }));
}

/** Two values of a field, as a reader compares them: two lists of files (filesRead) name the files that changed. */
function valueChange(base: string, head: string): { base: string; head: string } {
  const [was, is] = [filesOf(base), filesOf(head)];
  if (!was || !is) return { base, head };
  const changed = manifestChanges(was, is);
  const before = Object.keys(was).filter((file) => file in is === false || was[file] !== is[file]);
  return { base: before.map((file) => `${file} ${was[file]}`).join(', ') || 'none of them', head: changed.join(', ') };
}

/** A value filesRead wrote as a list ('path hash, …'), or null. */
function filesOf(value: string): Record<string, string> | null {
  if (value === 'none') return {};
  const entries = value.split(', ').map((entry) => /^(\S+) ([0-9a-f]{12})$/.exec(entry));
  return entries.every(Boolean) ? Object.fromEntries(entries.map((m) => [m![1]!, m![2]!])) : null;
}
