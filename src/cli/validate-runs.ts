// `trialgate validate <fixture>` for a fixture proved by runs that must each be accepted or rejected: a
// tool-using fixture's reference agent at every boundary with its full skill and without each practice,
// a code fixture's solutions. Whatever the kind, the rows say what ran, what was expected and what came.
import { markdownTable } from 'markdown-table';
import type { RunsValidation } from '../kinds/contract.ts';
import { displayPath } from './paths.ts';

export function renderRunsValidation(v: RunsValidation, cwd: string): string {
  const show = (path: string) => displayPath(path, cwd);
  const lines = [
    `fixture: ${show(v.fixture.dir)} (${v.fixture.manifest.title})`,
    `${v.subject} ${show(v.subjectPath)}`,
    '',
    markdownTable([
      [...v.columns, 'expected', 'result', 'failed checks'],
      ...v.rows.map((r) => [r.subject, r.variant, r.expected, r.actual === r.expected ? r.actual : `**${r.actual}**`, r.failed.join(', ')]),
    ]),
    '',
  ];
  const explained = v.rows.filter((r) => r.actual !== 'accepted' || r.actual !== r.expected);
  if (explained.length) {
    lines.push('why:');
    for (const r of explained) lines.push(`  ${r.subject}, ${r.variant} (${show(r.evidence)}):`, ...r.findings.map((f) => `    - ${f}`));
    lines.push('');
  }
  for (const note of v.notes ?? []) lines.push(`⚠ ${note}`);
  if (v.notes?.length) lines.push('');
  if (v.judged === 'candidate') {
    // A given candidate is what is on trial: what it fails is its own, not the acceptor's.
    if (v.problems.length === 0) lines.push(`✅ the candidate is accepted: ${v.proved}`);
    else
      lines.push(
        '❌ the candidate is rejected (the acceptor is proved on the fixture’s own solutions: trialgate validate without --candidate):',
        ...v.problems.map((p) => `  - ${p}`),
      );
  } else if (v.problems.length === 0) lines.push(`✅ acceptor trusted: ${v.proved}`);
  else lines.push('❌ acceptor NOT trusted here:', ...v.problems.map((p) => `  - ${p}`));
  return lines.join('\n') + '\n';
}
