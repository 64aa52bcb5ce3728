// The lines that say a run cannot be taken at its word, wherever a run is shown: the terminal, the
// comment, the job summary. One says it was not isolated (a result without it was isolated, or predates
// isolation, which says nothing); one says its own integrity failed. A run merged from shards carries the
// weakest of its shards here, each named.
import type { RunInfo } from '../schemas/results.ts';

/** What these lines read of a run. */
type RunFacts = { run: Pick<RunInfo, 'isolation' | 'integrity_error'> };

export function isolationNote(results: RunFacts): string | undefined {
  const isolation = results.run.isolation;
  if (isolation?.mechanism !== 'none') return undefined;
  return `⚠️ Isolation: none (${isolation.reason ?? 'no reason recorded'}): the agent ran unisolated and could read what your user can, the fixture's reference answers included; see docs/isolation.md.`;
}

export function integrityNote(results: RunFacts): string | undefined {
  const error = results.run.integrity_error;
  if (!error) return undefined;
  return `❌ Integrity error: ${error}. No trial of this run passes.`;
}
