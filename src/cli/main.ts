// The `trialgate` command line: a thin front end over the engine, one module per command.
import { UserInputError, EnvironmentError } from '../util/errors.ts';
import { EXIT, processIo, type Io } from './io.ts';
import { runCompareCli } from './compare.ts';
import { runJudgeCli } from './judge.ts';
import { runReportCli } from './report.ts';
import { runRunCli } from './run.ts';
import { runDemoCli, runValidateCli } from './validate.ts';

const COMMANDS: Record<string, { run: (argv: string[], io: Io) => Promise<number>; help: string }> = {
  demo: { run: runDemoCli, help: 'validate the built-in inventory acceptor against its three defects' },
  validate: { run: runValidateCli, help: '<fixture>  run the reference answers against the correct service and every defect' },
  run: { run: runRunCli, help: '[--config trialgate.yml] [--out DIR] [--trials K] [--task ID…]  run the trial set' },
  compare: { run: runCompareCli, help: '--base B [--base B2 …] --head H [--policy P] [--html F]  per-task regressions and the gate' },
  report: { run: runReportCli, help: 'results.json [--out F]  the markdown of one run' },
  judge: { run: runJudgeCli, help: 'REPORT.json…  print `fault verdict` per report' },
};

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    if (name && name !== '--help' && name !== 'help') io.stderr(`trialgate: unknown command ${JSON.stringify(name)}\n\n`);
    io.stderr(usage());
    return name === '--help' || name === 'help' ? EXIT.ok : EXIT.usage;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UserInputError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`trialgate ${name}: ${(e as Error).message}\n`);
      return EXIT.usage;
    }
    if (e instanceof EnvironmentError) {
      io.stderr(`trialgate ${name}: environment error: ${e.message}\n  (${e.rule})\n`);
      return EXIT.usage;
    }
    throw e;
  }
}

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return ['usage: trialgate <command> [options]', '', ...Object.entries(COMMANDS).map(([c, { help }]) => `  ${c.padEnd(width)}  ${help}`), ''].join('\n');
}
