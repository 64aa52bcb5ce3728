// The `trialgate` command line: a thin front end over the engine, one module per command.
import { IsolationUnavailable } from '../isolation/sandbox.ts';
import { EnvironmentError, UserInputError } from '../util/errors.ts';
import { TOOL_VERSION } from '../version.ts';
import { commandHelp, type CommandSpec } from './args.ts';
import { CALIBRATE, runCalibrateCli } from './calibrate.ts';
import { runCompareCli } from './compare.ts';
import { FAILURES, runFailuresCli } from './failures.ts';
import { INIT, runInitCli } from './init.ts';
import { EXIT, processIo, type Io } from './io.ts';
import { JUDGE, runJudgeCli } from './judge.ts';
import { runReportCli } from './report.ts';
import { REPAIR, runRepairCli } from './repair.ts';
import { RUN, runRunCli } from './run.ts';
import { DEMO, runDemoCli, runValidateCli, VALIDATE } from './validate.ts';

const COMPARE: CommandSpec = {
  name: 'compare',
  summary: 'compare head results with base results per task and check; the exit code is the gate',
  usage: 'trialgate compare --base BASE.json [--base BASE2.json …] --head HEAD.json [--policy familywise|strict] [--alpha A] [--confirm-trials N] [--format markdown|json] [--out FILE] [--html FILE]',
  positionals: { min: 0, max: 0, name: '' },
  options: {
    base: { type: 'string', value: 'FILE', multiple: true, help: 'a base results.json (repeat to pool recent base runs)' },
    head: { type: 'string', value: 'FILE', help: 'the head results.json' },
    policy: { type: 'string', value: 'familywise|strict', help: 'the regression policy (docs/comparison.md); default familywise, strict where familywise cannot flag even a total loss' },
    alpha: { type: 'string', value: 'A', help: 'the suite-wide false-alarm budget of familywise (default 0.05 with one base run, 0.01 with more)' },
    'confirm-trials': { type: 'string', value: 'N', help: 'the confirmation plan a head extended by the action ran under' },
    format: { type: 'string', value: 'markdown|json', help: 'output format (default markdown)' },
    out: { type: 'string', value: 'FILE', help: 'write there instead of stdout' },
    html: { type: 'string', value: 'FILE', help: 'also write report.html: the head run’s evidence with the comparison, base candidates diffed (docs/report-html.md)' },
  },
  exits: '0 no regression, 1 regression, 2 cannot compare',
};

const REPORT: CommandSpec = {
  name: 'report',
  summary: 'the markdown report of one run (report.md)',
  usage: 'trialgate report RESULTS.json [--out FILE]',
  positionals: { min: 1, max: 1, name: 'RESULTS.json' },
  options: { out: { type: 'string', value: 'FILE', help: 'write there instead of stdout' } },
  exits: '0 written, 2 unreadable results',
};

const COMMANDS: { spec: CommandSpec; run: (argv: string[], io: Io) => Promise<number> }[] = [
  { spec: INIT, run: runInitCli },
  { spec: DEMO, run: runDemoCli },
  { spec: VALIDATE, run: runValidateCli },
  { spec: RUN, run: runRunCli },
  { spec: COMPARE, run: runCompareCli },
  { spec: REPORT, run: runReportCli },
  { spec: JUDGE, run: runJudgeCli },
  { spec: CALIBRATE, run: runCalibrateCli },
  { spec: FAILURES, run: runFailuresCli },
  { spec: REPAIR, run: runRepairCli },
];

export async function main(argv: string[], io: Io = processIo): Promise<number> {
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
    io.stderr(`trialgate: unknown command ${JSON.stringify(name)}\n\n${usage()}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(commandHelp(command.spec));
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
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
  lines.push('', '  trialgate <command> --help   the options of one command', '  trialgate --version', '', 'docs: docs/README.md (in the repository and the package)', '');
  return lines.join('\n');
}
