// `trialgate calibrate`: the model judge against the labelled sets, agreement per item, the record runs
// gate by, and the disagreements for review.
import { resolve } from 'node:path';
import { markdownTable } from 'markdown-table';
import { secretsOf, trialSetSources } from '../secrets.ts';
import { calibrate } from '../semantic/calibrate.ts';
import { loadTrialSet } from '../trial/trialset.ts';
import { parseCommand } from './args.ts';
import { CALIBRATE } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { displayPath } from './paths.ts';

export async function runCalibrateCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(CALIBRATE, argv, io);
  if (typeof parsed === 'number') return parsed;
  const values = parsed.values as { config?: string; task?: string[]; item?: string[]; disagreements?: string };
  const set = await loadTrialSet(resolve(io.cwd, values.config ?? 'trialgate.yml'));
  const run = await calibrate({
    set: {
      file: set.file,
      dir: set.dir,
      judge: set.config.judge,
      tasks: set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge, kind: t.kind })),
    },
    ...(values.task ? { tasks: values.task } : {}),
    ...(values.item ? { items: values.item } : {}),
    ...(values.disagreements ? { disagreementsPath: resolve(io.cwd, values.disagreements) } : {}),
    scrubber: secretsOf(trialSetSources(set)).scrubber,
  });
  const pct = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);
  const kappa = (x: number | null) => (x === null ? 'undefined' : x.toFixed(2));
  const rows = run.items.map(({ record: r, gating, errors }) => [
    r.task,
    r.item,
    String(r.n),
    pct(r.accuracy),
    kappa(r.kappa),
    String(r.n - r.agree),
    errors.length ? `not recorded: ${errors.length} not answered` : gating.gated ? 'gates' : `not gated, because ${gating.why}`,
  ]);
  io.stdout(`${markdownTable([['task', 'item', 'labels', 'accuracy', 'κ', 'disagreements', 'gate'], ...rows])}\n`);
  for (const task of run.skipped) io.stdout(`\n${task}: no labelled set (judge.labels): its items cannot be calibrated and are never gated\n`);
  for (const item of run.items) for (const error of item.errors) io.stderr(`${item.record.task} · ${item.record.item}: ${error}\n`);
  io.stdout(
    `\nrecord: ${displayPath(run.recordPath, io.cwd)}\ndisagreements: ${displayPath(run.disagreementsPath, io.cwd)} (${run.disagreements.length})\njudge tokens: ${run.tokens}\n`,
  );
  if (run.items.some((i) => i.errors.length > 0)) return EXIT.usage;
  return run.items.every((i) => i.gating.gated) ? EXIT.ok : EXIT.failed;
}
