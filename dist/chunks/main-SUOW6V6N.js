import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  UNGATED,
  WITHOUT_CONFIGURED_PROGRAMS,
  baseCheckoutProblem,
  failureAnnotation,
  gatePullRequest,
  lendInstalled,
  pairedOffNote,
  presentRun,
  regressionLog,
  repositoryPath,
  storedRecord,
  trialRunner
} from "./chunk-JJELKYR7.js";
import {
  progressReporter
} from "./chunk-XRX45AII.js";
import "./chunk-KOH6P4RQ.js";
import {
  REPORTERS,
  baseRunProblem,
  code,
  commentMarker,
  failureLine,
  holdsOtherTrialSet,
  integrityNote,
  isolationNote,
  renderText,
  writeReports
} from "./chunk-7SUBNYKI.js";
import {
  digestOf,
  storedWhole,
  writeStored
} from "./chunk-TAVJP7HT.js";
import {
  mergeShards
} from "./chunk-T37KTUQW.js";
import "./chunk-LYPK62IA.js";
import "./chunk-5PPB757Y.js";
import "./chunk-KIZHXQHB.js";
import {
  readResultsFile
} from "./chunk-THJ3K27E.js";
import "./chunk-LHVQ7BFE.js";
import "./chunk-ZV2SCNKO.js";
import {
  loadTrialSet
} from "./chunk-BEIMHXS6.js";
import "./chunk-TE7J7CZT.js";
import "./chunk-LCBCOSNX.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import {
  actionSecrets,
  httpStatus,
  maskSecrets,
  recordsBaseline,
  scrub,
  scrubFiles,
  shardArtifactName,
  shardTrialsArtifactName,
  workflowFiles
} from "./chunk-SL27COFQ.js";
import {
  unaffectedTasks
} from "./chunk-YUJUUIFZ.js";
import "./chunk-TX4XMRFF.js";
import "./chunk-N2ZZ3NAW.js";
import "./chunk-6FEWE2YT.js";
import {
  plural,
  trialSetSources
} from "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2XP4HRAI.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-2XNPRFH2.js";
import {
  error,
  group,
  info,
  notice,
  setFailed,
  setOutput,
  summary,
  warning
} from "./chunk-3RXD5PBU.js";
import {
  CorruptZipError
} from "./chunk-C3HU7JC5.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-KKIMH4NN.js";
import "./chunk-EYKO5LXT.js";
import {
  UserInputError,
  terminalText
} from "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";

// src/action/main.ts
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join8, relative as relative3 } from "node:path";

// src/github/baseline.ts
import { join } from "node:path";
var CANDIDATES_PER_BASELINE = 4;
function isEligibleRun(run2, opts) {
  return run2.id !== opts.currentRunId && run2.event === "push" && run2.conclusion === "success" && run2.head_branch === opts.branch && run2.head_repository?.full_name === opts.repoFullName;
}
function selectBaselineRuns(runs, opts) {
  const byId = /* @__PURE__ */ new Map();
  for (const run2 of runs) if (isEligibleRun(run2, opts)) byId.set(run2.id, run2);
  const eligible = [...byId.values()];
  eligible.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const base = eligible.filter((run2) => opts.baseSha !== void 0 && run2.head_sha === opts.baseSha);
  return [...base.slice(0, 1), ...eligible.filter((run2) => run2 !== base[0])];
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
  const tip = candidates.some((run2) => run2.head_sha !== opts.baseSha) ? await client.branchTip(opts.branch) : null;
  const baselines = [];
  const problems = [];
  for (const run2 of candidates) {
    if (baselines.length >= opts.maxRuns) break;
    if (tip && run2.head_sha !== opts.baseSha && await client.inHistory(run2.head_sha, tip) === false) {
      problems.push({
        runId: run2.id,
        headSha: run2.head_sha,
        reason: "off-branch",
        detail: `its commit is not in the history of ${opts.branch} (a tag or another ref named ${opts.branch} ran it), so it is not the branch's baseline`
      });
      continue;
    }
    const { artifact, expired } = pickArtifact(await client.listRunArtifacts(run2.id, opts.artifactName), opts.artifactName);
    if (!artifact) {
      problems.push(
        expired ? {
          runId: run2.id,
          headSha: run2.head_sha,
          artifactId: expired.id,
          reason: "expired",
          detail: `artefact ${opts.artifactName} expired${expired.expires_at ? ` on ${expired.expires_at}` : ""}`
        } : { runId: run2.id, headSha: run2.head_sha, reason: "no-artifact", detail: `run has no artefact named ${opts.artifactName}` }
      );
      continue;
    }
    const dir = join(opts.destination, `run-${run2.id}`);
    try {
      const files = await client.downloadArtifact({ id: artifact.id, runId: run2.id, digest: artifact.digest ?? null }, dir);
      const refused = opts.accept ? await opts.accept(dir) : null;
      if (refused) {
        problems.push({ runId: run2.id, headSha: run2.head_sha, artifactId: artifact.id, reason: "unusable", detail: refused });
        continue;
      }
      baselines.push({
        runId: run2.id,
        headSha: run2.head_sha,
        branch: opts.branch,
        createdAt: run2.created_at,
        runUrl: run2.html_url,
        artifactId: artifact.id,
        dir,
        files,
        isBaseSha: run2.head_sha === opts.baseSha
      });
    } catch (error2) {
      problems.push({ runId: run2.id, headSha: run2.head_sha, artifactId: artifact.id, ...downloadProblem(error2) });
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
function downloadProblem(error2) {
  const message = error2 instanceof Error ? error2.message : String(error2);
  if (error2 instanceof CorruptZipError) return { reason: "corrupt", detail: `artefact archive is corrupt: ${message}` };
  if (httpStatus(error2) === 410) return { reason: "expired", detail: `artefact expired before it could be downloaded (410)` };
  return { reason: "download-failed", detail: message };
}

// src/action/artifact-names.ts
function runArtifactName(inputs) {
  return attemptArtifactName(inputs.artifactName, Number(process.env.GITHUB_RUN_ATTEMPT ?? 1));
}
function shardArtifactNames(inputs, index, count) {
  return { results: shardArtifactName(inputs.artifactName, index, count), trials: shardTrialsArtifactName(inputs.artifactName, index, count) };
}

// src/action/baselines.ts
import { join as join2 } from "node:path";
async function loadBaseSide(client, options) {
  const read = /* @__PURE__ */ new Map();
  const otherNamed = [];
  const unusable = [];
  let renamedSince;
  const accept = async (dir) => {
    let results;
    try {
      results = await readResultsFile(join2(dir, "results.json"));
    } catch (error2) {
      return error2 instanceof UserInputError ? `results.json: ${error2.field || "(top level)"}: ${error2.expected}` : "its results.json could not be read";
    }
    if (results.trial_set.name !== options.trialSet) {
      if (holdsOtherTrialSet(results, options.trialSet)) otherNamed.push({ dir, results });
      if (read.size + unusable.length === 0) renamedSince ??= results.trial_set.name;
      return `it holds trial set ${JSON.stringify(results.trial_set.name)}, not ${JSON.stringify(options.trialSet)}`;
    }
    const problem = baseRunProblem(results);
    if (problem) {
      unusable.push({ dir, results });
      return problem;
    }
    read.set(dir, results);
    return null;
  };
  const lookup = await findBaselines(client, {
    ...options.workflow ? { workflow: options.workflow } : {},
    branch: options.branch,
    baseSha: options.baseSha,
    artifactName: options.artifactName,
    maxRuns: options.maxRuns,
    destination: options.destination,
    accept
  });
  const notes = lookup.problems.map((p) => `Baseline run ${p.runId} (${short(p.headSha)}) not used: ${p.detail}.`);
  if (renamedSince !== void 0 && read.size + unusable.length > 0) {
    const older = read.size + unusable.length;
    notes.push(
      `Baseline: the newest runs of ${code(options.branch)} hold trial set ${JSON.stringify(renamedSince)}; ${older} older run${older === 1 ? "" : "s"} of ${JSON.stringify(options.trialSet)} not used: they measured the branch as it was before it renamed the trial set.`
    );
    return { bases: [], notes, otherNamed };
  }
  const unavailable = lookup.problems.filter((p) => p.reason !== "no-artifact" && p.reason !== "unusable").map((p) => `run ${p.runId}: ${p.detail}`);
  const used = lookup.baselines;
  if (used.length) {
    const newest = used[0];
    let age = `includes the PR's base commit ${short(options.baseSha)}.`;
    if (!used.some((b) => b.isBaseSha)) {
      const behind = await client.commitsAhead(newest.headSha, options.baseSha);
      age = `the PR's base commit ${short(options.baseSha)} has no baseline run; the newest baseline (${newest.createdAt}) is ${behind === null ? "an unknown number of commits" : `${behind} commit${behind === 1 ? "" : "s"}`} behind it.`;
    }
    notes.unshift(
      `Baseline: ${used.length} run${used.length > 1 ? "s" : ""} of ${code(options.branch)} at ${used.map((b) => `[${short(b.headSha)}](${b.runUrl})`).join(", ")}; ${age}`
    );
  }
  return {
    bases: used.map((b) => ({ dir: b.dir, results: read.get(b.dir) })),
    notes,
    ...unusable.length ? { unusable } : {},
    ...unavailable.length ? { unavailable } : {},
    ...otherNamed.length ? { otherNamed } : {}
  };
}
var short = (sha) => sha ? sha.slice(0, 7) : "unknown";
function baselineNote(event, baselineBranches, run2) {
  return recordsBaseline(event, baselineBranches) && event.kind === "push" ? `Baseline recorded for ${code(event.branch)} at ${short(run2.run.git_sha)}: later pull requests compare with it.` : `Not a baseline: only pushes to ${baselineBranches.join(", ") || "the default branch"} record one.`;
}

// src/action/gate-ports.ts
import { join as join4, relative } from "node:path";

// src/action/base-checkout.ts
import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";
import { join as join3 } from "node:path";
import { promisify } from "node:util";
var run = promisify(execFile);
async function git(cwd, args) {
  const { stdout } = await run("git", [...WITHOUT_CONFIGURED_PROGRAMS, "-C", cwd, ...args], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}
var firstLine = (e) => String(e.stderr || e.message).trim().split("\n")[0];
async function checkOutBase(workspace, sha, configFile, dir) {
  let configPath;
  try {
    configPath = await repositoryPath(await git(workspace, ["rev-parse", "--show-toplevel"]), configFile);
  } catch {
    return { off: `${workspace} is not a git checkout` };
  }
  if (configPath === null) return { off: `the trial set ${configFile} is not inside the repository without following a link` };
  try {
    await git(workspace, ["cat-file", "-e", `${sha}^{commit}`]).catch(() => git(workspace, ["fetch", "--no-tags", "--depth=1", "origin", sha]));
    await git(workspace, ["worktree", "add", "--detach", dir, sha]);
  } catch (e) {
    return { off: `the base commit ${sha.slice(0, 7)} could not be checked out: ${firstLine(e)}` };
  }
  const remove = async () => void await git(workspace, ["worktree", "remove", "--force", dir]).catch(() => void 0);
  const config = join3(dir, configPath);
  const present = await stat(config).then(
    (s) => s.isFile(),
    () => false
  );
  if (present) return { config, remove };
  await remove();
  return { off: `the base commit has no trial set at ${configPath}` };
}

// src/action/trials.ts
function actionRunner(ctx, base) {
  const event = ctx.event;
  const pr = event.kind === "pull_request" ? event : null;
  const run2 = trialRunner({
    configPath: base?.configPath ?? ctx.set.file,
    ...ctx.inputs.trials ? { trials: ctx.inputs.trials } : {},
    runInfo: {
      ref: base ? `refs/heads/${base.ref}` : process.env.GITHUB_REF ?? null,
      base_ref: pr?.baseRef ?? null,
      pr_number: pr?.number ?? null,
      workflow_run_id: ctx.client.runId,
      git_sha: base?.sha ?? pr?.headSha ?? (event.kind === "push" ? event.sha : process.env.GITHUB_SHA ?? null)
    },
    secrets: ctx.secrets.scrubber.patterns,
    // A fork's pull request runs the fork's code with no secrets: the holdout source is never fetched for it.
    ...pr?.fromFork ? { remoteHoldout: { refused: "a pull request from a fork is never given the holdout source" } } : {},
    onProgress: progressReporter((line) => info(line.trimEnd()), false)
  });
  return async (options) => {
    const record = await run2(options);
    info(`trialgate: results in ${record.resultsPath}`);
    return record;
  };
}
function runHead(ctx, runDir) {
  const unaffected = ctx.scope ? unaffectedTasks(ctx.scope) : /* @__PURE__ */ new Map();
  const options = { outDir: runDir, ...ctx.inputs.shard ? { shard: ctx.inputs.shard } : {}, ...unaffected.size ? { unaffected } : {} };
  return group("Run the trial set", async () => storedRecord(await actionRunner(ctx)(options)));
}

// src/action/gate-ports.ts
async function gateOnGitHub(ctx, event, runDir, firstRound, notes) {
  const { inputs } = ctx;
  const set = await loadTrialSet(ctx.set.file);
  const checkout = join4(ctx.temp, "base-commit");
  const checkedOut = inputs.rerunBase ? await checkOutBase(ctx.workspace, event.baseSha, ctx.set.file, checkout) : null;
  const base = checkedOut ? await usableBase(checkedOut, set, checkout) : null;
  if (base && "off" in base) info(`trialgate: no paired rounds on the base commit: ${base.off}`);
  const baseConfig = base && "config" in base ? base.config : null;
  const stale = staleApprovalNote(event, inputs.approvalLabel);
  const off = checkedOut && "config" in checkedOut && base && "off" in base ? [pairedOffNote(base.off)] : [];
  return gatePullRequest(githubPorts(ctx, event, set, [...notes, ...stale ? [stale] : [], ...off], baseConfig), {
    set,
    runDir,
    scope: ctx.scope,
    changedFiles: ctx.changedFiles,
    gateFiles: await workflowFiles(ctx.workspace),
    ...inputs.trials ? { trials: inputs.trials } : {},
    ...firstRound ? { firstRound } : {},
    settings: {
      ...inputs.policy === "auto" ? {} : { policy: inputs.policy },
      ...inputs.alpha === null ? {} : { alpha: inputs.alpha },
      confirmTrials: inputs.confirmTrials,
      maxTrials: inputs.maxTrials,
      failOn: inputs.failOn,
      failWithoutBaseline: inputs.failWithoutBaseline
    },
    scrubber: ctx.secrets.scrubber
  }).finally(() => base && "remove" in base ? base.remove() : void 0);
}
async function usableBase(base, head, checkout) {
  if ("off" in base) return base;
  const { lent, kept } = await lendInstalled(head, checkout);
  if (lent.length)
    info(
      `trialgate: the base commit's checkout uses the packages this job installed, what the lockfiles beside them pin alone, the same in both commits: ${lent.join(", ")}`
    );
  for (const { path, why } of kept) info(`trialgate: not copied into the base commit's checkout, ${path}: ${why}`);
  const problem = await baseCheckoutProblem(
    base.config,
    head,
    checkout,
    "its checkout",
    // The action makes the checkout, so the fix is where the job installs: beside neither checkout.
    "; for the paired rounds, install what the agent runs system-wide in the workflow, or in a node_modules pinned by a lockfile the same in both commits, from the registry alone (docs/agents.md#where-the-cli-must-be-installed)"
  );
  if (problem === null) return base;
  await base.remove();
  return { off: problem };
}
function githubPorts(ctx, event, set, notes, baseConfig) {
  const { inputs } = ctx;
  return {
    run: actionRunner(ctx),
    ...baseConfig ? { runBase: actionRunner(ctx, { configPath: baseConfig, sha: event.baseSha, ref: event.baseRef }) } : {},
    baseRuns: () => group("Find the baseline", async () => {
      const base = await loadBaseSide(ctx.client, {
        workflow: inputs.baselineWorkflow,
        branch: event.baseRef,
        baseSha: event.baseSha,
        artifactName: inputs.artifactName,
        maxRuns: inputs.baselineRuns,
        destination: join4(ctx.temp, "baselines"),
        trialSet: ctx.set.config.name
      });
      return { ...base, notes: [...notes, ...base.notes], where: `${code(inputs.artifactName)} of ${code(event.baseRef)}` };
    }),
    approval: async () => approvalOf(event, inputs.approvalLabel),
    say: (line) => info(`trialgate: ${line}`),
    warn: (line) => warning(`trialgate: ${relative(ctx.workspace, set.file) || set.file}: ${line}`)
  };
}
function approvalOf(event, label) {
  return event.labeledNow === label ? `the label ${code(label)}, added to the pull request at this commit` : null;
}
function staleApprovalNote(event, label) {
  if (!event.labels.includes(label) || event.labeledNow === label) return null;
  return `The label ${code(label)} is on the pull request from before this run\u2019s commit or event: an approval holds for the commit it was added at, so it approves no change to the measurement here (a maintainer who approves this one removes the label and adds it again).`;
}

// src/action/publish.ts
import { readdir as readdir2 } from "node:fs/promises";
import { join as join6 } from "node:path";

// src/github/comment.ts
var DEFAULT_COMMENT_AUTHOR = "github-actions[bot]";
function findMarkedComment(comments, marker, author) {
  return comments.find((c) => c.user?.login === author && (c.body ?? "").startsWith(marker));
}
async function upsertComment(client, opts) {
  const author = opts.authorLogin ?? DEFAULT_COMMENT_AUTHOR;
  const body = opts.body.startsWith(opts.marker) ? opts.body : `${opts.marker}
${opts.body}`;
  let step = "list the comments of";
  try {
    const existing = findMarkedComment(await client.listIssueComments(opts.issue), opts.marker, author);
    step = existing ? "update its comment on" : "comment on";
    const written = existing ? await client.updateComment(existing.id, body) : await client.createComment(opts.issue, body);
    return { kind: existing ? "updated" : "created", id: written.id, url: written.html_url, author: written.user?.login ?? author };
  } catch (error2) {
    if (httpStatus(error2) !== 403) throw error2;
    return {
      kind: "not_permitted",
      reason: `the token may not ${step} #${opts.issue} (403: ${error2.message}); a pull request from a fork gets a read-only token, or the workflow lacks \`permissions: pull-requests: write\``
    };
  }
}

// src/github/evidence.ts
import { lstat, readdir } from "node:fs/promises";
import { join as join5, relative as relative2, resolve, sep } from "node:path";
async function listEvidenceFiles(root, paths) {
  const absRoot = resolve(root);
  const files = [];
  const skipped = [];
  const visit = async (path) => {
    const stat2 = await lstat(path);
    if (stat2.isSymbolicLink()) skipped.push(relative2(absRoot, path));
    else if (stat2.isDirectory()) for (const entry of (await readdir(path)).sort()) await visit(join5(path, entry));
    else if (stat2.isFile()) files.push(path);
  };
  for (const path of paths) {
    const abs = resolve(absRoot, path);
    if (abs !== absRoot && !abs.startsWith(absRoot + sep)) throw new Error(`evidence path ${path} lies outside ${absRoot}`);
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
  const isolation = isolationNote(p.head.run);
  if (isolation) warning(isolation);
  const integrity = integrityNote(p.head.run);
  if (integrity) error(integrity);
  const view = await presentRun({
    head: p.head.run,
    trials: p.head.trials,
    comparison: p.comparison,
    notes: p.notes,
    runDir: p.runDir,
    bases: p.bases ?? [],
    baselineRequired: p.gate?.failure != null && p.gate.verdict === "no-baseline",
    changed: p.changed ?? null,
    ...p.gate ? { checkFails: p.gate.failure !== null } : {},
    ...p.config ? { config: p.config } : {}
  });
  const notices = (await writeReports(view, ctx.secrets.scrubber)).map(failureLine);
  let artifact = null;
  try {
    if (p.trialsArtifactName) {
      const trials = await uploadRunDirectory(ctx, p.runDir, p.trialsArtifactName, "directories");
      if (trials) info(`trialgate: uploaded artefact ${p.trialsArtifactName} (${trials.size} bytes): ${trials.url}`);
    }
    artifact = await uploadRunDirectory(ctx, p.runDir, p.artifactName, p.trialsArtifactName ? "files" : "all");
    info(`trialgate: uploaded artefact ${p.artifactName} (${artifact.size} bytes): ${artifact.url}`);
  } catch (error2) {
    notices.push(`The evidence artefact could not be uploaded: ${error2.message}`);
  }
  const links = artifact ? { evidenceUrl: artifact.url, ...p.comparison ? { fullReportUrl: artifact.url } : {} } : {};
  const markdown = scrub(await renderText(REPORTERS.markdown, view, links), ctx.secrets);
  let commentUrl = "";
  if (event.kind === "pull_request" && inputs.comment && p.gate) {
    const result = await upsertComment(ctx.client, { issue: event.number, marker: commentMarker(p.head.run.trial_set.name), body: markdown });
    if (result.kind === "not_permitted") {
      notices.push(
        `No PR comment: ${result.reason}${event.fromFork ? " (a pull request from a fork gets a read-only token)" : ""}. The full report is this job summary.`
      );
    } else {
      commentUrl = result.url;
      info(`trialgate: ${result.kind} comment ${result.url}`);
    }
  }
  for (const notice2 of notices) notice(notice2);
  const summary2 = await renderText(REPORTERS.summary, view, { ...links, notices, artifactName: p.artifactName });
  await summary.addRaw(scrub(summary2, ctx.secrets)).write();
  setOutput("results-path", join6(p.runDir, "results.json"));
  setOutput("artifact-id", artifact ? String(artifact.id) : "");
  setOutput("comment-url", commentUrl);
  if (!p.gate) return;
  setOutput("verdict", p.gate.verdict);
  setOutput("regressions", String(p.gate.regressions));
  for (const line of regressionLog(view, artifact ? artifact.url : "the evidence artefact")) info(terminalText(line, true));
  if (!artifact) setFailed(notices[0]);
  else if (p.gate.failure) setFailed(`trialgate: ${failureAnnotation(view, p.gate.failure)}`);
}
async function uploadRunDirectory(ctx, runDir, name, which) {
  const entries = (await readdir2(runDir, { withFileTypes: true })).filter((e) => which === "all" || e.isDirectory() === (which === "directories"));
  if (!entries.length) return null;
  const evidence = await listEvidenceFiles(runDir, entries.map((e) => e.name).sort());
  const changed = await scrubFiles(evidence.files, ctx.secrets);
  if (changed.length) warning(`trialgate: scrubbed secret values from ${plural(changed.length, "evidence file")} before upload`);
  return uploadEvidence(ctx.client, name, evidence, ctx.inputs.retentionDays);
}

// src/action/shards.ts
import { mkdir } from "node:fs/promises";
import { join as join7 } from "node:path";
async function publishShard(ctx, runDir, head) {
  const { index, count } = ctx.inputs.shard;
  const names = shardArtifactNames(ctx.inputs, index, count);
  await publish(ctx, { runDir, head, comparison: null, notes: [], artifactName: names.results, gate: null, trialsArtifactName: names.trials });
}
async function mergeShardArtifacts(ctx, runDir) {
  const count = ctx.inputs.shardCount;
  if (!count) throw new Error("mode merge needs the shard input: the number of shards to join, e.g. shard: 4");
  await mkdir(runDir, { recursive: true });
  const shards = [];
  const links = [];
  for (const { index, artifact, trials } of await ctx.client.listShardArtifacts(ctx.inputs.artifactName, ctx.client.runId, count)) {
    const dir = join7(ctx.temp, `shard-${index}`);
    await ctx.client.downloadArtifact({ id: artifact.id, runId: ctx.client.runId, digest: artifact.digest ?? null }, dir);
    shards.push(await readResultsFile(join7(dir, "results.json")));
    links.push(`[${index}/${count}](${ctx.client.artifactUrl((trials ?? artifact).id)})`);
  }
  const merged = mergeShards(shards, count);
  const head = await writeStored(runDir, { run: digestOf(merged), trials: storedWhole(merged).trials }, ctx.secrets.scrubber);
  info(`trialgate: merged ${count} shards`);
  return { head, notes: [`The trial directories are in the artefacts of the shards: ${links.join(" \xB7 ")}.`] };
}

// src/action/main.ts
async function runOpened(opening) {
  const secrets = actionSecrets(opening.inputs, trialSetSources(await loadTrialSet(opening.set.file)));
  maskSecrets(secrets);
  const ctx = { ...opening, secrets, temp: await mkdtemp(join8(process.env.RUNNER_TEMP ?? tmpdir(), "trialgate-")) };
  const runDir = join8(ctx.temp, "run");
  if (ctx.inputs.mode === "merge") {
    const merged = await mergeShardArtifacts(ctx, runDir);
    return finish(ctx, runDir, merged.head, merged.notes);
  }
  if (ctx.inputs.shard) return publishShard(ctx, runDir, await runHead(ctx, runDir));
  return finish(ctx, runDir, null, []);
}
async function finish(ctx, runDir, firstRound, shardNotes) {
  const { inputs, event } = ctx;
  const artifactName = runArtifactName(inputs);
  if (event.kind !== "pull_request") {
    const head = firstRound ?? await runHead(ctx, runDir);
    const notes = [...shardNotes, baselineNote(event, inputs.baselineBranches, head.run)];
    return publish(ctx, { runDir, head, comparison: null, notes, artifactName, gate: UNGATED });
  }
  const outcome = await gateOnGitHub(ctx, event, runDir, firstRound, shardNotes);
  await publish(ctx, {
    runDir,
    head: outcome.head,
    comparison: outcome.comparison,
    bases: outcome.bases,
    notes: outcome.notes,
    artifactName,
    gate: outcome.gate,
    changed: ctx.scope,
    config: relative3(ctx.workspace, ctx.set.file)
  });
}
export {
  runOpened
};
