// Run directories with real trial directories for the report.html tests: results.json beside the
// evidence a run writes (variant reports, boundary runs, agent logs, candidate files), here filled
// with hostile strings wherever a candidate, a log, a label or an id can put text.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Report } from '../../src/schemas/report.ts';
import type { Results } from '../../src/schemas/results.ts';
import type { Exchange } from '../../src/schemas/tools.ts';
import { tempDir } from './fixtures.ts';
import { buildResults } from './results-builder.ts';

export const HOSTILE = {
  script: '<script>window.pwned = 1</script>',
  img: '"><img src=x onerror="window.pwned=1">',
  style: '</style><style>body{display:none}</style>',
  mention: '@octocat @acme/admins please look',
  /** Right-to-left override and isolates: would reorder what follows on screen. */
  bidi: 'ok\u202EdelssergeR\u2066x\u2069',
  scriptEnd: '</script><script>window.pwned=1</script><!--',
  separators: 'line\u2028para\u2029end',
  long: 'L'.repeat(200_000),
};

export const HOSTILE_TASK = `tool-${HOSTILE.img}${HOSTILE.bidi}`;
export const HOLDOUT_TASK = 'holdout-never-named';
export const HOLDOUT_CHECK = 'constraint:holdout-secret-check';

export interface BoundaryFiles {
  trajectory: Exchange[];
  judgement: { variant: string; accepted: boolean; findings: { kind: string; text: string }[] };
  goals: Record<string, unknown>[];
  log: string;
}

export interface TrialFiles {
  reports?: Report[];
  boundaries?: Record<string, BoundaryFiles>;
  log?: string;
  candidate?: Record<string, string | Buffer>;
}

/** Write one trial directory below `runDir` as a run does. */
export async function writeTrialDir(runDir: string, evidence: string, files: TrialFiles): Promise<void> {
  const dir = join(runDir, evidence);
  await mkdir(join(dir, 'evidence'), { recursive: true });
  for (const report of files.reports ?? []) await writeAt(join(dir, 'evidence', 'reports', `${report.fault}.json`), JSON.stringify(report));
  for (const [variant, b] of Object.entries(files.boundaries ?? {})) {
    await writeAt(join(dir, 'evidence', variant, 'trajectory.json'), JSON.stringify(b.trajectory));
    await writeAt(join(dir, 'evidence', variant, 'judgement.json'), JSON.stringify(b.judgement));
    await writeAt(join(dir, 'evidence', variant, 'goal.json'), JSON.stringify(b.goals));
    await writeAt(join(dir, 'evidence', variant, 'agent.log'), b.log);
  }
  if (files.log !== undefined) await writeAt(join(dir, 'evidence', 'agent.log'), files.log);
  for (const [path, content] of Object.entries(files.candidate ?? {})) await writeAt(join(dir, 'candidate', path), content);
}

async function writeAt(path: string, content: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

export function report(fault: string, records: Report['records']): Report {
  return {
    fault,
    planned: records.length,
    executed: records.length,
    complete: true,
    blocked: false,
    records,
    candidate_sha256: 'c'.repeat(64),
    variant_sha256: 'v'.repeat(64),
    fixture_sha256: 'f'.repeat(64),
    started_at: '2025-01-02T00:00:00Z',
  };
}

export interface HostileRuns {
  base: { dir: string; results: Results };
  head: { dir: string; results: Results };
}

/**
 * A base run and a head run of three tasks: `inventory` (reports, a lost detection, an env error, a
 * changed candidate), the hostile-named tools task (a boundary run with an injected fault), and a holdout
 * task whose name and checks must never show.
 */
export async function hostileRuns(): Promise<HostileRuns> {
  const faults = { 'double-reserve': `duplicate ${HOSTILE.script}`, oversell: HOSTILE.style };
  const build = (head: boolean) =>
    buildResults({
      name: `set-${HOSTILE.img}`,
      sha: head ? '2'.repeat(40) : '1'.repeat(40),
      ref: head ? `refs/pull/1/${HOSTILE.bidi}` : 'refs/heads/main',
      startedAt: head ? '2025-01-02T00:00:00Z' : '2025-01-01T00:00:00Z',
      tasks: [
        {
          id: 'inventory',
          faults,
          checks: { pass: head ? '10 ' : '111', 'detect:double-reserve': head ? '10 ' : '111', 'detect:oversell': '111' },
          outcomes: head ? '..e' : '...',
          envRule: HOSTILE.scriptEnd,
          tokens: 1234,
        },
        { id: HOSTILE_TASK, checks: { pass: '11', 'tool:duplicate-delivery': '11' }, faults: { 'duplicate-delivery': HOSTILE.long } },
        { id: HOLDOUT_TASK, set: 'holdout', checks: { pass: head ? '00' : '11', [HOLDOUT_CHECK]: '11' } },
      ],
    });
  const base = build(false);
  const head = build(true);
  const failed = head.tasks[0]!.trials[1]!;
  failed.layers.final_state = { ok: false, failures: [`double-reserve: defect_missed: ${HOSTILE.img}`] };
  failed.layers.constraints = { ok: true, failures: [] };
  failed.layers.trajectory.notes = [HOSTILE.mention];
  failed.judgements = [
    { fault: 'none', verdict: 'baseline_pass', reason: 'all passed', detected_by: [] },
    { fault: 'oversell', verdict: 'defect_detected', reason: `caught by ${HOSTILE.img}`, detected_by: [`case ${HOSTILE.script}`] },
    { fault: 'double-reserve', verdict: 'defect_missed', reason: HOSTILE.separators, detected_by: [] },
  ];
  failed.usage = { input_tokens: 1000, output_tokens: 234, cost_usd: 0.0123 };

  const [baseDir, headDir] = [await tempDir('trialgate-html-base-'), await tempDir('trialgate-html-head-')];
  for (const [dir, results] of [
    [baseDir, base],
    [headDir, head],
  ] as const) {
    await writeFile(join(dir, 'results.json'), JSON.stringify(results));
    const isHead = results === head;
    for (const task of results.tasks) {
      for (const trial of task.trials) {
        const files: TrialFiles =
          task.id === 'inventory'
            ? inventoryTrial(isHead, trial.trial)
            : task.id === HOSTILE_TASK
              ? toolsTrial()
              : { log: 'holdout agent log', candidate: { 'holdout.txt': HOLDOUT_TASK } };
        await writeTrialDir(dir, trial.evidence, files);
      }
    }
  }
  return { base: { dir: baseDir, results: base }, head: { dir: headDir, results: head } };
}

function inventoryTrial(head: boolean, trial: number): TrialFiles {
  const cases = [
    '{',
    '  "cases": [',
    '    "reads-known-sku",',
    ...(head ? [] : ['    "idempotent-repeat",']),
    `    "${HOSTILE.scriptEnd.replace(/"/g, '')}"`,
    '  ]',
    '}',
    '',
  ].join('\n');
  return {
    reports: [
      report('none', [{ test: 'reads-known-sku', status: 'passed', branches: [] }]),
      report('oversell', [
        { test: 'reads-known-sku', status: 'passed', branches: [] },
        {
          test: `case ${HOSTILE.script}`,
          status: 'failed',
          assertion: `step 2: ${HOSTILE.img}`,
          traceback: `expected 0, got ${HOSTILE.separators}`,
          branches: [],
        },
      ]),
    ],
    log: `agent ${trial} starting\n${HOSTILE.scriptEnd}\n${HOSTILE.bidi}\n${HOSTILE.mention}\nwrote candidate/cases.json\n`,
    candidate: {
      'cases.json': cases,
      [`${HOSTILE.img}.txt`]: `${HOSTILE.style}\n${HOSTILE.separators}\n`,
      'blob.bin': Buffer.from([0, 1, 2, 3]),
    },
  };
}

function toolsTrial(): TrialFiles {
  const exchange = (seq: number, fault?: string): Exchange => ({
    seq,
    at_ms: seq * 40,
    request: { method: 'POST', path: `/reservations/${HOSTILE.img}`, body: { note: HOSTILE.script } },
    delivered: fault ? 2 : 1,
    upstream: fault ? [{ status: 201 }, { status: 200 }] : [{ status: 201 }],
    response: { status: 200, body: { echo: HOSTILE.scriptEnd } },
    ...(fault ? { fault } : {}),
  });
  return {
    boundaries: {
      'duplicate-delivery': {
        trajectory: [exchange(1), exchange(2, `delivered-twice ${HOSTILE.img}`)],
        judgement: { variant: 'duplicate-delivery', accepted: false, findings: [{ kind: 'contract', text: `reserved twice ${HOSTILE.mention}` }] },
        goals: [{ version: 1, status: 'active', order: HOSTILE.script, sku: 'SKU-A', quantity: 1, tool_budget: 20 }],
        log: `tools agent\n${HOSTILE.scriptEnd}\n`,
      },
    },
    log: 'tools agent log',
    candidate: { 'duplicate-delivery/result.json': JSON.stringify({ status: 'reserved', note: HOSTILE.style }) },
  };
}
