import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationNote,
  progressReporter
} from "./chunk-PQ4KEHX4.js";
import {
  newFailures
} from "./chunk-53ON3KT6.js";
import {
  runTrialSet
} from "./chunk-SMCQMIGE.js";
import "./chunk-7AVRNUJ6.js";
import {
  readResultsFile
} from "./chunk-WNSKODN3.js";
import {
  PAIRWISE_FORMAT,
  combineOrders,
  defineJudgedTasks,
  openJudge,
  pairwiseMessages,
  pairwisePosition,
  readEvidence,
  readShown
} from "./chunk-F5JU7TYL.js";
import {
  writeRunFiles
} from "./chunk-G5EN2XWY.js";
import {
  BaseFold,
  analyse,
  commentMarker,
  compareResults,
  defaultAlpha,
  familyBudget,
  fisherLower,
  gateFails,
  policyReach,
  renderComparisonMarkdown,
  renderRunMarkdown,
  screeningBound
} from "./chunk-BZNMFCXS.js";
import {
  loadTrialSet
} from "./chunk-TCQHGJST.js";
import "./chunk-V3BF3RGP.js";
import "./chunk-GIWHJF3W.js";
import "./chunk-AXCA5P2G.js";
import {
  httpStatus,
  recordsBaseline,
  scrub,
  scrubFiles,
  shardArtifactName,
  shardTrialsArtifactName
} from "./chunk-QOEG6YXZ.js";
import "./chunk-FVLX3TVP.js";
import "./chunk-GQ3N5QTO.js";
import "./chunk-MXDSQAGL.js";
import "./chunk-6E6MCQHD.js";
import "./chunk-6VL3ZTP4.js";
import {
  group,
  info,
  notice,
  setFailed,
  setOutput,
  summary,
  warning
} from "./chunk-JM7O32LC.js";
import {
  CorruptZipError
} from "./chunk-6BRYMBDE.js";
import {
  writeHtmlReport
} from "./chunk-ZC67RRID.js";
import {
  code,
  summarizeTask
} from "./chunk-BUWQH57W.js";
import {
  writeInside
} from "./chunk-J6G6AL52.js";
import "./chunk-LGZPU5OA.js";
import "./chunk-RRV7J5M2.js";
import "./chunk-OVH43LBJ.js";
import "./chunk-SVMKXPE7.js";
import "./chunk-XFC4BBCX.js";
import {
  UserInputError
} from "./chunk-EMQXSGHT.js";
import "./chunk-TDSOKKON.js";
import "./chunk-HZGLYA5U.js";

// src/action/main.ts
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join6, relative as relative2 } from "node:path";

// src/results/merge.ts
var MergeError = class extends Error {
  name = "MergeError";
};
function mergeShards(shards, count2) {
  const seen = /* @__PURE__ */ new Map();
  for (const s of shards) {
    const shard = s.run.shard;
    if (!shard || shard.count !== count2) throw new MergeError(`a results file is not shard i/${count2} (it says ${shard ? `${shard.index}/${shard.count}` : "unsharded"})`);
    seen.set(shard.index, (seen.get(shard.index) ?? 0) + 1);
  }
  const missing = range(count2).filter((i) => !seen.has(i));
  const duplicated = [...seen].filter(([, n]) => n > 1).map(([i]) => i);
  if (missing.length) throw new MergeError(`missing shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${count2}`).join(", ")}`);
  if (duplicated.length) throw new MergeError(`shard ${duplicated.map((i) => `${i}/${count2}`).join(", ")} uploaded more than once`);
  const ordered = [...shards].sort((a, b) => a.run.shard.index - b.run.shard.index);
  const merged = combine(ordered);
  const { shard: _shard, ...run } = merged.run;
  for (const task of merged.tasks) {
    const numbers = new Set(task.trials.map((t) => t.trial));
    const absent = range(merged.run.k).filter((n) => !numbers.has(n));
    if (absent.length) throw new MergeError(`task ${task.id}: trial ${absent.join(", ")} is in no shard`);
  }
  return { ...merged, run };
}
function appendRound(first, round) {
  return combine([first, round]);
}
function combine(parts) {
  const [head, ...rest] = parts;
  if (!head) throw new MergeError("nothing to merge");
  for (const p of rest) {
    if (p.trial_set.sha256 !== head.trial_set.sha256) throw new MergeError(`results of different trial sets (${head.trial_set.name} ${short(head.trial_set.sha256)} vs ${p.trial_set.name} ${short(p.trial_set.sha256)})`);
    if (p.run.git_sha !== head.run.git_sha) throw new MergeError(`results of different commits (${head.run.git_sha} vs ${p.run.git_sha})`);
    if (p.watched.sha256 !== head.watched.sha256) throw new MergeError("results of different prompt/skill versions (watched files differ)");
  }
  const tasks = /* @__PURE__ */ new Map();
  for (const part of parts) {
    for (const task of part.tasks) {
      const known = tasks.get(task.id);
      if (!known) {
        tasks.set(task.id, { ...task, trials: [...task.trials] });
        continue;
      }
      if (known.fixture_sha256 !== task.fixture_sha256) throw new MergeError(`task ${task.id}: fixture differs between the parts`);
      for (const trial of task.trials) {
        if (known.trials.some((t) => t.trial === trial.trial)) throw new MergeError(`task ${task.id}: trial ${trial.trial} appears twice`);
        known.trials.push(trial);
      }
    }
  }
  const k = head.run.k;
  const merged = [...tasks.values()].map((task) => {
    task.trials.sort((a, b) => a.trial - b.trial);
    return { ...task, summary: summarizeTask(task.trials, k, task.faults.map((f) => f.id)) };
  });
  const finished = parts.map((p) => p.run.finished_at).sort().at(-1);
  const started = parts.map((p) => p.run.started_at).sort()[0];
  return { ...head, run: { ...head.run, started_at: started, finished_at: finished }, tasks: merged };
}
var range = (n) => Array.from({ length: n }, (_, i) => i + 1);
var short = (hash) => hash.slice(0, 12);

// src/compare/confirm.ts
function nextConfirmation(bases, head, options) {
  if (!options.confirmTrials || bases.length === 0) return null;
  const fold = new BaseFold(head);
  bases.forEach((b, i) => fold.add(b, `base results ${i + 1}`));
  const a = analyse(fold, head, options);
  if (!a.comparable || !a.budget) return null;
  const split = familyBudget(a.budget.alpha, a.budget.family, fold.runs, head.run.k, true);
  if (split.confirm <= 0) return null;
  const surely = split.first / Math.max(1, split.family);
  const last = a.looks.length - 1;
  const waiting = /* @__PURE__ */ new Map();
  for (const d of a.drafts) {
    if (d.task.status !== "compared" || d.reached >= last) continue;
    if (!d.checks.some((c) => c.gated && ambiguous(c, d.reached, surely))) continue;
    waiting.set(d.reached, [...waiting.get(d.reached) ?? [], d.task.id]);
  }
  if (waiting.size === 0) return null;
  const at = Math.min(...waiting.keys());
  return { look: at + 1, trials: a.looks[at + 1] - a.looks[at], firstTrial: a.looks[at], tasks: waiting.get(at) };
}
function ambiguous(c, reached, surely) {
  if (fisherLower(c.base, c.looks[0]) <= surely) return false;
  for (let i = 0; i <= reached; i++) if (fisherLower(c.base, c.looks[i]) > screeningBound(i)) return false;
  return true;
}
async function confirmSequentially(bases, first, options, run) {
  let head = first;
  const rounds = [];
  for (let round = nextConfirmation(bases, head, options); round; round = nextConfirmation(bases, head, options)) {
    head = appendRound(head, await run(round, head));
    rounds.push(round);
  }
  return { head, rounds };
}

// src/github/baseline.ts
import { join } from "node:path";
var CANDIDATES_PER_BASELINE = 4;
function isEligibleRun(run, opts) {
  return run.id !== opts.currentRunId && run.event === "push" && run.conclusion === "success" && run.head_branch === opts.branch && run.head_repository?.full_name === opts.repoFullName;
}
function selectBaselineRuns(runs, opts) {
  const byId = /* @__PURE__ */ new Map();
  for (const run of runs) if (isEligibleRun(run, opts)) byId.set(run.id, run);
  const eligible = [...byId.values()];
  eligible.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const base = eligible.filter((run) => opts.baseSha !== void 0 && run.head_sha === opts.baseSha);
  return [...base.slice(0, 1), ...eligible.filter((run) => run !== base[0])];
}
function pickArtifact(artifacts, name) {
  const named = artifacts.filter((a) => a.name === name || attemptOf(a.name, name) !== null).sort((a, b) => b.id - a.id);
  const artifact = named.find((a) => !a.expired);
  return artifact ? { artifact } : named[0] ? { expired: named[0] } : {};
}
function attemptArtifactName(name, attempt) {
  return attempt > 1 ? `${name}-attempt-${attempt}` : name;
}
function attemptOf(artifactName, name) {
  const match = artifactName.startsWith(`${name}-attempt-`) ? /^(\d+)$/.exec(artifactName.slice(name.length + "-attempt-".length)) : null;
  return match ? Number(match[1]) : null;
}
async function findBaselines(client, opts) {
  const workflow = opts.workflow ?? (await client.getRun(client.runId)).workflow_id;
  const filter = { branch: opts.branch, event: "push", status: "success" };
  const recent = await client.listWorkflowRuns(workflow, filter, opts.maxRuns * CANDIDATES_PER_BASELINE);
  const atBase = opts.baseSha ? await client.listWorkflowRuns(workflow, { ...filter, head_sha: opts.baseSha }, 10) : [];
  const candidates = selectBaselineRuns([...atBase, ...recent], {
    repoFullName: client.fullName,
    branch: opts.branch,
    currentRunId: client.runId,
    ...opts.baseSha ? { baseSha: opts.baseSha } : {}
  });
  const baselines = [];
  const problems = [];
  for (const run of candidates) {
    if (baselines.length >= opts.maxRuns) break;
    const { artifact, expired } = pickArtifact(await client.listRunArtifacts(run.id, opts.artifactName), opts.artifactName);
    if (!artifact) {
      problems.push(
        expired ? { runId: run.id, headSha: run.head_sha, artifactId: expired.id, reason: "expired", detail: `artefact ${opts.artifactName} expired${expired.expires_at ? ` on ${expired.expires_at}` : ""}` } : { runId: run.id, headSha: run.head_sha, reason: "no-artifact", detail: `run has no artefact named ${opts.artifactName}` }
      );
      continue;
    }
    const dir = join(opts.destination, `run-${run.id}`);
    try {
      const files = await client.downloadArtifact({ id: artifact.id, runId: run.id, digest: artifact.digest ?? null }, dir);
      baselines.push({
        runId: run.id,
        headSha: run.head_sha,
        branch: opts.branch,
        createdAt: run.created_at,
        runUrl: run.html_url,
        artifactId: artifact.id,
        dir,
        files,
        isBaseSha: run.head_sha === opts.baseSha
      });
    } catch (error) {
      problems.push({ runId: run.id, headSha: run.head_sha, artifactId: artifact.id, ...downloadProblem(error) });
    }
  }
  baselines.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.runId - a.runId);
  const atBaseSha = baselines.find((b) => b.isBaseSha);
  return {
    workflow,
    branch: opts.branch,
    baselines,
    baseSha: opts.baseSha ? { sha: opts.baseSha, runId: atBaseSha?.runId ?? null } : null,
    problems
  };
}
function downloadProblem(error) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof CorruptZipError) return { reason: "corrupt", detail: `artefact archive is corrupt: ${message}` };
  if (httpStatus(error) === 410) return { reason: "expired", detail: `artefact expired before it could be downloaded (410)` };
  return { reason: "download-failed", detail: message };
}

// src/semantic/pairwise.ts
import { join as join2, resolve, sep } from "node:path";
async function judgePairwise(options) {
  const wanted = options.tasks.filter((t) => t.judge?.items.some((i) => i.pairwise));
  const base = options.bases[0];
  if (wanted.length === 0 || !base) return void 0;
  const defined = await defineJudgedTasks(options.judge, options.projectDir, wanted);
  const opened = await openJudge(options.judge, options.projectDir, { cacheDir: options.cacheDir, scrubber: options.scrubber });
  const items = [];
  const notes = [];
  try {
    if (opened.unavailable) return { items: [], models: [{ model: options.judge.model, answered: 0, inconsistent: 0, first_position: 0, second_position: 0 }], notes: [`No pairwise judgement: ${opened.unavailable}.`] };
    for (const spec of wanted) {
      const headTask = options.head.results.tasks.find((t) => t.id === spec.id);
      const baseTask = base.results.tasks.find((t) => t.id === spec.id);
      if (!headTask || headTask.set === "holdout" || baseTask?.set === "holdout") continue;
      if (!baseTask) {
        notes.push(`${spec.id}: the base run has no such task; nothing to pair.`);
        continue;
      }
      if (baseTask.fixture_sha256 !== headTask.fixture_sha256) {
        notes.push(`${spec.id}: the task's fixture changed between base and head; its candidates answer different tasks and are not paired.`);
        continue;
      }
      const executed = (trials) => trials.filter((t) => t.outcome === "pass" || t.outcome === "fail").sort((a, b) => a.trial - b.trial);
      const [baseTrials, headTrials] = [executed(baseTask.trials), executed(headTask.trials)];
      const n = Math.min(baseTrials.length, headTrials.length, options.judge.pairs);
      const task = defined.get(spec.id);
      for (const { item } of task.items.filter((d) => d.item.pairwise)) {
        const tally = { task: spec.id, item: item.id, model: options.judge.model, pairs: n, head: 0, base: 0, tie: 0, inconsistent: 0, first_position: 0, second_position: 0, undetermined: 0, errors: 0, identical: 0, tokens: 0 };
        for (let i = 0; i < n; i++) {
          const sides = { base: await side(base.dir, baseTrials[i].evidence, item), head: await side(options.head.dir, headTrials[i].evidence, item) };
          const pair = await judgePair(opened.client, { goal: task.goal, question: item.question, maxFileChars: options.judge.max_file_chars, ...sides });
          count(tally, pair.outcome);
          tally.tokens += pair.tokens;
          if (pair.cost !== void 0) tally.cost_usd = (tally.cost_usd ?? 0) + pair.cost;
          if (pair.transcript) await writeInside(options.head.dir, `pairwise/${spec.id}/${item.id}/pair-${i + 1}.json`, JSON.stringify({ base_trial: baseTrials[i].trial, head_trial: headTrials[i].trial, outcome: pair.outcome, ...pair.transcript }, null, 2) + "\n", options.scrubber);
        }
        items.push(tally);
        if (tally.errors > 0) notes.push(`${spec.id} \xB7 ${item.id}: ${tally.errors} pair${tally.errors === 1 ? "" : "s"} not judged: the judge could not be asked (an environment error).`);
      }
    }
  } finally {
    await opened.close();
  }
  const answered = (i) => i.head + i.base + i.tie + i.inconsistent;
  return {
    items,
    models: [
      {
        model: options.judge.model,
        answered: items.reduce((s, i) => s + answered(i), 0),
        inconsistent: items.reduce((s, i) => s + i.inconsistent, 0),
        first_position: items.reduce((s, i) => s + i.first_position, 0),
        second_position: items.reduce((s, i) => s + i.second_position, 0)
      }
    ],
    notes
  };
}
async function side(runDir, trialEvidence, item) {
  const root = resolve(runDir);
  const trialDir = resolve(root, trialEvidence);
  if (!trialDir.startsWith(root + sep)) return { candidate: item.candidate.map((path) => ({ path, text: null })), evidence: item.evidence.map((path) => ({ path, text: null })) };
  return { candidate: await readShown(join2(trialDir, "candidate"), item.candidate), evidence: await readEvidence(join2(trialDir, "evidence"), item.evidence) };
}
async function judgePair(client, pair) {
  if (JSON.stringify(pair.base) === JSON.stringify(pair.head)) return { outcome: "identical", tokens: 0 };
  let tokens = 0;
  let cost;
  const ask = async (a, b) => {
    const asked = await client.ask(pairwiseMessages({ goal: pair.goal, question: pair.question, a, b, maxFileChars: pair.maxFileChars }), PAIRWISE_FORMAT);
    if (!asked.ok) return { position: "error", reason: asked.message };
    if (!asked.cached) tokens += (asked.inputTokens ?? 0) + (asked.outputTokens ?? 0);
    if (asked.costUsd !== void 0 && !asked.cached) cost = (cost ?? 0) + asked.costUsd;
    return pairwisePosition(asked.reply);
  };
  const baseFirst = await ask(pair.base, pair.head);
  const headFirst = await ask(pair.head, pair.base);
  return {
    outcome: combineOrders(baseFirst.position, headFirst.position),
    tokens,
    ...cost === void 0 ? {} : { cost },
    transcript: {
      orders: [
        { shown: "base as A", ...baseFirst },
        { shown: "head as A", ...headFirst }
      ]
    }
  };
}
function count(tally, outcome) {
  switch (outcome) {
    case "head":
    case "base":
    case "tie":
    case "undetermined":
    case "identical":
      tally[outcome] += 1;
      return;
    case "error":
      tally.errors += 1;
      return;
    case "first_position":
    case "second_position":
      tally[outcome] += 1;
      tally.inconsistent += 1;
      return;
    case "inconsistent":
      tally.inconsistent += 1;
      return;
  }
}

// src/action/baselines.ts
import { join as join3 } from "node:path";
async function loadBaseSide(client, options) {
  const lookup = await findBaselines(client, {
    ...options.workflow ? { workflow: options.workflow } : {},
    branch: options.branch,
    baseSha: options.baseSha,
    artifactName: options.artifactName,
    maxRuns: options.maxRuns,
    destination: options.destination
  });
  const notes = lookup.problems.map((p) => `Baseline run ${p.runId} (${short2(p.headSha)}) not used: ${p.detail}.`);
  const bases = [];
  const dirs = [];
  const used = [];
  for (const baseline of lookup.baselines) {
    try {
      const results = await readResultsFile(join3(baseline.dir, "results.json"));
      if (results.trial_set.name !== options.trialSet) {
        notes.push(`Baseline run ${baseline.runId} (${short2(baseline.headSha)}) not used: it holds trial set ${code(results.trial_set.name)}, not ${code(options.trialSet)}.`);
        continue;
      }
      bases.push(results);
      dirs.push(baseline.dir);
      used.push(baseline);
    } catch (error) {
      const why = error instanceof UserInputError ? `results.json: ${error.field || "(top level)"}: ${error.expected}` : "its results.json could not be read";
      notes.push(`Baseline run ${baseline.runId} (${short2(baseline.headSha)}) not used: ${why}.`);
    }
  }
  if (used.length) {
    const newest = used[0];
    let age = `includes the PR's base commit ${short2(options.baseSha)}.`;
    if (!used.some((b) => b.isBaseSha)) {
      const behind = await client.commitsAhead(newest.headSha, options.baseSha);
      age = `the PR's base commit ${short2(options.baseSha)} has no baseline run; the newest baseline (${newest.createdAt}) is ${behind === null ? "an unknown number of commits" : `${behind} commit${behind === 1 ? "" : "s"}`} behind it.`;
    }
    notes.unshift(`Baseline: ${used.length} run${used.length > 1 ? "s" : ""} of ${code(options.branch)} at ${used.map((b) => `[${short2(b.headSha)}](${b.runUrl})`).join(", ")}; ${age}`);
  }
  return { bases, dirs, notes };
}
var short2 = (sha) => sha ? sha.slice(0, 7) : "unknown";

// src/report/failures.ts
var SHOWN = 10;
function newFailureNotes(failures) {
  if (failures.length === 0) return [];
  const lines = failures.slice(0, SHOWN).map((f) => `${code(f.signature)} ${code(f.task)} \xB7 ${code(f.check)} \xB7 ${code(f.criterion)} (evidence ${code(f.occurrence.evidence)})`);
  const more = failures.length > SHOWN ? `; and ${failures.length - SHOWN} more` : "";
  return [`New failures since the base (no base run shows them; \`trialgate failures\` archives them): ${lines.join("; ")}${more}.`];
}

// src/action/publish.ts
import { readdir as readdir2, writeFile } from "node:fs/promises";
import { join as join5 } from "node:path";

// src/github/comment.ts
var DEFAULT_COMMENT_AUTHOR = "github-actions[bot]";
function findMarkedComment(comments, marker, author) {
  return comments.find((c) => c.user?.login === author && (c.body ?? "").includes(marker));
}
async function upsertComment(client, opts) {
  const author = opts.authorLogin ?? DEFAULT_COMMENT_AUTHOR;
  const body = opts.body.includes(opts.marker) ? opts.body : `${opts.marker}
${opts.body}`;
  let step = "list the comments of";
  try {
    const existing = findMarkedComment(await client.listIssueComments(opts.issue), opts.marker, author);
    step = existing ? "update its comment on" : "comment on";
    const written = existing ? await client.updateComment(existing.id, body) : await client.createComment(opts.issue, body);
    return { kind: existing ? "updated" : "created", id: written.id, url: written.html_url, author: written.user?.login ?? author };
  } catch (error) {
    if (httpStatus(error) !== 403) throw error;
    return {
      kind: "not_permitted",
      reason: `the token may not ${step} #${opts.issue} (403: ${error.message}); a pull request from a fork gets a read-only token, or the workflow lacks \`permissions: pull-requests: write\``
    };
  }
}

// src/github/evidence.ts
import { lstat, readdir } from "node:fs/promises";
import { join as join4, relative, resolve as resolve2, sep as sep2 } from "node:path";
async function listEvidenceFiles(root, paths) {
  const absRoot = resolve2(root);
  const files = [];
  const skipped = [];
  const visit = async (path) => {
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) skipped.push(relative(absRoot, path));
    else if (stat.isDirectory()) for (const entry of (await readdir(path)).sort()) await visit(join4(path, entry));
    else if (stat.isFile()) files.push(path);
  };
  for (const path of paths) {
    const abs = resolve2(absRoot, path);
    if (abs !== absRoot && !abs.startsWith(absRoot + sep2)) throw new Error(`evidence path ${path} lies outside ${absRoot}`);
    await visit(abs);
  }
  return { root: absRoot, files: [...new Set(files)], skipped };
}
async function uploadEvidence(client, name, evidence, retentionDays) {
  return client.uploadArtifact(name, evidence.root, evidence.files, retentionDays);
}

// src/action/publish.ts
async function publish(ctx, p) {
  const { inputs, event } = ctx;
  const isolation = isolationNote(p.results);
  if (isolation) warning(isolation);
  const notes = [...isolation ? [isolation] : [], ...p.notes];
  const render = (extra) => scrub(
    p.comparison ? renderComparisonMarkdown(p.comparison, { notes, ...extra, ...extra.evidenceUrl ? { fullReportUrl: extra.evidenceUrl } : {} }) : renderRunMarkdown(p.results, { notes, ...extra }),
    ctx.secrets
  );
  await writeFile(join5(p.runDir, "report.md"), render({}));
  await writeHtmlReport(p.runDir, "report.html", p.results, p.comparison ?? compareResults([], p.results), {
    runDir: p.runDir,
    bases: p.bases ?? [],
    notes,
    redact: (text) => scrub(text, ctx.secrets)
  });
  const notices = [];
  let artifact = null;
  try {
    if (p.trialsArtifactName) {
      const trials = await uploadRunDirectory(ctx, p.runDir, p.trialsArtifactName, "directories");
      if (trials) info(`trialgate: uploaded artefact ${p.trialsArtifactName} (${trials.size} bytes): ${trials.url}`);
    }
    artifact = await uploadRunDirectory(ctx, p.runDir, p.artifactName, p.trialsArtifactName ? "files" : "all");
    info(`trialgate: uploaded artefact ${p.artifactName} (${artifact.size} bytes): ${artifact.url}`);
  } catch (error) {
    notices.push(`The evidence artefact could not be uploaded: ${error.message}`);
  }
  const markdown = render(artifact ? { evidenceUrl: artifact.url } : {});
  let commentUrl = "";
  if (event.kind === "pull_request" && inputs.comment && p.gate) {
    const result = await upsertComment(ctx.client, { issue: event.number, marker: commentMarker(p.results.trial_set.name), body: markdown });
    if (result.kind === "not_permitted") {
      notices.push(`No PR comment: ${result.reason}${event.fromFork ? " (a pull request from a fork gets a read-only token)" : ""}. The full report is this job summary.`);
    } else {
      commentUrl = result.url;
      info(`trialgate: ${result.kind} comment ${result.url}`);
    }
  }
  for (const notice2 of notices) notice(notice2);
  const summary2 = !p.gate ? `### trialgate \xB7 ${p.results.trial_set.name} \xB7 shard ${p.results.run.shard?.index}/${p.results.run.shard?.count}

Uploaded \`${p.artifactName}\`${artifact ? ` ([artefact](${artifact.url}))` : ""}; the merge job compares and gates.
` : markdown;
  await summary.addRaw([...notices.map((n) => `> [!NOTE]
> ${n}
`), summary2].join("\n")).write();
  setOutput("results-path", join5(p.runDir, "results.json"));
  setOutput("artifact-id", artifact ? String(artifact.id) : "");
  setOutput("comment-url", commentUrl);
  if (!p.gate) return;
  setOutput("verdict", p.gate.verdict);
  setOutput("regressions", String(p.gate.regressions));
  if (!artifact) setFailed(notices[0]);
  else if (p.gate.failure) setFailed(`trialgate: ${p.gate.failure}`);
}
async function uploadRunDirectory(ctx, runDir, name, which) {
  const entries = (await readdir2(runDir, { withFileTypes: true })).filter((e) => which === "all" || e.isDirectory() === (which === "directories"));
  if (!entries.length) return null;
  const evidence = await listEvidenceFiles(runDir, entries.map((e) => e.name).sort());
  const changed = await scrubFiles(evidence.files, ctx.secrets);
  if (changed.length) warning(`trialgate: scrubbed secret values from ${changed.length} evidence file(s) before upload`);
  return uploadEvidence(ctx.client, name, evidence, ctx.inputs.retentionDays);
}

// src/action/verdict.ts
var UNGATED = { verdict: "pass", regressions: 0, failure: null };
function decideGate(comparison, inputs) {
  if (!comparison || comparison.verdict === "no_baseline" || comparison.verdict === "incomparable") {
    return {
      verdict: "no-baseline",
      regressions: 0,
      failure: inputs.failWithoutBaseline ? "no baseline results to compare with (fail-without-baseline is true)" : null
    };
  }
  const regressions = comparison.regressions;
  if (!gateFails(comparison)) return { verdict: "pass", regressions, failure: null };
  return {
    verdict: "regression",
    regressions,
    failure: inputs.failOn === "regression" ? `${regressions} regression${regressions === 1 ? "" : "s"} against the base branch (see the comment or job summary)` : null
  };
}

// src/action/main.ts
async function runOpened(opening) {
  const ctx = { ...opening, temp: await mkdtemp(join6(process.env.RUNNER_TEMP ?? tmpdir(), "trialgate-")) };
  sayWhatThePolicyCanReach(ctx);
  if (ctx.inputs.mode === "merge") await mergeAndFinish(ctx);
  else await runAndFinish(ctx);
}
function sayWhatThePolicyCanReach(ctx) {
  const { inputs, set } = ctx;
  if (ctx.event.kind !== "pull_request" || inputs.policy === "strict") return;
  const k = inputs.trials ?? set.config.trials;
  const alpha = inputs.alpha ?? defaultAlpha(inputs.baselineRuns);
  const reach = policyReach("familywise", k, inputs.baselineRuns, alpha);
  if (reach.reachable) return;
  const where = `${relative2(ctx.workspace, set.file) || set.file}: trials: ${k}${inputs.trials ? " (the trials input)" : ""}`;
  if (inputs.policy === "familywise") warning(`trialgate: ${where}: ${reach.note}`);
  else notice(`trialgate: ${where}: ${reach.note}; the comparison uses strict instead`);
}
function runArtifactName(inputs) {
  return attemptArtifactName(inputs.artifactName, Number(process.env.GITHUB_RUN_ATTEMPT ?? 1));
}
async function runAndFinish(ctx) {
  const { inputs } = ctx;
  const runDir = join6(ctx.temp, "run");
  const head = await group("Run the trial set", () => runTrials(ctx, { outDir: runDir, ...inputs.shard ? { shard: inputs.shard } : {} }));
  if (inputs.shard) {
    const { index, count: count2 } = inputs.shard;
    const [name, trialsArtifactName] = [shardArtifactName(inputs.artifactName, index, count2), shardTrialsArtifactName(inputs.artifactName, index, count2)];
    await publish(ctx, { runDir, results: head, comparison: null, notes: [], artifactName: name, gate: null, trialsArtifactName });
    return;
  }
  await finish(ctx, runDir, head);
}
async function mergeAndFinish(ctx) {
  const count2 = ctx.inputs.shardCount;
  if (!count2) throw new Error("mode merge needs the shard input: the number of shards to join, e.g. shard: 4");
  const runDir = join6(ctx.temp, "run");
  await mkdir(runDir, { recursive: true });
  const shards = [];
  const links = [];
  for (const { index, artifact, trials } of await ctx.client.listShardArtifacts(ctx.inputs.artifactName, ctx.client.runId, count2)) {
    const dir = join6(ctx.temp, `shard-${index}`);
    await ctx.client.downloadArtifact({ id: artifact.id, runId: ctx.client.runId, digest: artifact.digest ?? null }, dir);
    shards.push(await readResultsFile(join6(dir, "results.json")));
    const holder = trials ?? artifact;
    links.push(`[${index}/${count2}](${ctx.client.artifactUrl(holder.id)})`);
  }
  const merged = mergeShards(shards, count2);
  await writeRunFiles(runDir, merged);
  info(`trialgate: merged ${count2} shards`);
  await finish(ctx, runDir, merged, [`The trial directories are in the artefacts of the shards: ${links.join(" \xB7 ")}.`]);
}
async function finish(ctx, runDir, firstRound, shardNotes = []) {
  const { inputs, event } = ctx;
  if (event.kind !== "pull_request") {
    const baseline = recordsBaseline(event, inputs.baselineBranches);
    const notes2 = [...shardNotes, baseline ? `Baseline recorded for ${code(event.branch)} at ${short2(firstRound.run.git_sha)}: later pull requests compare with it.` : `Not a baseline: only pushes to ${inputs.baselineBranches.join(", ") || "the default branch"} record one.`];
    await publish(ctx, { runDir, results: firstRound, comparison: null, notes: notes2, artifactName: runArtifactName(inputs), gate: UNGATED });
    return;
  }
  const base = await group(
    "Find the baseline",
    () => loadBaseSide(ctx.client, {
      workflow: inputs.baselineWorkflow,
      branch: event.baseRef,
      baseSha: event.baseSha,
      artifactName: inputs.artifactName,
      maxRuns: inputs.baselineRuns,
      destination: join6(ctx.temp, "baselines"),
      trialSet: ctx.set.config.name
    })
  );
  const options = {
    ...inputs.policy === "auto" ? {} : { policy: inputs.policy },
    ...inputs.alpha === null ? {} : { alpha: inputs.alpha },
    confirmTrials: inputs.confirmTrials ?? 8 * firstRound.run.k
  };
  let head = firstRound;
  const notes = [...shardNotes, ...base.notes];
  if (base.bases.length === 0) notes.push(`No results artefact ${code(inputs.artifactName)} found on ${code(event.baseRef)}${inputs.failWithoutBaseline ? "" : "; regressions cannot fail this check until one exists"}.`);
  const confirmation = await confirmSequentially(
    base.bases,
    head,
    options,
    (round, current) => group(`Confirm: ${round.trials} more trials of ${round.tasks.length} task(s)`, () => confirmationRound(ctx, runDir, current, round))
  );
  head = confirmation.head;
  if (confirmation.rounds.length) {
    await writeRunFiles(runDir, head);
    const dev = new Set(head.tasks.filter((t) => t.set === "dev").map((t) => t.id));
    const steps = confirmation.rounds.map((r) => {
      const shown = r.tasks.filter((id) => dev.has(id)).length;
      return `${r.trials} more trial${r.trials > 1 ? "s" : ""} of ${shown} task${shown === 1 ? "" : "s"}${r.tasks.length > shown ? ` and ${r.tasks.length - shown} holdout` : ""}`;
    });
    notes.push(`Sequential confirmation (up to ${options.confirmTrials} more trials per task where the first round was ambiguous): ${steps.join(", then ")}; the verdict counts every round.`);
  }
  if (base.bases.length) notes.push(...newFailureNotes(newFailures(base.bases, head)));
  const bases = base.bases.map((results, i) => ({ dir: base.dirs[i], results }));
  const pairwise = await group("Model judge: base against head", () => judgeBaseAgainstHead(ctx, runDir, head, bases));
  const comparison = { ...compareResults(base.bases, head, options), ...pairwise ? { pairwise } : {} };
  await publish(ctx, { runDir, results: head, comparison, bases, notes, artifactName: runArtifactName(inputs), gate: decideGate(comparison, inputs) });
}
async function runTrials(ctx, options) {
  const event = ctx.event;
  const pr = event.kind === "pull_request" ? event : null;
  const output = await runTrialSet({
    configPath: ctx.set.file,
    ...ctx.inputs.trials ? { trials: ctx.inputs.trials } : {},
    runInfo: {
      ref: process.env.GITHUB_REF ?? null,
      base_ref: pr?.baseRef ?? null,
      pr_number: pr?.number ?? null,
      workflow_run_id: ctx.client.runId,
      git_sha: pr?.headSha ?? (event.kind === "push" ? event.sha : process.env.GITHUB_SHA ?? null)
    },
    secrets: ctx.secrets.scrubber.patterns,
    onProgress: progressReporter((line) => info(line.trimEnd()), false),
    ...options
  });
  info(`trialgate: results in ${output.resultsPath}`);
  return output.results;
}
async function judgeBaseAgainstHead(ctx, runDir, head, bases) {
  const judge = ctx.set.config.judge;
  if (!judge) return void 0;
  const set = await loadTrialSet(ctx.set.file);
  return judgePairwise({
    judge,
    projectDir: set.dir,
    tasks: set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge })),
    head: { dir: runDir, results: head },
    bases,
    cacheDir: join6(runDir, "judge-cache"),
    scrubber: ctx.secrets.scrubber
  });
}
async function confirmationRound(ctx, runDir, head, round) {
  const roundDir = join6(runDir, `confirmation-${round.look}`);
  const trials = await runTrials(ctx, { outDir: roundDir, tasks: round.tasks, trials: round.trials, firstTrial: round.firstTrial, judgeCache: join6(runDir, "judge-cache") });
  const evidenceIn = relative2(runDir, roundDir);
  return {
    ...trials,
    run: { ...trials.run, k: head.run.k },
    tasks: trials.tasks.map((t) => ({ ...t, trials: t.trials.map((x) => ({ ...x, evidence: `${evidenceIn}/${x.evidence}` })) }))
  };
}
export {
  runOpened
};
