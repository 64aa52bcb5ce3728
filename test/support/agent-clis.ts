// The agent CLIs of the adapters' tests, installed in a project as a team would install them as
// devDependencies: hard links of the packages trialgate's own devDependencies pinned (npm ci installed
// them), under the project's node_modules, which the trial set shows the agent (agent.files) and puts on
// its PATH. The project lives on the same file system as those packages (under node_modules/.cache), so
// that linking ~1 GB of CLIs costs nothing.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './fixtures.ts';

/** Per adapter: the package scopes it needs and its program's entry below node_modules. */
export const AGENT_CLIS = {
  'claude-code': { scopes: ['@anthropic-ai'], program: 'claude', entry: '@anthropic-ai/claude-code/bin/claude.exe' },
  codex: { scopes: ['@openai'], program: 'codex', entry: '@openai/codex/bin/codex.js' },
  'qwen-code': { scopes: ['@qwen-code', '@lydell', '@img', '@teddyzhu'], program: 'qwen', entry: '@qwen-code/qwen-code/cli-entry.js' },
} as const;
export type AdapterName = keyof typeof AGENT_CLIS;

const CACHE = join(ROOT, 'node_modules', '.cache');

/** A fresh project directory holding node_modules/ with the given adapters' CLIs and node_modules/.bin links. */
export async function projectWithClis(adapters: readonly AdapterName[]): Promise<string> {
  await mkdir(CACHE, { recursive: true });
  const dir = await mkdtemp(join(CACHE, 'trialgate-agents-'));
  await mkdir(join(dir, 'node_modules', '.bin'), { recursive: true });
  for (const name of adapters) {
    const cli = AGENT_CLIS[name];
    for (const scope of cli.scopes) {
      const link = spawnSync('cp', ['-al', join(ROOT, 'node_modules', scope), join(dir, 'node_modules', scope)], { encoding: 'utf8' });
      if (link.status !== 0) throw new Error(`cannot link ${scope} into ${dir}: ${link.stderr}`);
    }
    await symlink(join('..', cli.entry), join(dir, 'node_modules', '.bin', cli.program));
  }
  return dir;
}

export async function removeProject(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** The agent's PATH with the project's node_modules/.bin first, as `npx` would give it. */
export function pathWithProjectBin(): string {
  return `\${TRIALGATE_PROJECT}/node_modules/.bin:${process.env.PATH ?? '/usr/bin:/bin'}`;
}
