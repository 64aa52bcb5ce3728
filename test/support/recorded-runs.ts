// Runs of a test trial set (trialset.ts) as `trialgate run` leaves them, recorded once per suite run
// (recorded.ts): a test that needs a base run, a failed trial to repair or results to compare starts from
// its own copy of the shared recording instead of running the trials again. A test of what `run` itself
// does still runs it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import { Results } from '../../src/schemas/results.ts';
import { captureIo } from './io.ts';
import { copyOf, recorded, withContentOf } from './recorded.ts';
import { writeTrialSet, type TrialSetOptions } from './trialset.ts';

export interface RecordedRun {
  /** The project the trial set is in (the copy's). */
  project: string;
  config: string;
  /** The run directory: results.json, the reports and every trial directory. */
  runDir: string;
  resultsPath: string;
  results: Results;
  /** What `trialgate run` printed when the run was recorded. */
  out: string;
  err: string;
}

/**
 * The caller's own copy of a run of the trial set `writeTrialSet(options)` writes, run as
 * `trialgate run --config … --out … ${args}`: recorded the first time the suite run asks for it.
 */
export async function recordedRun(options: TrialSetOptions = {}, args: string[] = []): Promise<RecordedRun> {
  const recording = await recorded({ run: withContentOf(options, ['fixture']), args }, async (dir) => {
    await mkdir(join(dir, 'project'));
    const config = await writeTrialSet({ ...options, dir: join(dir, 'project') });
    const io = captureIo(join(dir, 'project'));
    const code = await main(['run', '--config', config, '--out', join(dir, 'run'), ...args], io);
    if (code !== 0) throw new Error(`the recorded run of ${JSON.stringify(options)} exited ${code}:\n${io.out}${io.err}`);
    await writeFile(join(dir, 'printed.json'), JSON.stringify({ out: io.out, err: io.err }));
  });
  const copy = await copyOf(recording);
  const project = join(copy, 'project');
  const runDir = join(copy, 'run');
  const resultsPath = join(runDir, 'results.json');
  const results = Results.parse(JSON.parse(await readFile(resultsPath, 'utf8')));
  const printed = JSON.parse(await readFile(join(recording, 'printed.json'), 'utf8')) as { out: string; err: string };
  return { project, config: join(project, 'trialgate.yml'), runDir, resultsPath, results, ...printed };
}
