// The `trialgate` command line: a thin front end over the engine, one module per command.
import { IsolationUnavailable } from '../isolation/sandbox.ts';
import { EnvironmentError, UserInputError } from '../util/errors.ts';
import { nearest } from '../util/nearest.ts';
import { TOOL_VERSION } from '../version.ts';
import { commandHelp, type CommandSpec } from './args.ts';
import { CALIBRATE, COMPARE, DEMO, FAILURES, GATE, HOLDOUT, INIT, JUDGE, REPAIR, REPORT, RUN, VALIDATE } from './commands.ts';
import { EXIT, inertIo, processIo, type Io } from './io.ts';

type Runner = (argv: string[], io: Io) => Promise<number>;

/** Each command's module is loaded only when it runs: help, version and a typo load none of them. */
const COMMANDS: { spec: CommandSpec; load: () => Promise<Runner> }[] = [
  { spec: INIT, load: async () => (await import('./init.ts')).runInitCli },
  { spec: DEMO, load: async () => (await import('./validate.ts')).runDemoCli },
  { spec: VALIDATE, load: async () => (await import('./validate.ts')).runValidateCli },
  { spec: RUN, load: async () => (await import('./run.ts')).runRunCli },
  { spec: COMPARE, load: async () => (await import('./compare.ts')).runCompareCli },
  { spec: GATE, load: async () => (await import('./gate.ts')).runGateCli },
  { spec: REPORT, load: async () => (await import('./report.ts')).runReportCli },
  { spec: JUDGE, load: async () => (await import('./judge.ts')).runJudgeCli },
  { spec: CALIBRATE, load: async () => (await import('./calibrate.ts')).runCalibrateCli },
  { spec: FAILURES, load: async () => (await import('./failures.ts')).runFailuresCli },
  { spec: REPAIR, load: async () => (await import('./repair.ts')).runRepairCli },
  { spec: HOLDOUT, load: async () => (await import('./holdout.ts')).runHoldoutCli },
];

export async function main(argv: string[], raw: Io = processIo): Promise<number> {
  const io = inertIo(raw);
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    io.stdout(`trialgate ${TOOL_VERSION}\n`);
    return EXIT.ok;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((c) => c.spec.name === rest[0]) : undefined;
    io.stdout(topic ? commandHelp(topic.spec) : usage());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.spec.name === name);
  if (!command) {
    const meant = nearest(
      name,
      COMMANDS.map((c) => c.spec.name),
    );
    io.stderr(`trialgate: unknown command ${JSON.stringify(name)}${meant ? ` (did you mean ${meant}?)` : ''}\n\n${usage()}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(commandHelp(command.spec));
    return EXIT.ok;
  }
  try {
    return await (
      await command.load()
    )(rest, io);
  } catch (e) {
    if (e instanceof UserInputError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`trialgate ${name}: ${(e as Error).message}\n`);
      return EXIT.usage;
    }
    if (e instanceof EnvironmentError || e instanceof IsolationUnavailable) {
      io.stderr(`trialgate ${name}: environment error: ${e.message}\n${e instanceof EnvironmentError ? `  (${e.rule})\n` : ''}`);
      return EXIT.usage;
    }
    // Anything else is a bug: one line and the internal-error exit code, never the regression code.
    io.stderr(`trialgate ${name}: internal error: ${(e as Error).message ?? String(e)} (please report it)\n`);
    return EXIT.usage;
  }
}

/** Every command with every option, so that one `trialgate --help` tells everything. */
function usage(): string {
  const lines = [`trialgate ${TOOL_VERSION}: a pull-request gate for LLM agents, decided by task evidence`, '', 'usage: trialgate <command> [options]', ''];
  for (const { spec } of COMMANDS) {
    lines.push(`  ${spec.usage.replace(/^trialgate /, '')}`, `      ${spec.summary}`);
  }
  lines.push(
    '',
    '  trialgate <command> --help   the options of one command',
    '  trialgate --version',
    '',
    'docs: docs/README.md (in the repository and the package)',
    '',
  );
  return lines.join('\n');
}
