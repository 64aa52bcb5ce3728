// The agent adapters trialgate ships (adapters/ in the package, docs/agents.md): small programs that run
// an agent CLI (Claude Code, Codex CLI, qwen-code) for one trial. Every agent is shown them read-only at
// $TRIALGATE_ADAPTERS, so that `node "$TRIALGATE_ADAPTERS/claude-code.mjs"` works wherever trialgate is
// installed; adapters/manifest.json says which CLI each runs, so that a run can check before its first
// trial that the CLI can be found.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../util/package-root.ts';

export const ADAPTERS_VAR = 'TRIALGATE_ADAPTERS';

const AdapterEntry = z.object({
  /** The CLI's name, for people. */
  cli: z.string(),
  /** The program the adapter runs, found on the agent's PATH… */
  program: z.string(),
  /** …unless this variable names it. */
  binVar: z.string(),
  /** The npm package it comes from, and the version trialgate's tests run. */
  package: z.string(),
  tested: z.string(),
});
export type AdapterEntry = z.infer<typeof AdapterEntry>;
const Manifest = z.record(z.string(), AdapterEntry);

/** Where the adapters are; undefined when this copy of trialgate has none (a bundle copied away from its package). */
export function adaptersDir(): string | undefined {
  try {
    const dir = join(packageRoot(), 'adapters');
    return existsSync(join(dir, 'manifest.json')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

export function adapterManifest(dir: string): Record<string, AdapterEntry> {
  return Manifest.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
}

/** The shipped adapters `command` runs (named through $TRIALGATE_ADAPTERS or by their path), by name. */
export function adaptersRunBy(command: string, env: Readonly<Record<string, string>>): { name: string; entry: AdapterEntry }[] {
  const dir = env[ADAPTERS_VAR] ?? adaptersDir();
  if (!dir) return [];
  const manifest = adapterManifest(dir);
  return Object.entries(manifest)
    .filter(([name]) => [`$${ADAPTERS_VAR}/${name}.mjs`, `\${${ADAPTERS_VAR}}/${name}.mjs`, join(dir, `${name}.mjs`)].some((form) => command.includes(form)))
    .map(([name, entry]) => ({ name, entry }));
}
