// The format layer of an http-cases candidate: the files parse, every quote is really in the inputs,
// every reference resolves. Every problem is reported in one pass, each naming its file and field.
// Nothing here runs the candidate.
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, normalize } from 'node:path';
import { candidateJson, type CandidateSnapshot } from '../../acceptance/snapshot.ts';
import { CasesFile } from '../../schemas/cases.ts';
import { SpecFile } from '../../schemas/spec.ts';
import { allIssues } from '../../util/errors.ts';

export type CandidateCheck = { ok: true; spec: SpecFile; cases: CasesFile; problems: [] } | { ok: false; problems: string[] };

/** Parse and statically check the candidate's spec.json and cases.json against `inputsDir`. */
export async function checkCandidate(snapshot: CandidateSnapshot, inputsDir: string): Promise<CandidateCheck> {
  const spec = parse(snapshot, 'spec.json', SpecFile);
  const cases = parse(snapshot, 'cases.json', CasesFile);
  if (!spec.ok || !cases.ok) return { ok: false, problems: [...(spec.ok ? [] : spec.problems), ...(cases.ok ? [] : cases.problems)] };
  const problems = [...(await quoteProblems(spec.value, inputsDir)), ...referenceProblems(spec.value, cases.value), ...savedNameProblems(cases.value)];
  return problems.length ? { ok: false, problems } : { ok: true, spec: spec.value, cases: cases.value, problems: [] };
}

function parse<T>(
  snapshot: CandidateSnapshot,
  file: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: import('zod').ZodError } },
) {
  const json = candidateJson(snapshot, file);
  if (!json.ok) return { ok: false as const, problems: [json.problem] };
  const parsed = schema.safeParse(json.value);
  return parsed.success ? { ok: true as const, value: parsed.data } : { ok: false as const, problems: allIssues(file, parsed.error) };
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

async function quoteProblems(spec: SpecFile, inputsDir: string): Promise<string[]> {
  const problems: string[] = [];
  const texts = new Map<string, string | null>();
  for (const [i, rule] of spec.rules.entries()) {
    const where = `spec.json: rules[${i}] (${rule.id})`;
    const file = normalize(rule.source.file);
    if (isAbsolute(file) || file.startsWith('..')) {
      problems.push(`${where}: source.file ${JSON.stringify(rule.source.file)} must be a file inside inputs/`);
      continue;
    }
    if (!texts.has(file)) texts.set(file, await readFile(join(inputsDir, file), 'utf8').then(fold, () => null));
    const text = texts.get(file);
    if (text === null) problems.push(`${where}: source.file ${JSON.stringify(rule.source.file)} is not in inputs/`);
    else if (!text!.includes(fold(rule.source.quote))) {
      problems.push(`${where}: source.quote does not occur in inputs/${file}: ${JSON.stringify(rule.source.quote.slice(0, 80))}`);
    }
  }
  return problems;
}

function referenceProblems(spec: SpecFile, cases: CasesFile): string[] {
  const problems: string[] = [];
  const ruleIds = new Set<string>();
  for (const rule of spec.rules) {
    if (ruleIds.has(rule.id)) problems.push(`spec.json: rule id ${rule.id} is defined twice`);
    ruleIds.add(rule.id);
  }
  const caseIds = new Set<string>();
  for (const [i, c] of cases.cases.entries()) {
    if (caseIds.has(c.id)) problems.push(`cases.json: cases[${i}]: case id ${c.id} is used twice`);
    caseIds.add(c.id);
    for (const rule of c.rules) if (!ruleIds.has(rule)) problems.push(`cases.json: cases[${i}] (${c.id}): unknown rule ${rule}`);
  }
  for (const [i, s] of spec.scenarios.entries()) {
    if (!caseIds.has(s.case)) problems.push(`spec.json: scenarios[${i}]: no case ${s.case} in cases.json`);
    for (const rule of s.rules) if (!ruleIds.has(rule)) problems.push(`spec.json: scenarios[${i}] (${s.case}): unknown rule ${rule}`);
  }
  return problems;
}

/** A saved value must be saved by an earlier step of the same case before a path or expectation uses it. */
function savedNameProblems(cases: CasesFile): string[] {
  const problems: string[] = [];
  for (const [i, c] of cases.cases.entries()) {
    const saved = new Set<string>();
    for (const [j, step] of c.steps.entries()) {
      const used = [
        ...[...step.request.path.matchAll(/\{\{([^}]+)\}\}/g)].map((m) => m[1]!.trim()),
        ...(step.expect?.values ?? []).flatMap((v) => ('equalsSaved' in v ? [v.equalsSaved] : [])),
      ];
      for (const name of used) {
        if (!saved.has(name)) problems.push(`cases.json: cases[${i}].steps[${j}] (${c.id}): uses ${name} before a step saves it`);
      }
      for (const name of Object.keys(step.save ?? {})) saved.add(name);
    }
  }
  return problems;
}
