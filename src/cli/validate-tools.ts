// `trialgate validate <fixture>` for a tool-using fixture: the reference agent's full skill is accepted
// at every boundary, and each removed skill section is rejected at its own boundaries, by the right check.
import { markdownTable } from 'markdown-table';
import type { Validation } from '../kinds/contract.ts';
import { displayPath } from './paths.ts';

export function renderToolsValidation(v: Extract<Validation, { shape: 'boundaries' }>, cwd: string): string {
  const show = (path: string) => displayPath(path, cwd);
  const lines = [
    `fixture: ${show(v.fixture.dir)} (${v.fixture.manifest.title})`,
    `agent: the fixture's scripted reference agent (a deterministic stand-in, not an LLM), skill ${show(v.skillPath)}`,
    '',
    markdownTable([
      ['skill', 'boundary', 'expected', 'result', 'failed checks'],
      ...v.rows.map((r) => [r.skill, r.variant, r.expected, r.actual === r.expected ? r.actual : `**${r.actual}**`, r.failed.join(', ')]),
    ]),
    '',
  ];
  const rejected = v.rows.filter((r) => r.actual === 'rejected');
  if (rejected.length) {
    lines.push('why each rejection:');
    for (const r of rejected) lines.push(`  ${r.skill}, ${r.variant} (${show(r.evidence)}):`, ...r.findings.map((f) => `    - ${f}`));
    lines.push('');
  }
  if (v.problems.length === 0) {
    lines.push('✅ acceptor trusted: the full skill is accepted at every boundary, and each removed practice is rejected at exactly its boundaries.');
  } else {
    lines.push('❌ acceptor NOT trusted here:', ...v.problems.map((p) => `  - ${p}`));
  }
  return lines.join('\n') + '\n';
}
