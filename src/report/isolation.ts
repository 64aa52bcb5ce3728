// The one line that says a run was not isolated, wherever a run is shown: the terminal, the comment,
// the job summary. A result without it was isolated (or predates isolation, which says nothing).
import type { Results } from '../schemas/results.ts';

export function isolationNote(results: Pick<Results, 'run'>): string | undefined {
  const isolation = results.run.isolation;
  if (isolation?.mechanism !== 'none') return undefined;
  return `⚠️ Isolation: none (${isolation.reason ?? 'no reason recorded'}): the agent ran unisolated and could read what your user can, the fixture's reference answers included; see docs/isolation.md.`;
}
