// Every pinned agent CLI (and the example agent) × every fault the loopback fake provider injects, through
// `trialgate run` of the inventory task, k trials per fault, optionally while N busy loops oversubscribe the
// machine: each trial's outcome and the environment error's reason. The rule: a fault ends each trial as an
// environment error, or the CLI recovers and the trial passes; a fault is never a failed trial, and a
// provider that answers never makes one an environment error.
// Run: node --import tsx bench/fault-matrix.ts [--trials 2] [--burn 0] [--adapters codex,…] [--faults reset,…] [--name fault-matrix]
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { AGENT_CASES, KEY, referenceFiles, runAgentTasks } from '../test/support/agent-cases.ts';
import { FakeProvider, type FakeProviderOptions, type ProviderMode } from '../test/support/fake-provider.ts';
import { machine, writeResult } from './support.ts';

const { values: args } = parseArgs({
  options: {
    trials: { type: 'string' },
    burn: { type: 'string' },
    adapters: { type: 'string' },
    faults: { type: 'string' },
    concurrency: { type: 'string' },
    name: { type: 'string' },
  },
});
const K = Number(args.trials ?? 2);
const BURN = Number(args.burn ?? 0);
const CONCURRENCY = Number(args.concurrency ?? 4);

interface Fault {
  name: string;
  mode: ProviderMode | 'down';
  options?: Pick<FakeProviderOptions, 'faultFrom' | 'faultOnce'>;
  /** What the rule allows: an environment error, or a pass (the CLI recovers), or either. */
  want: 'env' | 'pass' | 'env-or-pass';
}
const ALL_FAULTS: Fault[] = [
  { name: 'none', mode: 'ok', want: 'pass' },
  { name: 'unauthorized', mode: 'unauthorized', want: 'env' },
  { name: 'quota', mode: 'quota', want: 'env' },
  { name: 'overloaded', mode: 'overloaded', want: 'env' },
  { name: 'rate-limited', mode: 'rate-limited', want: 'env' },
  { name: 'hang', mode: 'hang', want: 'env' },
  { name: 'error-mid-stream', mode: 'error-mid-stream', want: 'env-or-pass' },
  { name: 'cut', mode: 'cut', want: 'env' },
  { name: 'down', mode: 'down', want: 'env' },
  { name: 'cut-late', mode: 'cut-late', want: 'env-or-pass' },
  { name: 'stall', mode: 'stall', want: 'env' },
  { name: 'reset', mode: 'reset', want: 'env' },
  { name: 'not-protocol', mode: 'not-protocol', want: 'env' },
  { name: 'reset-from-step-1', mode: 'reset', options: { faultFrom: 1 }, want: 'env' },
  { name: 'not-protocol-from-step-1', mode: 'not-protocol', options: { faultFrom: 1 }, want: 'env' },
  { name: 'stall-from-step-1', mode: 'stall', options: { faultFrom: 1 }, want: 'env' },
  { name: 'overloaded-once-at-step-1', mode: 'overloaded', options: { faultFrom: 1, faultOnce: true }, want: 'env-or-pass' },
  { name: 'reset-once-at-step-1', mode: 'reset', options: { faultFrom: 1, faultOnce: true }, want: 'env-or-pass' },
  { name: 'cut-once-at-step-1', mode: 'cut', options: { faultFrom: 1, faultOnce: true }, want: 'env-or-pass' },
];
const FAULTS = ALL_FAULTS.filter((f) => !args.faults || args.faults.split(',').includes(f.name));
const CASES = AGENT_CASES.filter((c) => !args.adapters || args.adapters.split(',').includes(c.cli ?? 'example'));
/** Faults the provider watch can only see as silence: a short limit, so that they cost seconds. */
const SILENT = new Set<string>(['hang', 'stall']);

const files = await referenceFiles();
// Busy loops of its own (as /tmp/burn.sh starts them), each killed by its pid at the end.
const burners = Array.from({ length: BURN }, () => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
const stopBurn = () => {
  for (const burner of burners) burner.kill('SIGKILL');
};
process.on('exit', stopBurn);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const rows: string[] = [];
const wrong: string[] = [];
const started = performance.now();
try {
  for (const c of CASES) {
    // The example agent makes one call, no tools: a fault from a later step of the conversation never comes.
    const faults = c.cli ? FAULTS : FAULTS.filter((f) => !f.options?.faultFrom);
    const providers = new Map<string, FakeProvider>();
    for (const f of faults) {
      const p = await FakeProvider.start({ key: KEY, files: () => files, mode: f.mode === 'down' ? 'ok' : f.mode, ...f.options });
      if (f.mode === 'down') await p.close();
      providers.set(f.name, p);
    }
    const t0 = performance.now();
    const run = await runAgentTasks(
      c,
      faults.map((f) => ({
        id: f.name,
        provider: providers.get(f.name)!,
        env: SILENT.has(f.mode) ? { TRIALGATE_PROVIDER_SILENCE_SECONDS: '10', LLM_TIMEOUT_MS: '10000' } : undefined,
      })),
      { trials: K, concurrency: CONCURRENCY, wallSeconds: 120 },
    );
    const seconds = (performance.now() - t0) / 1000;
    for (const f of faults) {
      if (f.mode !== 'down') await providers.get(f.name)!.close();
      const trials = run.results.tasks.find((t) => t.id === f.name)!.trials;
      const outcomes = trials.map((t) => `${t.outcome}${t.outcome === 'env_error' ? '' : `/${t.stop_reason}`}`);
      const reasons = [
        ...new Set(
          trials.map((t) =>
            (t.layers.trajectory.notes.find((n) => n.startsWith('env error: ')) ?? t.env_error ?? t.layers.trajectory.notes.at(-1) ?? '')
              .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://provider')
              .slice(0, 220),
          ),
        ),
      ];
      // The spend: tokens the provider's answers carried (what it bills), those the trials reported, and those the task's summary (the comparison's spend) counts.
      const billed = Object.values(providers.get(f.name)!.reported).reduce((n, r) => n + r.input + r.output, 0);
      const tokensOf = (t: (typeof trials)[number]) => t.usage?.total_tokens ?? (t.usage?.input_tokens ?? 0) + (t.usage?.output_tokens ?? 0);
      const reported = trials.reduce((n, t) => n + tokensOf(t), 0);
      // As the spend counts them (src/compare/compare.ts): the executed trials' (the task's summary), and those lost to the environment that reported usage.
      const lost = trials.filter((t) => t.outcome !== 'pass' && t.outcome !== 'fail' && t.usage);
      const summarized = run.results.tasks.find((t) => t.id === f.name)!.summary.tokens;
      const counted = summarized === undefined && lost.length === 0 ? undefined : (summarized ?? 0) + lost.reduce((n, t) => n + tokensOf(t), 0);
      const tokens = `${billed} / ${reported} / ${counted ?? '—'}`;
      const ok = trials.every((t) => (t.outcome === 'env_error' && f.want !== 'pass') || (t.outcome === 'pass' && f.want !== 'env'));
      const agent = c.cli ?? 'example agent';
      if (!ok) wrong.push(`${agent} × ${f.name}: ${outcomes.join(', ')}`);
      rows.push(`| ${agent} | ${f.name} | ${outcomes.join(', ')} | ${tokens} | ${reasons.join(' / ').replaceAll('|', '\\|')} | ${ok ? '✓' : '✗'} |`);
    }
    process.stderr.write(`${c.name}: ${seconds.toFixed(0)} s\n`);
  }
} finally {
  stopBurn();
}

const minutes = ((performance.now() - started) / 60000).toFixed(1);
await writeResult(
  args.name ?? 'fault-matrix',
  `# Agent CLIs × provider faults${BURN ? `, ${BURN} busy loops` : ''}

${machine()}, ${new Date().toISOString().slice(0, 10)}; bench/fault-matrix.ts, k = ${K}, concurrency ${CONCURRENCY}, budget 120 s,
${BURN ? `${BURN} busy loops on the machine for the whole run (\`sh -c 'while :; do :; done'\`)` : 'no extra load'}, ${minutes} minutes in all. A fault
*from step 1* starts after the model's first file is written (its first tool result); *once* strikes one call per trial.
✓: every trial is an environment error, or a pass where the CLI may recover on its own (never a failure, and a
provider that answers never an environment error). *Tokens*: those the provider's answers carried (what it would
bill; a stream that starts reports its input tokens in its first event, which the fake bills only for an answer it
completes), those the trials reported (evidence/usage.json), and those the gate's spend counts (the executed trials'
and those lost to the environment).

| agent | fault | trials | tokens: billed / reported / counted | reason (env error) or last note | |
|---|---|---|---|---|---|
${rows.join('\n')}

${wrong.length ? `**${wrong.length} cell(s) are not as they must be**: ${wrong.join('; ')}` : 'Every cell is as it must be.'}
`,
);
