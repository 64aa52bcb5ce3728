// One whole trialgate process under measurement: wall time, its own CPU, the CPU of everything it
// started (sampled from /proc, tree-cpu.ts) and its peak resident set (usage.mjs, read at its exit).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support.ts';
import { sampleDescendantsCpu } from './tree-cpu.ts';

export interface ProcessUsage {
  wallMs: number;
  /** The trialgate process itself (the harness). */
  selfMs: number;
  /** Every process it started: sandboxes, agents, services, relays. */
  childrenMs: number;
  peakRssMb: number;
}

/**
 * Run the executable `bin` (through its own first line, so with the flags it gives Node) with `args` from
 * the repository root and measure it; throws when it fails.
 */
export async function measureProcess(bin: string, args: readonly string[]): Promise<ProcessUsage> {
  const usageFile = join(tmpdir(), `trialgate-bench-usage-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const started = performance.now();
  const child = spawn(join(ROOT, bin), args, {
    cwd: ROOT,
    env: { ...process.env, TRIALGATE_BENCH_USAGE: usageFile, NODE_OPTIONS: `--import=${join(ROOT, 'bench', 'support', 'usage.mjs')}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const sampler = sampleDescendantsCpu(child.pid!);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  const [code] = (await once(child, 'exit')) as [number | null];
  const wallMs = performance.now() - started;
  const childrenMs = sampler.stop();
  if (code !== 0) throw new Error(`${bin} ${args.join(' ')} exited ${code}: ${stderr}`);
  const usage = JSON.parse(await readFile(usageFile, 'utf8')) as { selfMs: number; peakRssMb: number };
  await rm(usageFile, { force: true });
  return { wallMs, selfMs: usage.selfMs, childrenMs, peakRssMb: usage.peakRssMb };
}
