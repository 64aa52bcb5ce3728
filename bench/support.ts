// Small helpers shared by the benchmarks: timing whole processes, medians, writing a result file.
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Wall time of one whole process, in ms; throws when it fails. */
export function timeProcess(command: string, args: readonly string[], cwd = ROOT): number {
  const started = performance.now();
  const out = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - started;
  if (out.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${out.status}: ${out.stderr}`);
  return ms;
}

export function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`;
}

/** Writes bench/results/<name>.md and echoes it. */
export async function writeResult(name: string, markdown: string): Promise<void> {
  const path = join(ROOT, 'bench', 'results', `${name}.md`);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, markdown);
  process.stdout.write(markdown);
  process.stdout.write(`\n(written to bench/results/${name}.md)\n`);
}
