// `trialgate gate` (docs/other-ci.md), thin over gatePullRequest (src/gate/gate.ts): flags (gate-flags.ts), changed paths and
// base runs (gate-ports.ts) in; comment, reports and regressions out (gate-publish.ts); the verdict's exit status (0 pass or no
// baseline, 1 regression, 2 cannot run or compare, 3 undecided).
import { realpath } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { gatePullRequest } from '../gate/gate.ts';
import { skipReason } from '../gate/scope.ts';
import { secretsOf, trialSetSources } from '../secrets.ts';
import { loadTrialSet } from '../trial/trialset.ts';
import { parseCommand } from './args.ts';
import { GATE } from './commands.ts';
import { ciConfigFiles } from './ci-config.ts';
import { changedPaths, gateFlags, type Flags } from './gate-flags.ts';
import { changedScope, localPorts, repositoryRoot } from './gate-ports.ts';
import { publishLocally } from './gate-publish.ts';
import type { Io } from './io.ts';

export async function runGateCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(GATE, argv, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values as Flags;
  const flags = gateFlags(v);
  const configPath = resolve(io.cwd, v.config ?? 'trialgate.yml');
  const set = await loadTrialSet(configPath);
  const changed = v.changed ? await changedPaths(resolve(io.cwd, v.changed)) : null;
  const ciConfig = v['ci-config'] ?? [];
  const gateFiles = ciConfig.length ? await ciConfigFiles(repositoryRoot(set.dir), ciConfig) : [];
  const scope = changed ? await changedScope(changed, set, flags.run.isolation ?? set.config.agent.isolation, gateFiles) : null;
  const skipped = scope ? skipReason(scope) : null;
  if (skipped) {
    io.stderr(`trialgate gate: skipped: ${skipped}\n`);
    return 0;
  }
  const runDir = resolve(io.cwd, v.out ?? join(set.dir, '.trialgate', `gate-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  const { scrubber } = secretsOf(trialSetSources(set));
  const outcome = await gatePullRequest(await localPorts(v, flags, io, configPath, set), {
    set,
    runDir,
    scope,
    changedFiles: changed,
    gateFiles,
    ...(flags.run.isolation ? { isolation: flags.run.isolation } : {}),
    ...(flags.run.trials ? { trials: flags.run.trials } : {}),
    settings: flags.settings,
    scrubber,
  });
  // As the action names it: relative to the repository's top level, where the command is typed.
  const config = relative(repositoryRoot(set.dir), await realpath(configPath));
  const commentFile = v.comment ? resolve(io.cwd, v.comment) : null;
  // A person at a terminal reads the verdict lines, not 100 lines of markdown; a pipe or a file gets the comment as before.
  const printed = (v.format as 'markdown' | 'json' | undefined) ?? (commentFile || io.stdoutIsTTY ? null : 'markdown');
  await publishLocally(outcome, { runDir, commentFile, printed, baselineRequired: flags.settings.failWithoutBaseline, changed: scope, config }, scrubber, io);
  return outcome.gate.exit;
}
