// `trialgate repair <run-dir>/<task>/trial-NNN`: a human repair of one trial's candidate, reported apart.
import { resolve } from 'node:path';
import type { IsolationSetting } from '../isolation/open.ts';
import { saveCommittedRepair } from '../repair/committed.ts';
import { abortRepair, finishRepair, repairTarget, startRepair } from '../repair/repair.ts';
import { writeRunReports } from '../report/reporters.ts';
import { secretsOf, trialSetSources } from '../secrets.ts';
import { loadTrialSet } from '../trial/trialset.ts';
import { UserInputError } from '../util/errors.ts';
import { readInside } from '../util/files.ts';
import { MAX_MINUTES } from '../util/plausible.ts';
import { parseCommand } from './args.ts';
import { REPAIR } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { displayPath } from './paths.ts';
import { plural } from '../util/counted.ts';

export async function runRepairCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(REPAIR, argv, io);
  if (typeof parsed === 'number') return parsed;
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const target = await repairTarget(resolve(io.cwd, parsed.positionals[0]!));
  if (values.abort) {
    await abortRepair(target);
    io.stdout(`discarded the repair of ${displayPath(target.trialDir, io.cwd)}\n`);
    return EXIT.ok;
  }
  if (!values.done) {
    const copy = await startRepair(target);
    io.stdout(
      `edit the copy in ${displayPath(copy, io.cwd)} (the delivered candidate stays as it was); the clock is running.\nthen: trialgate repair ${parsed.positionals[0]} --done [--note "…"] [--confirming-minutes M] [--save]\n`,
    );
    return EXIT.ok;
  }
  const set = await loadTrialSet(resolve(io.cwd, (values.config as string | undefined) ?? 'trialgate.yml'));
  const task = set.tasks.find((t) => t.spec.id === target.task.id);
  if (!task) throw new UserInputError(set.file, 'tasks', `has no task ${target.task.id}: pass the trial set the run came from with --config`);
  const repair = await finishRepair(target, {
    task,
    ...(values.minutes === undefined ? {} : { minutes: minutesOf('--minutes', values.minutes as string) }),
    ...(values['confirming-minutes'] === undefined ? {} : { confirmingMinutes: minutesOf('--confirming-minutes', values['confirming-minutes'] as string) }),
    ...(values.note ? { note: values.note as string } : {}),
    ...(values.isolation ? { isolation: values.isolation as IsolationSetting } : {}),
    outputs: writeRunReports,
    scrubber: secretsOf(trialSetSources(set)).scrubber,
  });
  io.stdout(
    `repair of ${target.task.id} trial ${target.trial.trial}: ${repair.outcome} after repair (raw: ${target.trial.outcome}); ${repair.minutes} min, ${plural(repair.patch_lines, 'patch line')} in ${plural(repair.patch_files, 'file')}\n`,
  );
  for (const failure of repair.failures) io.stdout(`  - ${failure}\n`);
  if (values.save) {
    // The patch is the one just written below the trial; the delivered hash is checked where it becomes a file name.
    const patch = readInside(target.runDir, repair.patch, Number.MAX_SAFE_INTEGER)!.toString('utf8');
    const saved = await saveCommittedRepair(set, target.task.id, target.trial.candidate_sha256, patch, repair);
    io.stdout(`saved as ${saved}: commit it, and runs re-apply it to the same candidate\n`);
  }
  return repair.outcome === 'pass' ? EXIT.ok : EXIT.failed;
}

function minutesOf(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > MAX_MINUTES)
    throw new UserInputError(REPAIR.usage, flag, `a number of minutes from 0 to ${MAX_MINUTES}, got ${JSON.stringify(text)}`);
  return n;
}
