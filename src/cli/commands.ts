// What every command takes and prints in its help: plain data, so that `--help` and `--version` load
// nothing of the commands themselves (cli/main.ts loads a command's module when it runs).
import type { CommandSpec } from './args.ts';

const ISOLATION = { type: 'string', value: 'auto|required|none', help: 'isolate services and acceptors (default auto: where the OS allows)' } as const;

export const INIT: CommandSpec = {
  name: 'init',
  summary: 'write a working starter: trialgate.yml, a fixture (a tiny service with one defect, a node:test acceptor, a reference answer), a stand-in agent and the two workflows',
  usage: 'trialgate init [DIR] [--force]',
  positionals: { min: 0, max: 1, name: '[DIR]' },
  options: { force: { type: 'boolean', help: 'overwrite files that already exist' } },
  exits: '0 written, 2 a file would be overwritten (see --force)',
};

export const DEMO: CommandSpec = {
  name: 'demo',
  summary: 'validate the built-in inventory acceptor against its three defects',
  usage: 'trialgate demo [--out DIR] [--isolation auto|required|none]',
  positionals: { min: 0, max: 0, name: '' },
  options: { out: { type: 'string', value: 'DIR', help: 'where reports go (default .trialgate/demo-<time>)' }, isolation: ISOLATION },
  exits: '0 the acceptor is trusted, 1 it is not',
};

export const VALIDATE: CommandSpec = {
  name: 'validate',
  summary: 'run a fixture’s reference answers (or --candidate DIR) against the correct service and every defect',
  usage: 'trialgate validate <fixture-dir> [--candidate DIR] [--out DIR] [--isolation auto|required|none]',
  positionals: { min: 1, max: 1, name: '<fixture-dir>' },
  options: {
    candidate: { type: 'string', value: 'DIR', help: 'validate this candidate instead of the fixture’s reference answers' },
    out: { type: 'string', value: 'DIR', help: 'where reports go (default .trialgate/validate-<time>)' },
    isolation: ISOLATION,
  },
  exits: '0 the acceptor tells right from wrong, 1 it does not, 2 bad input or environment',
};

export const RUN: CommandSpec = {
  name: 'run',
  summary: 'run the trial set: every task k times from a clean copy, each accepted by task evidence',
  usage: 'trialgate run [--config trialgate.yml] [--out DIR] [--trials K] [--task ID …] [--concurrency N] [--seed S] [--isolation auto|required|none]',
  positionals: { min: 0, max: 0, name: '' },
  options: {
    config: { type: 'string', value: 'FILE', help: 'the trial set (default trialgate.yml)' },
    out: { type: 'string', value: 'DIR', help: 'the run directory, new or empty (default .trialgate/run-<time> beside the config)' },
    trials: { type: 'string', value: 'K', help: 'trials per task (default: the trial set’s)' },
    task: { type: 'string', value: 'ID', multiple: true, help: 'only this task (repeat for more)' },
    concurrency: { type: 'string', value: 'N', help: 'trials at once (default: the trial set’s)' },
    seed: { type: 'string', value: 'S', help: 'the run seed (default: the trial set’s)' },
    isolation: { type: 'string', value: 'auto|required|none', help: 'override agent.isolation' },
  },
  exits: '0 every trial ran (passes and fails are in results.json), 2 bad configuration, no trial could execute, or the run’s integrity failed',
};

export const COMPARE: CommandSpec = {
  name: 'compare',
  summary: 'compare head results with base results per task and check; the exit code is the gate',
  usage: 'trialgate compare --base BASE.json [--base BASE2.json …] --head HEAD.json [--policy P] [--alpha A] [--format markdown|json] [--out FILE]',
  positionals: { min: 0, max: 0, name: '' },
  options: {
    base: { type: 'string', value: 'FILE', multiple: true, help: 'a base results.json (repeat to pool recent base runs)' },
    head: { type: 'string', value: 'FILE', help: 'the head results.json' },
    policy: { type: 'string', value: 'P', help: 'the regression policy (docs/comparison.md); default by the number of base runs' },
    alpha: { type: 'string', value: 'A', help: 'the error budget of the policy' },
    format: { type: 'string', value: 'markdown|json', help: 'output format (default markdown)' },
    out: { type: 'string', value: 'FILE', help: 'write there instead of stdout' },
  },
  exits: '0 no regression, 1 regression, 2 cannot compare',
};

export const REPORT: CommandSpec = {
  name: 'report',
  summary: 'the markdown report of one run (report.md)',
  usage: 'trialgate report RESULTS.json [--out FILE]',
  positionals: { min: 1, max: 1, name: 'RESULTS.json' },
  options: { out: { type: 'string', value: 'FILE', help: 'write there instead of stdout' } },
  exits: '0 written, 2 unreadable results',
};

export const JUDGE: CommandSpec = {
  name: 'judge',
  summary: 'print `fault verdict` for each report, by the rules of docs/report-format.md',
  usage: 'trialgate judge REPORT.json … [--fixture DIR]',
  positionals: { min: 1, max: Infinity, name: 'REPORT.json …' },
  options: { fixture: { type: 'string', value: 'DIR', help: 'the fixture whose faults and branches the reports are judged against (needed unless every report names a built-in inventory fault)' } },
  exits: '0 every report is baseline_pass or defect_detected, 1 otherwise, 2 bad input',
};
