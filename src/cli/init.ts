// `trialgate init`: a working starter in the user's repository, validated at once by `trialgate validate`.
import { appendFile, cp, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { listFiles } from '../util/files.ts';
import { parseCommand } from './args.ts';
import { INIT } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { displayPath, packageRoot } from './paths.ts';


/** Where the starter's fixture acceptor finds its node:test reporter. */
const REPORTER_TARGET = 'fixtures/tally/acceptance/trialgate-reporter.mjs';

export async function runInitCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(INIT, argv, io);
  if (typeof parsed === 'number') return parsed;
  const target = resolve(io.cwd, parsed.positionals[0] ?? '.');
  const starter = join(packageRoot(), 'templates', 'starter');
  const files = [...(await listFiles(starter)).map((f) => ({ from: join(starter, f), to: f })), { from: join(packageRoot(), 'reporters', 'node-test.mjs'), to: REPORTER_TARGET }];

  const existing = [];
  for (const { to } of files) if (await stat(join(target, to)).catch(() => null)) existing.push(to);
  if (existing.length && !parsed.values.force) {
    io.stderr(`trialgate init: these files exist in ${displayPath(target, io.cwd) || '.'} and would be overwritten:\n${existing.map((f) => `  ${f}`).join('\n')}\nrun with --force to overwrite them, or init into another directory\n`);
    return EXIT.usage;
  }
  for (const { from, to } of files) {
    await mkdir(dirname(join(target, to)), { recursive: true });
    await cp(from, join(target, to));
  }
  const ignored = await ignoreRunDirectories(target);

  const where = relative(io.cwd, target) || '.';
  const cd = where === '.' ? '' : `cd ${where} && `;
  io.stdout(
    [
      `trialgate init: wrote a starter into ${where}:`,
      ...files.map(({ to }) => `  ${to}`),
      ignored ? '  .gitignore (ignores .trialgate/, where runs go)' : '  (.gitignore already ignores .trialgate/)',
      '',
      'next:',
      `  ${cd}npx trialgate validate fixtures/tally   # the acceptor tells the correct service from its defect`,
      `  ${cd}npx trialgate run                       # the trial set: the stand-in agent, 3 trials`,
      '  then edit agent/prompt.md, run again, and `npx trialgate compare --base OLD/results.json --head NEW/results.json`',
      '  docs: docs/first-task.md in the trialgate repository; commit, push, and the workflows gate your pull requests',
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}

/** `.trialgate/` holds local runs: add it to .gitignore unless it is there. Returns whether it was added. */
async function ignoreRunDirectories(target: string): Promise<boolean> {
  const path = join(target, '.gitignore');
  const text = await readFile(path, 'utf8').catch(() => '');
  if (/^\/?\.trialgate\/?$/m.test(text)) return false;
  await appendFile(path, `${text && !text.endsWith('\n') ? '\n' : ''}# trialgate: local run directories\n.trialgate/\n`);
  return true;
}
