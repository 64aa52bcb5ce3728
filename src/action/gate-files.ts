// The files that run the gate on GitHub, relative to the repository: the workflow GITHUB_WORKFLOW_REF names,
// and every local reusable workflow and composite action it reaches (`uses: ./…`), through each of those in
// turn. The action's inputs (policy, α, fail-on, the budgets) may be set in any of them, and inside a reusable
// workflow GITHUB_WORKFLOW_REF still names its caller: a pull request that changed only the called workflow
// would change the gate's settings unseen.
import { posix } from 'node:path';
import { filesPulledIn } from '../gate/pulled-in.ts';

/** The workflow and the local workflows and actions.yml files it reaches, as the workspace holds them. */
export async function gateFiles(workspace: string, workflow: string): Promise<string[]> {
  return filesPulledIn(workspace, [workflow], {
    from: localUses,
    // A local action may name its metadata action.yml or action.yaml: the one that is there is the file.
    otherName: (file) => (file.endsWith('/action.yml') ? file.replace(/\.yml$/, '.yaml') : undefined),
  });
}

/**
 * The workflow file that runs this job (GITHUB_WORKFLOW_REF: owner/repo/.github/workflows/x.yml@ref) and the local
 * workflows and actions it calls, relative to the repository.
 */
export async function workflowFiles(workspace: string, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const ref = env.GITHUB_WORKFLOW_REF;
  const workflow = ref && /^[^/]+\/[^/]+\/(.+?)@/.exec(ref)?.[1];
  return workflow ? gateFiles(workspace, workflow) : [];
}

/** Every `uses: ./…` in a workflow or action document, as a file relative to the repository. */
function localUses(document: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'uses' && typeof value === 'string' && value.startsWith('./')) {
        const path = posix.normalize(value.split('@')[0]!);
        if (path.startsWith('..')) continue;
        out.push(/\.ya?ml$/.test(path) ? path : posix.join(path, 'action.yml'));
      } else walk(value);
    }
  };
  walk(document);
  return out;
}
