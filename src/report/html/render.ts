// report.html's parts from its view model: one file, inline style and script, no network (a Content
// Security Policy forbids every load and any script but the page's own), readable without JavaScript.
// The overview and the task × check matrix are plain HTML. A task's body (its checks with their rules,
// its figures, and its trials: reports, timelines, logs, files, diffs) is inlined while the page stays
// small; past that it waits in a JSON block until the task is opened, so a run of thousands of tasks
// opens fast, and without JavaScript each task lists its trial directories. write.ts puts the parts
// together in order, one trial at a time. Pure.
import { createHash } from 'node:crypto';
import { ratio, seconds, thousands, usd } from '../format.ts';
import { SCRIPT, STYLE } from './assets.ts';
import { attr, scriptJson, text } from './escape.ts';
import type { NotePart } from '../format.ts';
import type {
  Blob,
  BoundaryView,
  KindEvidenceView,
  CellView,
  Column,
  DenominatorsView,
  DiffView,
  FiguresView,
  ReportModel,
  PageTask,
  TrialView,
  VariantView,
} from './model.ts';
import type { Count } from '../../schemas/comparison.ts';
import { CHECK_SEVERITY } from '../view.ts';
import { plural } from '../../util/counted.ts';

export interface RenderOptions {
  /** Trial details larger than this in total wait in JSON blocks instead of being inlined. */
  inlineLimit?: number;
}

/** Past about this much trial detail, inlining it would slow the first render down. */
export const DEFAULT_INLINE_LIMIT = 2 * 1024 * 1024;

/**
 * Matrix rows in the page as HTML; the rest wait in a JSON block for "show all" or a filter. Laying
 * out a table of thousands of rows is most of the first render's cost; the task list has every task.
 */
export const MATRIX_ROWS = 250;

/** Where a blob goes: a placeholder the script fills, or the blob itself. */
export type BlobSlot = (id: string, tag: 'pre' | 'div', cls: string) => string;

/** The placeholder of a blob that waits in its own JSON block (blobBlock). */
export const blobPlaceholder: BlobSlot = (id, tag, cls) => `<${tag} class="${cls}" data-blob="${id}"></${tag}>`;

/** A blob as the HTML it shows: diffs coloured by line. */
export function blobHtml(blob: Blob): string {
  return blob.kind === 'diff' ? diffLines(blob.text) : text(blob.text);
}

/** Each task's line in the matrix, in the model's order. */
export function matrixRows(model: ReportModel): string[] {
  return model.tasks.map((t) => matrixRow(t, model.columns));
}

/** The page from its head to the start of the tasks: header, overview and the matrix's first rows. */
export function pageStart(model: ReportModel, rows: readonly string[]): string {
  const csp = `default-src 'none'; style-src '${sha256(STYLE)}'; script-src '${sha256(SCRIPT)}'; img-src 'none'; form-action 'none'; base-uri 'none'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="trialgate">
<title>trialgate · ${text(model.trialSet)}</title>
<style>${STYLE}</style>
</head>
<body>
${header(model)}
${overview(model)}
${matrix(model, rows)}
<section id="tasks">
<h2>Tasks</h2>
${model.tasks.length === 0 ? '<p class="muted">No task to show.</p>' : ''}
`;
}

/** After the tasks: the page's script; the JSON blocks it reads follow. */
export const PAGE_SCRIPT = `
</section>
<script>${SCRIPT}</script>
`;

export const PAGE_END = `
</body>
</html>
`;

/** The matrix rows past the first MATRIX_ROWS, waiting for "show all" or a filter; null when there are none. */
export function matrixRestBlock(rows: readonly string[]): string | null {
  return rows.length > MATRIX_ROWS ? `<script type="application/json" id="m-rest">${scriptJson(rows.slice(MATRIX_ROWS).join('\n'))}</script>` : null;
}

/** A blob in its JSON block, for the placeholders that name it. */
export function blobBlock(id: string, html: string): string {
  return `<script type="application/json" id="${id}">${scriptJson(html)}</script>`;
}

/**
 * A lazy task's body: a JSON array of its parts, one trial each, that the script joins with line breaks.
 * Written as its opening, each part on a line of its own, and its close.
 */
export const lazyBodyOpen = (i: number) => `<script type="application/json" id="d-${i}">[`;
export const lazyBodyPart = (part: string, first: boolean) => `${first ? '' : ','}${scriptJson(part)}`;
export const LAZY_BODY_CLOSE = ']</script>';

/** A task whose body waits in its JSON block; without JavaScript it lists its trial directories. */
export function lazyTaskHtml(t: PageTask, i: number): string {
  return taskHtml(t, `<div data-lazy="d-${i}">${noscript(t)}</div>`);
}

function sha256(source: string): string {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}

function header(m: ReportModel): string {
  const run = (r: ReportModel['runs']['head']) => `<code>${text(r.sha ?? 'unknown')}</code>${r.ref ? ` (${text(r.ref)})` : ''} started ${text(r.startedAt)}`;
  return `<header>
<h1>trialgate · ${text(m.trialSet)}</h1>
<p class="verdict v-${m.verdict.state}" id="verdict">${text(m.verdict.headline)}</p>
${m.causes.length ? `<ol class="causes" id="causes">${m.causes.map((c) => `<li><a href="#${c.anchor}">${text(c.title)}</a>${c.lines.length ? `<ul class="flat">${c.lines.map((l) => `<li>${text(l)}</li>`).join('')}</ul>` : ''}</li>`).join('')}</ol>` : ''}
${m.notes.length ? `<ul class="notes">${m.notes.map((n) => `<li>${noteHtml(n)}</li>`).join('')}</ul>` : ''}
<p class="muted">Head commit ${run(m.runs.head)}${m.runs.bases.length ? ` · base commit ${m.runs.bases.map(run).join('; ')}` : ''}.${[m.runs.head, ...m.runs.bases].some((r) => r.sha === null) ? ' (unknown: the run recorded no git commit, as it was not made in a git checkout with a commit.)' : ''}${m.policy ? ` Policy ${text(m.policy)}.` : ''}</p>
</header>`;
}

/** A note as the comment renders it: its code spans as code, its links into the repository live, the rest as text. */
function noteHtml(parts: readonly NotePart[]): string {
  return parts
    .map((p) => (p.kind === 'text' ? text(p.text) : p.kind === 'span' ? `<code>${text(p.text)}</code>` : `<a href="${attr(p.url)}">${text(p.label)}</a>`))
    .join('');
}

function overview(m: ReportModel): string {
  const counts = m.checkCounts
    ? `<p>Gated checks of the compared tasks: ${CHECK_SEVERITY.map((s) => `<span class="chip s-${s}">${thousands(m.checkCounts![s])} ${s}</span>`).join('')}</p>`
    : '';
  const rules = m.denominators.flatMap((d) => [
    ...d.figures.envErrorRules.map((r) => `<li>${text(d.side)}: ${text(r.rule)} ×${r.trials}</li>`),
    ...(d.figures.holdoutEnvErrors > 0 ? [`<li>${text(d.side)}: ${d.figures.holdoutEnvErrors} in holdout tasks</li>`] : []),
  ]);
  return `<section id="overview">
<h2>Overview</h2>
${counts}
${holdout(m)}
<table class="denominators"><thead><tr><th>side</th><th>runs</th><th>trials per task (k)</th><th>tasks</th><th>trials launched</th><th>executed</th><th>env errors</th><th>unexecuted</th></tr></thead><tbody>
${m.denominators.map((d) => denominatorRow(d.side, d.figures)).join('\n')}
</tbody></table>
<p class="muted">Rates count executed trials only. Env errors are excluded from every rate: the environment failed, not the agent. Unexecuted trials never started.</p>
${rules.length ? `<p>Env error rules:</p><ul class="flat">${rules.join('')}</ul>` : ''}
</section>`;
}

function denominatorRow(side: string, d: DenominatorsView): string {
  return `<tr><th>${text(side)}</th><td>${d.runs}</td><td>${d.k.join(', ')}</td><td>${thousands(d.tasks)}</td><td>${thousands(d.launched)}</td><td>${thousands(d.executed)}</td><td>${thousands(d.envErrors)}</td><td>${thousands(d.unexecuted)}</td></tr>`;
}

function holdout(m: ReportModel): string {
  const h = m.holdout;
  if (!h) return '';
  const checks = h.checks ? ` · gated checks: ${CHECK_SEVERITY.map((s) => `<span class="chip s-${s}">${thousands(h.checks![s])} ${s}</span>`).join('')}` : '';
  const pass = h.basePasses ? `${ratio(h.basePasses)} → ${ratio(h.headPasses)}` : ratio(h.headPasses);
  return `<p id="holdout"><b>Holdout</b> (aggregate only, no task is named): ${h.tasks.map((t) => `${thousands(t.n)} ${text(t.state)}`).join(', ')} · trial pass ${pass}${checks}</p>`;
}

const STATE_WORDS: Record<string, string> = {
  regressed: 'below base by the policy (gated)',
  undecided: 'cannot be decided (its environment errors or its base leave too little): rerun',
  suspect: 'below base, not significant (not gated)',
  improved: 'above base by the policy',
  flaky: 'mixed trials, no significant change',
  unchanged: 'every trial alike on both sides',
  passing: 'every head trial succeeded (no base)',
  failing: 'no head trial succeeded (no base)',
  mixed: 'some head trials succeeded (no base)',
  none: 'no executed trial',
  new: 'not in the base',
  removed: 'not in the head',
  changed: 'the fixture changed: not compared',
  incomparable: 'another acceptor or budget: not compared',
  not_rerun: 'unaffected by the change: not rerun, neither passed nor regressed',
};

function matrix(m: ReportModel, rows: readonly string[]): string {
  const states = [...new Set(m.tasks.flatMap((t) => [t.state, ...t.cells.map((c) => c.state)]))];
  const taskStates = [...new Set(m.tasks.map((t) => t.state))];
  const legend = states.map((s) => `<span class="chip s-${s}" title="${attr(STATE_WORDS[s] ?? s)}">${s}</span>`).join('');
  const head = `<tr><th>task</th><th>state</th><th>trials passed</th>${m.columns.map((c) => `<th title="${attr(c.full)}">${text(c.title)}</th>`).join('')}</tr>`;
  // Fixed column widths: the browser lays out thousands of rows without measuring every cell first.
  const cols = `<colgroup><col class="w-task"><col class="w-state"><col class="w-count">${m.columns.map((c) => `<col class="${c.keys.length === 1 ? 'w-count' : 'w-kind'}">`).join('')}</colgroup>`;
  return `<section id="matrix">
<h2>Task × check</h2>
<p class="legend">Cells are base → head successes/trials (head only without a base); colour by state: ${legend}</p>
<div class="toolbar" id="toolbar" hidden>
<input id="filter" type="search" placeholder="filter tasks by id" aria-label="filter tasks by id">
${taskStates.map((s) => `<button type="button" data-state="${s}" aria-pressed="true" class="s-${s}">${s} (${m.tasks.filter((t) => t.state === s).length})</button>`).join('')}
<button type="button" id="expand">expand shown (first 50)</button><button type="button" id="collapse">collapse all</button>
<span id="shown" class="muted"></span>
</div>
<div class="wrap"><table>${cols}<thead>${head}</thead><tbody>
${rows.slice(0, MATRIX_ROWS).join('\n')}
</tbody></table></div>
${columnLegend(m)}
${rows.length > MATRIX_ROWS ? `<p id="more-rows" class="muted">The table shows the ${MATRIX_ROWS} most severe of ${thousands(rows.length)} tasks; the task list below has every one. <button type="button" id="show-rows" hidden>show all ${thousands(rows.length)} rows</button></p>` : ''}
</section>`;
}

const MAX_LEGEND = 50;

/**
 * What each column checks, in words below the table (a fault's label, not only on hover): a column's
 * title is the check's short name, too narrow for its label; a shared column lists every check in it.
 */
function columnLegend(m: ReportModel): string {
  const labels = new Map<string, string>();
  for (const col of m.columns) {
    if (col.keys.length === 1) {
      if (col.full !== col.title) labels.set(col.keys[0]!, col.full);
      continue;
    }
    for (const t of m.tasks) for (const c of t.cells) if (col.keys.includes(c.key) && !labels.has(c.key)) labels.set(c.key, c.label);
  }
  if (labels.size === 0) return '';
  const shown = [...labels.values()].slice(0, MAX_LEGEND);
  const more = labels.size > MAX_LEGEND ? `; and ${thousands(labels.size - MAX_LEGEND)} more` : '';
  return `<p class="legend" id="columns">Columns: ${shown.map((l) => text(l)).join('; ')}${more}.</p>`;
}

function matrixRow(t: PageTask, columns: readonly Column[]): string {
  const cells = columns.map((col) => {
    const found = t.cells.filter((c) => col.keys.includes(c.key));
    if (found.length === 0) return '<td></td>';
    if (col.keys.length === 1)
      return `<td class="cell s-${found[0]!.state}" title="${attr(cellTitle(found[0]!))}">${counts(found[0]!.base, found[0]!.head)}</td>`;
    return `<td class="kind">${found.map((c) => `<span class="c s-${c.state}" title="${attr(cellTitle(c))}">${text(c.key.slice(c.key.indexOf(':') + 1))} ${counts(c.base, c.head)}</span>`).join('')}</td>`;
  });
  return `<tr data-state="${t.state}"><th class="task"><a href="#${t.anchor}">${text(t.id)}</a></th><td class="s-${t.state}">${text(t.stateText)}</td><td>${counts(t.pass.base, t.pass.head)}</td>${cells.join('')}</tr>`;
}

function cellTitle(c: CellView): string {
  return `${c.label}: ${c.state}${c.rule ? ` — ${c.rule}` : ''}${c.gated ? '' : ' (not gated)'}`;
}

function counts(base: Count | null, head: Count | null): string {
  if (base === null) return ratio(head);
  return `${ratio(base)} → ${ratio(head)}`;
}

export function taskHtml(t: PageTask, body: string): string {
  const wall = t.figures.find((f) => f.side === 'head')?.wallMs;
  return `<details class="task" id="${t.anchor}" data-state="${t.state}"><summary><span class="chip s-${t.state}">${text(t.stateText)}</span> <b>${text(t.id)}</b> · trial pass ${counts(t.pass.base, t.pass.head)}${wall === undefined ? '' : ` · ${seconds(wall)}`}</summary>
<div class="body">${body}</div></details>`;
}

/**
 * The first parts of a task's body, before its trials (one part each, trialHtml): the body is the lines
 * of its parts, so a task of thousands of trials is never one string.
 */
export function taskHeadParts(t: PageTask): string[] {
  return [
    t.differs.length
      ? `<p>Not compared: ${t.differs.map((d) => `${text(d.field)} <code>${text(d.base)}</code> → <code>${text(d.head)}</code>`).join('; ')}.</p>`
      : '',
    t.pooled ? `<p class="muted">${text(t.pooled)}.</p>` : '',
    t.cells.length ? checkTable(t.cells) : '',
    t.figures.length ? figuresTable(t.figures) : '',
  ].filter(Boolean);
}

function checkTable(cells: readonly CellView[]): string {
  const rules = cells.some((c) => c.rule !== null);
  const rows = cells.map(
    (c) =>
      `<tr><td>${text(c.label)}</td><td class="nw">${counts(c.base, c.head)}</td><td class="nw s-${c.state}">${c.state}${c.gated ? '' : ' (not gated)'}</td>${rules ? `<td class="rule">${text(c.rule ?? '')}</td>` : ''}</tr>`,
  );
  return `<table class="checks"><thead><tr><th>check</th><th>${cells.some((c) => c.base) ? 'base → head' : 'head'}</th><th>state</th>${rules ? '<th>why (the policy’s test)</th>' : ''}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function figuresTable(figures: readonly FiguresView[]): string {
  const usage = figures.some((f) => f.tokens !== null || f.costUsd !== null);
  const rows = figures.map(
    (f) =>
      `<tr><th>${f.side}</th><td>${f.passes}/${f.executed}</td><td>${fraction(f.passPowK)}</td><td>${f.envErrors}</td><td>${f.unexecuted}</td><td>${seconds(f.wallMs)}</td>${usage ? `<td>${f.tokens === null ? '' : thousands(f.tokens)}</td><td>${f.costUsd === null ? '' : usd(f.costUsd)}</td>` : ''}</tr>`,
  );
  const rules = figures.flatMap((f) => f.envErrorRules.map((r) => `<li>${f.side}: ${text(r.rule)} ×${r.trials}</li>`));
  return `<table class="figures"><thead><tr><th></th><th>trials passed</th><th title="the estimated chance that k trials in a row all pass">all k passed (pass^k)</th><th>env errors (excluded)</th><th>not started</th><th>wall time</th>${usage ? '<th>tokens</th><th>cost</th>' : ''}</tr></thead><tbody>${rows.join('')}</tbody></table>
${rules.length ? `<p>Env errors, excluded from every rate:</p><ul class="flat">${rules.join('')}</ul>` : ''}`;
}

function fraction(x: number | null): string {
  return x === null ? '' : x.toFixed(2);
}

function noscript(t: PageTask): string {
  const lines = t.trials.map(
    (tr) => `<li>trial ${tr.trial}: ${text(tr.outcome)} (${text(tr.stopReason)}) · ${seconds(tr.wallMs)} · <code>${text(tr.evidencePath)}</code></li>`,
  );
  return `<noscript><p class="muted">This task's checks, figures and trials' evidence open with JavaScript; without it, read the trial directories beside this file.</p><ul class="flat">${lines.join('')}</ul></noscript>`;
}

export function trialHtml(tr: TrialView, blob: BlobSlot): string {
  const timing = `${seconds(tr.wallMs)} wall${tr.agentMs === null ? '' : `, agent ${seconds(tr.agentMs)}`}`;
  const parts = [
    tr.envError ? `<p class="bad">Env error (excluded from every rate): ${text(tr.envError)}</p>` : '',
    layersTable(tr),
    checksLine(tr.checks),
    tr.usage.length
      ? `<p>Usage: ${tr.usage.map((u) => `${u.name.replace('_', ' ')} ${u.name === 'cost_usd' ? usd(u.value) : thousands(u.value)}`).join(' · ')}</p>`
      : '',
    tr.evidenceNote ? `<p class="muted">Evidence: ${text(tr.evidenceNote)}.</p>` : '',
    tr.variants.length ? `<h4>Variant reports</h4>${tr.variants.map(variantHtml).join('')}` : '',
    ...tr.kindEvidence.map(kindEvidenceHtml),
    tr.boundaries.length ? `<h4>Boundary runs</h4>${tr.boundaries.map((b) => boundaryHtml(b, blob)).join('')}` : '',
    tr.log ? `<h4>Agent log (tail)</h4>${cut(tr.log.cutBytes)}${blob(tr.log.blob, 'pre', 'log')}` : '',
    tr.changes
      ? `<h4>Changes against what the trial gave it</h4>${blob(tr.changes.blob, 'pre', 'diff')}${tr.changes.cutBytes > 0 ? `<p class="muted">… ${thousands(tr.changes.cutBytes)} more bytes not shown.</p>` : ''}`
      : '',
    tr.files ? filesHtml(tr, blob) : '',
    tr.diff ? diffHtml(tr.diff, blob) : '',
    tr.problems.length ? `<p>Problems reading the evidence:</p><ul class="flat">${tr.problems.map((p) => `<li>${text(p)}</li>`).join('')}</ul>` : '',
  ];
  return `<details class="trial o-${attr(tr.outcome)}"${tr.outcome === 'pass' ? '' : ' open'}><summary>trial ${tr.trial} · <b>${text(tr.outcome)}</b> · ${text(tr.stopReason)}${tr.cause ? ` (${text(tr.cause)})` : ''} · ${timing} · <code>${text(tr.evidencePath)}</code></summary>
${parts.filter(Boolean).join('\n')}
</details>`;
}

/** Failed checks by their label; succeeded ones by name only, in one chip: they are most of a big run. */
function checksLine(checks: TrialView['checks']): string {
  const failed = checks.filter((c) => !c.ok).map((c) => `<span class="c s-failing">✗ ${text(c.label)}</span>`);
  const passed = checks.filter((c) => c.ok).map((c) => text(c.key.slice(c.key.indexOf(':') + 1)));
  return checks.length ? `<p>${failed.join('')}${passed.length ? `<span class="c s-passing">✓ ${passed.join(', ')}</span>` : ''}</p>` : '';
}

function layersTable(tr: TrialView): string {
  const state = (ok: boolean | null) => (ok === null ? '<td class="na">n/a</td>' : ok ? '<td class="ok">ok</td>' : '<td class="bad">failed</td>');
  const rows = tr.layers.map((l) => `<tr><th>${l.name}</th>${state(l.ok)}<td>${list(l.failures)}</td></tr>`);
  const t = tr.trajectory;
  const figures = [t.steps === null ? '' : `${t.steps} steps`, t.retries === null ? '' : `${t.retries} retries`].filter(Boolean).join(', ');
  rows.push(`<tr><th>trajectory</th><td>${figures}</td><td>${list(t.notes)}</td></tr>`);
  return `<table class="layers"><tbody>${rows.join('')}</tbody></table>`;
}

function list(items: readonly string[]): string {
  return items.length ? `<ul class="flat">${items.map((i) => `<li>${text(i)}</li>`).join('')}</ul>` : '';
}

function variantHtml(v: VariantView): string {
  const r = v.report;
  const head = `${text(v.variant)}${v.label ? ` — ${text(v.label)}` : ''}${v.verdict ? ` · <b>${text(v.verdict)}</b>` : ''}${r ? ` · ${r.passed}/${r.executed} passed of ${r.planned} planned` : ''}`;
  const body = [
    v.reason ? `<p>${text(v.reason)}</p>` : '',
    r && (!r.complete || r.blocked)
      ? `<p class="bad">${r.complete ? '' : 'incomplete'}${!r.complete && r.blocked ? ', ' : ''}${r.blocked ? 'blocked' : ''}</p>`
      : '',
    r?.error ? `<p class="bad">Error: ${text(r.error)}</p>` : '',
    r && r.failing.length
      ? `<table><thead><tr><th>record</th><th>status</th><th>assertion</th><th>expected / actual</th><th>caught</th></tr></thead><tbody>${r.failing
          .map(
            (f) =>
              `<tr><td>${text(f.test)}</td><td>${text(f.status)}</td><td><code>${text(f.assertion ?? '')}</code></td><td><code>${text(f.traceback ?? '')}</code></td><td>${f.caught ? `<b>${text(f.caught)}</b>` : ''}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '',
    r === null ? '<p class="muted">No report file for this variant.</p>' : '',
  ];
  return `<details class="sub"><summary>${head}</summary>${body.filter(Boolean).join('')}</details>`;
}

/** A kind's own evidence file, as its declared view shows it: lines, then a table. */
function kindEvidenceHtml(e: KindEvidenceView): string {
  const table = e.table
    ? `<table><thead><tr>${e.table.header.map((h) => `<th>${text(h)}</th>`).join('')}</tr></thead><tbody>${e.table.rows
        .map((r) => `<tr>${r.map((c) => `<td>${text(c)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`
    : '';
  return `<h4>${text(e.title)} <span class="muted"><code>${text(e.path)}</code></span></h4>${e.lines.length ? list(e.lines) : ''}${table}`;
}

function boundaryHtml(b: BoundaryView, blob: BlobSlot): string {
  const verdict = b.accepted === null ? '' : b.accepted ? ' · <span class="ok">handled safely</span>' : ' · <span class="bad">not handled</span>';
  const timeline = b.timeline.map((x) => {
    const upstream = x.upstream.length ? ` · service answered ${x.upstream.join(', ')}` : ' · not delivered to the service';
    const bodies = [
      x.requestBody ? `request <code>${text(x.requestBody)}</code>` : '',
      x.responseBody ? `response <code>${text(x.responseBody)}</code>` : '',
    ].filter(Boolean);
    return `<li class="${x.fault ? 'fault' : ''}"><span class="muted">#${x.seq} +${x.atMs} ms</span> <code>${text(x.call)}</code> → ${x.response === null ? '<b>no answer (dropped)</b>' : x.response}${x.delivered > 1 ? ` · delivered ×${x.delivered}` : ''}${upstream}${x.fault ? ` <mark class="fault">fault: ${text(x.fault)}</mark>` : ''}${bodies.length ? `<br><span class="mono">${bodies.join(' · ')}</span>` : ''}</li>`;
  });
  const body = [
    b.findings.length ? `<ul class="flat">${b.findings.map((f) => `<li><b>${text(f.kind)}</b>: ${text(f.text)}</li>`).join('')}</ul>` : '',
    `<p>Timeline (${b.timeline.length + b.cutExchanges} tool calls${b.cutExchanges ? `, the first ${b.timeline.length} shown` : ''}; the injected fault marked):</p><ol class="timeline">${timeline.join('')}</ol>`,
    b.goals.length ? `<p>Goal versions:</p><ul class="flat">${b.goals.map((g) => `<li><code>${text(g)}</code></li>`).join('')}</ul>` : '',
    b.log ? `<p>Agent log (tail):</p>${cut(b.log.cutBytes)}${blob(b.log.blob, 'pre', 'log')}` : '',
    b.problems.length ? list(b.problems) : '',
  ];
  return `<details class="sub"${b.accepted === false ? ' open' : ''}><summary>${text(b.variant)}${b.label ? ` — ${text(b.label)}` : ''}${verdict} · ${plural(b.timeline.length + b.cutExchanges, 'call')}</summary>${body.filter(Boolean).join('')}</details>`;
}

function cut(bytes: number): string {
  return bytes > 0 ? `<p class="muted">… ${thousands(bytes)} earlier bytes not shown.</p>` : '';
}

function filesHtml(tr: TrialView, blob: BlobSlot): string {
  const files = tr.files!.map(
    (f) =>
      `<details class="sub"><summary><code>${text(f.path)}</code> <span class="muted">${thousands(f.size)} bytes${f.why ? ` · not shown: ${text(f.why)}` : ''}</span></summary>${f.blob ? blob(f.blob, 'pre', 'file') : ''}</details>`,
  );
  return `<h4>Candidate files</h4>${files.length ? files.join('') : '<p class="muted">The candidate directory is empty.</p>'}${tr.unlistedFiles ? `<p class="muted">${tr.unlistedFiles} more files not listed.</p>` : ''}`;
}

function diffHtml(d: DiffView, blob: BlobSlot): string {
  const changed = d.files.filter((f) => f.change !== 'same');
  const same = d.files.length - changed.length;
  const files = changed.map(
    (f) =>
      `<details class="sub"${f.blob ? ' open' : ''}><summary><code>${text(f.path)}</code> · ${f.change}${f.why ? `: ${text(f.why)}` : ''}</summary>${f.blob ? blob(f.blob, 'pre', 'diff') : ''}</details>`,
  );
  const summary =
    d.files.length === 0
      ? 'the base candidate directory is not there'
      : changed.length === 0
        ? 'no file differs'
        : `${plural(changed.length, 'file')} ${changed.length === 1 ? 'differs' : 'differ'}${same ? `, ${same} the same` : ''}`;
  return `<h4>Against the base candidate <code>${text(d.against)}</code></h4><p>${summary}.</p>${files.join('')}`;
}

function diffLines(patch: string): string {
  return patch
    .split('\n')
    .map(
      (line) =>
        `<span class="${line.startsWith('@@') ? 'd-hunk' : line.startsWith('+') ? 'd-add' : line.startsWith('-') ? 'd-del' : 'd-ctx'}">${text(line)}</span>`,
    )
    .join('\n');
}
