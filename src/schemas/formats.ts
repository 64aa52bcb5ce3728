// Every file format trialgate reads or writes, with where the file lives and who writes it (a kind's own
// files as its declaration lists them, schemas/kinds.ts): the one list
// the JSON Schemas in dist/schemas/ are generated from (scripts/build.ts), and that a test holds the files
// of real runs to (each written file has a format here and validates against it).
import { z } from 'zod';
import { AcceptorReport, Report } from './report.ts';
import { Comparison } from './comparison.ts';
import { FailureArchive } from './failures.ts';
import { FixtureManifest } from './fixture.ts';
import { evidenceFormat, inTrial, runEvidenceFormat, type FileFormat } from './kind-schema.ts';
import { KIND_EVIDENCE, KIND_FORMATS, KIND_RUN_EVIDENCE } from './kinds.ts';
import { HoldoutFile } from './holdout-file.ts';
import { CalibrationFile, JudgeCacheEntry, JudgeLedger, JudgeTranscript, LabelsFile, PairTranscript } from './judge.ts';
import { CommittedRepairMeta, RepairStarted } from './repair.ts';
import { Repair, Results, TrialResult, Usage } from './results.ts';
import { Timings, TrialConfig } from './trial.ts';
import { TrialSetFile } from './trialset.ts';

export type { FileFormat, FormatRoot } from './kind-schema.ts';

const trial = inTrial;

export const FILE_FORMATS: readonly FileFormat[] = [
  {
    name: 'trialgate',
    title: 'trialgate.yml',
    description: 'The trial set, written by you (docs/trial-set.md): the tasks, k, the budget, the agent, the watched files.',
    root: 'project',
    paths: ['trialgate.yml', 'trialgate.*.yml'],
    schema: TrialSetFile,
  },
  {
    name: 'fixture',
    title: 'fixture.json',
    description: "A task's fixture, written by you (docs/fixture.md): its service and defects, or its repository, its acceptor.",
    root: 'fixture',
    paths: ['fixture.json'],
    schema: FixtureManifest,
  },
  {
    name: 'holdout',
    title: 'holdout.yml',
    description: 'The holdout tasks kept in another repository, written by you (docs/holdout.md): each a task of trialgate.yml, all of them holdout.',
    root: 'elsewhere',
    paths: [],
    schema: HoldoutFile,
  },
  {
    name: 'acceptor-report',
    title: '$TRIALGATE_REPORT',
    description: 'What a `command` or `code` acceptor writes: its tests and their outcomes (docs/report-format.md).',
    root: 'elsewhere',
    paths: [],
    schema: AcceptorReport,
  },
  {
    name: 'labels',
    title: 'labels.json',
    description: "The model judge's labelled samples, written by you (docs/model-judge.md): the human answer per sample and item.",
    root: 'project',
    paths: ['**/labels.json'],
    schema: LabelsFile,
  },
  ...KIND_FORMATS.given,
  {
    name: 'results',
    title: 'results.json',
    description: 'A run, written by trialgate: the contract between run, compare and report (docs/results.md).',
    root: 'run',
    paths: ['results.json'],
    schema: Results,
  },
  {
    name: 'trial-config',
    title: '<task>/trial-NNN/config.json',
    description: 'What a trial runs with, written by trialgate before its agent starts (docs/trial-layout.md).',
    root: 'run',
    paths: [trial('config.json')],
    schema: TrialConfig,
  },
  {
    name: 'verdict',
    title: '<task>/trial-NNN/evidence/verdict.json',
    description: "A trial's verdict, written by trialgate when it ends: the trial as results.json records it (docs/trial-layout.md).",
    root: 'run',
    paths: [trial('evidence/verdict.json')],
    schema: TrialResult,
  },
  {
    name: 'timings',
    title: '<task>/trial-NNN/evidence/timings.json',
    description: "Where a trial's time went, written by trialgate when it ends.",
    root: 'run',
    paths: [trial('evidence/timings.json')],
    schema: Timings,
  },
  {
    name: 'usage',
    title: 'evidence/usage.json',
    description: 'The tokens and cost of an agent run, written by the agent (docs/agents.md) and kept by trialgate with each figure bounded.',
    root: 'run',
    paths: [trial('evidence/usage.json'), trial('evidence/*/usage.json')],
    schema: Usage,
  },
  {
    name: 'report',
    title: 'evidence/reports/<variant>.json',
    description: 'One acceptance run against one variant, written by trialgate from what the acceptor reported (docs/report-format.md).',
    root: 'run',
    paths: [trial('evidence/reports/*.json'), '*/acceptor-check/*.json', trial('repair/acceptance/reports/*.json')],
    schema: Report,
  },
  ...KIND_FORMATS.run,
  ...KIND_RUN_EVIDENCE.map(runEvidenceFormat),
  ...KIND_EVIDENCE.map(evidenceFormat),
  {
    name: 'judge-transcript',
    title: 'evidence/judge/<item>.json',
    description: 'One judge item of a trial, what was asked and what came back, written by trialgate (docs/model-judge.md).',
    root: 'run',
    paths: [trial('evidence/judge/*.json')],
    schema: JudgeTranscript,
  },
  {
    name: 'judge-ledger',
    title: 'judge-cache/spent.json',
    description: "What the run's judge has spent, written by trialgate.",
    root: 'run',
    paths: ['judge-cache/spent.json'],
    schema: JudgeLedger,
  },
  {
    name: 'judge-cache',
    title: 'judge-cache/<key>.json',
    description: 'One answer of the judge, cached for the run and its confirmation rounds, written by trialgate.',
    root: 'run',
    paths: ['judge-cache/*.json'],
    schema: JudgeCacheEntry,
  },
  {
    name: 'pair-transcript',
    title: 'pairwise/<task>/<item>/pair-N.json',
    description: 'One base/head pair the judge was asked about in both orders, written by trialgate in the head run.',
    root: 'run',
    paths: ['pairwise/*/*/pair-+([0-9]).json'],
    schema: PairTranscript,
  },
  {
    name: 'repair-started',
    title: '<trial>/repair/started.json',
    description: 'A repair under way, written by `trialgate repair` (docs/repair-and-failures.md).',
    root: 'run',
    paths: [trial('repair/started.json')],
    schema: RepairStarted,
  },
  {
    name: 'repair',
    title: '<trial>/repair/result.json',
    description: 'A finished repair, written by `trialgate repair --done` or by a run re-applying a committed one; results.json records it too.',
    root: 'run',
    paths: [trial('repair/result.json')],
    schema: Repair,
  },
  {
    name: 'committed-repair',
    title: '<repairs>/<task>/<candidate sha256>.json',
    description: 'The figures of a repair committed to the repository beside its .diff, written by `trialgate repair --done --save`.',
    root: 'project',
    paths: ['repairs/*/*.json'],
    schema: CommittedRepairMeta,
  },
  {
    name: 'failures',
    title: 'trialgate.failures.json',
    description: 'The failure archive, written by `trialgate failures` (docs/repair-and-failures.md).',
    root: 'project',
    paths: ['trialgate.failures.json'],
    schema: FailureArchive,
  },
  {
    name: 'calibration',
    title: 'judge-calibration.json',
    description: 'The calibration record of the model judge, written by `trialgate calibrate` (docs/model-judge.md).',
    root: 'project',
    paths: ['judge-calibration.json'],
    schema: CalibrationFile,
  },
  {
    name: 'comparison',
    title: 'trialgate compare --format json',
    description: 'A comparison of head results with base results, written by `trialgate compare --format json` (docs/comparison.md).',
    root: 'elsewhere',
    paths: [],
    schema: Comparison,
  },
];

/** The JSON Schema of a format, as dist/schemas/<name>.schema.json holds it: every field with its description. */
export function jsonSchemaOf(format: FileFormat): Record<string, unknown> {
  const { $schema, description: _own, ...schema } = z.toJSONSchema(format.schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' });
  return { $schema, title: format.title, description: format.description, ...schema };
}
