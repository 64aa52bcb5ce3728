import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  underOneRuler
} from "./chunk-KOH6P4RQ.js";
import {
  BaseFold,
  MAX_NOTE,
  PLAIN,
  analyse,
  code,
  compareFolded,
  defaultAlpha,
  describeCause,
  inside,
  pairBase,
  plainReason,
  policyReach,
  present,
  readEvidenceJson,
  regressionCount,
  reproduce
} from "./chunk-7SUBNYKI.js";
import {
  appendStored,
  evidenceOutOf,
  evidenceUnder,
  newFailures,
  storedAt,
  writeStored
} from "./chunk-TAVJP7HT.js";
import {
  KeptAcceptorChecks,
  recordTrialSet
} from "./chunk-T37KTUQW.js";
import {
  measurementChanges,
  measurementOf
} from "./chunk-THJ3K27E.js";
import {
  TrialResult,
  envErrorWords
} from "./chunk-LHVQ7BFE.js";
import {
  PAIRWISE_FORMAT,
  combineOrders,
  defineJudgedTasks,
  openJudge,
  pairwiseMessages,
  pairwisePosition,
  readEvidence,
  readShown
} from "./chunk-ZV2SCNKO.js";
import {
  loadTrialSet
} from "./chunk-BEIMHXS6.js";
import {
  EVIDENCE,
  isSetupMistake
} from "./chunk-6KCLTD2N.js";
import {
  Report
} from "./chunk-NAP725RQ.js";
import {
  unaffectedTasks
} from "./chunk-YUJUUIFZ.js";
import {
  plural
} from "./chunk-BAEF6OTL.js";
import {
  inToolCache
} from "./chunk-AJNZHUO4.js";
import {
  writeInside
} from "./chunk-KKIMH4NN.js";
import {
  matchFiles,
  sha256
} from "./chunk-EYKO5LXT.js";

// src/gate/verdict.ts
var UNGATED = { verdict: "pass", regressions: 0, failure: null, exit: 0 };
function decideGate(comparison, head, policy) {
  const enforce = (exit, why) => policy.failOn === "regression" ? { failure: why, exit } : { failure: null, exit: 0 };
  const trials = head.tasks.flatMap((t) => t.trials);
  if (trials.length > 0 && trials.every((t) => t.outcome === "env_error" && isSetupMistake(t.env_error))) {
    return {
      verdict: "error",
      regressions: 0,
      failure: `no trial could execute: every one is a setup mistake: ${setupWords(trials[0])}; fix it, for a rerun will not`,
      exit: 2
    };
  }
  if (comparison?.verdict === "incomparable" && comparison.incomparable) {
    const i = comparison.incomparable;
    return {
      verdict: "undecided",
      regressions: 0,
      ...enforce(
        3,
        `undecided, not a regression: the base runs hold ${i.field} ${JSON.stringify(i.base)}, this pull request ${JSON.stringify(i.head)}; renamed here? Its baselines are recorded under the new name only after the merge: a maintainer decides`
      )
    };
  }
  if (!comparison || comparison.verdict === "no_baseline" || comparison.verdict === "incomparable") {
    const required = policy.failWithoutBaseline;
    return {
      verdict: "no-baseline",
      regressions: 0,
      failure: required ? NO_BASELINE_REQUIRED : null,
      exit: required ? 2 : 0
    };
  }
  const regressions = comparison.regressions;
  if (comparison.verdict === "fail")
    return {
      verdict: "regression",
      regressions,
      ...enforce(1, `${plural(regressions, "regression")} against the base branch: ${regressionsNamed(comparison)}`)
    };
  if (comparison.verdict === "undecided")
    return { verdict: "undecided", regressions, ...enforce(3, `undecided, not a regression: ${undecidedSummary(comparison)}`) };
  return { verdict: "pass", regressions, failure: null, exit: 0 };
}
function noBaselineNote(where, required) {
  return `No baseline results found${where ? ` in ${where}` : ""}; ${required ? "this check fails until one exists (fail-without-baseline)" : "regressions cannot fail this check until one exists"}.`;
}
var NO_BASELINE_REQUIRED = "no baseline results to compare with (fail-without-baseline is true)";
function regressionsNamed(comparison, shown = 3) {
  const named = comparison.tasks.flatMap((t) => t.checks.filter((c) => c.gated && c.status === "regressed").map((c) => `${t.id}: ${c.label}`));
  const holdout = comparison.holdout.checks.regressed;
  const more = named.length - Math.min(named.length, shown) + holdout;
  const parts = named.slice(0, shown);
  if (holdout && parts.length === 0) return `${plural(holdout, "check")} of holdout tasks`;
  return `${parts.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}
function undecidedSummary(comparison) {
  const u = comparison.undecided;
  if (!u) return "the comparison could not be decided";
  if (u.reasons.length) return u.reasons[0];
  const first = comparison.tasks.find((t) => t.undecided);
  const n = u.tasks + u.holdout_tasks;
  const counted = `${plural(n, "task")} could not be decided${u.holdout_tasks ? ` (${u.holdout_tasks} holdout)` : ""}`;
  return first ? `${counted}; ${first.id}: ${first.undecided}` : counted;
}
function setupWords(trial) {
  return envErrorWords(trial) ?? trial.env_error ?? "the trial set";
}

// src/compare/confirm.ts
function nextRound(fold, head, options) {
  if (fold.runs === 0) return null;
  const a = analyse(fold, head, options);
  if (!a.comparable) return null;
  const waiting = /* @__PURE__ */ new Map();
  for (const d of a.decided) {
    const next2 = d.decision.goesOn ? d.decision.next : null;
    if (!next2) continue;
    const baseFrom = next2.baseTrials > 0 ? d.head.fresh?.held ?? 0 : 0;
    const key = `${d.head.held}-${next2.trials}-${baseFrom}-${next2.baseTrials}`;
    const group = waiting.get(key) ?? { from: d.head.held, trials: next2.trials, look: next2.look, baseFrom, baseTrials: next2.baseTrials, tasks: [] };
    group.tasks.push(d.task.id);
    waiting.set(key, group);
  }
  if (waiting.size === 0) return null;
  const next = [...waiting.values()].sort((x, y) => x.from + x.trials - (y.from + y.trials) || x.from - y.from || x.baseFrom - y.baseFrom)[0];
  return {
    look: next.look,
    // Tasks at the same head trials whose bases differ go in rounds of their own: the base's range keeps their names apart.
    name: `confirmation-${next.from + 1}-${next.from + next.trials}${next.baseTrials ? `-base-${next.baseFrom + 1}-${next.baseFrom + next.baseTrials}` : ""}`,
    trials: next.trials,
    firstTrial: next.from,
    tasks: next.tasks,
    baseTrials: next.baseTrials,
    baseFirstTrial: next.baseFrom
  };
}

// src/report/failures.ts
var SHOWN = 10;
var HEAD = "New failures since the base (no base run shows them; `trialgate failures` archives them): ";
function newFailureNotes(failures, maxChars = MAX_NOTE) {
  if (failures.length === 0) return [];
  const entries = failures.map(
    (f) => `${code(f.signature)} ${code(f.task)} \xB7 ${code(f.check)} \xB7 ${code(f.criterion)} (evidence ${code(f.occurrence.evidence)})`
  );
  const line = (n2) => `${HEAD}${entries.slice(0, n2).join("; ")}${n2 < entries.length ? `; and ${entries.length - n2} more` : ""}.`;
  let n = Math.min(SHOWN, entries.length);
  while (n > 1 && line(n).length > maxChars) n--;
  return [line(n)];
}

// src/gate/trials.ts
import { join as join2, relative } from "node:path";

// src/semantic/pairwise.ts
import { join, resolve, sep } from "node:path";
function firstShown(seed, task, item, pair) {
  return Number.parseInt(sha256(`pairwise/${seed}/${task}/${item}/${pair}`).slice(0, 2), 16) % 2 === 0 ? "base" : "head";
}
async function judgePairwise(options) {
  const wanted = options.tasks.filter((t) => t.judge?.items.some((i) => i.pairwise));
  const base = options.bases[0];
  if (wanted.length === 0 || !base) return void 0;
  const defined = await defineJudgedTasks(options.judge, options.projectDir, wanted);
  const opened = await openJudge(options.judge, options.projectDir, { cacheDir: options.cacheDir, scrubber: options.scrubber });
  const items = [];
  const notes = [];
  try {
    if (opened.unavailable)
      return {
        items: [],
        models: [{ model: options.judge.model, answered: 0, inconsistent: 0, first_position: 0, second_position: 0 }],
        notes: [`No pairwise judgement: ${opened.unavailable}.`]
      };
    for (const spec of wanted) {
      const headTask = options.head.results.tasks.find((t) => t.id === spec.id);
      const baseTask = base.results.tasks.find((t) => t.id === spec.id);
      if (!headTask || headTask.not_rerun !== void 0 || headTask.set === "holdout" || baseTask?.set === "holdout") continue;
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
        const tally = {
          task: spec.id,
          item: item.id,
          model: options.judge.model,
          pairs: n,
          head: 0,
          base: 0,
          tie: 0,
          inconsistent: 0,
          first_position: 0,
          second_position: 0,
          undetermined: 0,
          errors: 0,
          identical: 0,
          tokens: 0,
          base_first: 0
        };
        for (let i = 0; i < n; i++) {
          const sides = {
            base: await side(base.dir, baseTrials[i].evidence, item, task.kind),
            head: await side(options.head.dir, headTrials[i].evidence, item, task.kind)
          };
          const first = firstShown(options.head.results.run.seed, spec.id, item.id, i + 1);
          if (first === "base") tally.base_first += 1;
          const pair = await judgePair(
            opened.client,
            { goal: task.goal, question: item.question, maxFileChars: options.judge.max_file_chars, ...sides },
            first
          );
          count(tally, pair.outcome);
          tally.tokens += pair.tokens;
          if (pair.cost !== void 0) tally.cost_usd = (tally.cost_usd ?? 0) + pair.cost;
          if (pair.outcome !== "identical")
            await writeInside(
              options.head.dir,
              `pairwise/${spec.id}/${item.id}/pair-${i + 1}.json`,
              JSON.stringify(
                { base_trial: baseTrials[i].trial, head_trial: headTrials[i].trial, outcome: pair.outcome, ...pair.transcript },
                null,
                2
              ) + "\n",
              options.scrubber
            );
        }
        items.push(tally);
        if (tally.errors > 0)
          notes.push(
            `${spec.id} \xB7 ${item.id}: ${tally.errors} pair${tally.errors === 1 ? "" : "s"} not judged: the judge could not be asked (an environment error).`
          );
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
async function side(runDir, trialEvidence, item, kind) {
  const root = resolve(runDir);
  const trialDir = resolve(root, trialEvidence);
  if (!trialDir.startsWith(root + sep))
    return { candidate: item.candidate.map((path) => ({ path, text: null })), evidence: item.evidence.map((path) => ({ path, text: null })) };
  return {
    candidate: await readShown(join(trialDir, "candidate"), item.candidate),
    evidence: await readEvidence(join(trialDir, "evidence"), item.evidence, kind)
  };
}
async function judgePair(client, pair, first) {
  if (JSON.stringify(pair.base) === JSON.stringify(pair.head)) return { outcome: "identical", tokens: 0 };
  let tokens = 0;
  let cost;
  const ask = async (a, b) => {
    const asked2 = await client.ask(pairwiseMessages({ goal: pair.goal, question: pair.question, a, b, maxFileChars: pair.maxFileChars }), PAIRWISE_FORMAT);
    if (!asked2.ok) return { position: "error", reason: asked2.message };
    if (!asked2.cached) tokens += (asked2.inputTokens ?? 0) + (asked2.outputTokens ?? 0);
    if (asked2.costUsd !== void 0 && !asked2.cached) cost = (cost ?? 0) + asked2.costUsd;
    return pairwisePosition(asked2.reply);
  };
  const asked = [];
  for (const side2 of first === "base" ? ["base", "head"] : ["head", "base"]) {
    const answer = side2 === "base" ? await ask(pair.base, pair.head) : await ask(pair.head, pair.base);
    asked.push({ shown: `${side2} as A`, ...answer });
  }
  const baseFirst = asked.find((o) => o.shown === "base as A");
  const headFirst = asked.find((o) => o.shown === "head as A");
  return {
    outcome: combineOrders(baseFirst.position, headFirst.position),
    tokens,
    ...cost === void 0 ? {} : { cost },
    transcript: { orders: asked }
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

// src/gate/trials.ts
function trialRunner(facts) {
  const keptAcceptorChecks = new KeptAcceptorChecks();
  return (options) => recordTrialSet({ ...facts, keptAcceptorChecks, ...options });
}
var storedRecord = (record) => storedAt(record.resultsPath, record.run);
async function runConfirmationRound(run2, runDir, head, round) {
  const roundDir = join2(runDir, round.name);
  const record = await run2({
    outDir: roundDir,
    tasks: round.tasks,
    trials: round.trials,
    firstTrial: round.firstTrial,
    judgeCache: join2(runDir, "judge-cache")
  });
  const trials = evidenceFrom(runDir, roundDir, storedRecord(record));
  return { ...trials, run: { ...trials.run, run: { ...trials.run.run, k: head.run.k } } };
}
function evidenceFrom(runDir, roundDir, trials) {
  return evidenceUnder(relative(runDir, roundDir), trials);
}
var BASE_COMMIT_DIR = "base-commit";
async function runBaseRound(runBase, runDir, round) {
  const roundDir = join2(runDir, BASE_COMMIT_DIR, round.name);
  const record = await runBase({
    outDir: roundDir,
    tasks: round.tasks,
    trials: round.baseTrials,
    firstTrial: round.baseFirstTrial,
    judgeCache: join2(runDir, "judge-cache")
  });
  return evidenceFrom(runDir, roundDir, storedRecord(record));
}
async function savePairedBase(runDir, paired, scrubber) {
  await writeStored(join2(runDir, BASE_COMMIT_DIR), evidenceOutOf(`${BASE_COMMIT_DIR}/`, paired), scrubber);
}
function baseRoundLine(round) {
  const n = round.tasks.length;
  return `confirm on the base commit: ${plural(round.baseTrials, "trial")} of ${plural(n, "task")} beside the head's (to base trial ${round.baseFirstTrial + round.baseTrials}${n === 1 ? "" : " each"})`;
}
function roundLine(round) {
  const n = round.tasks.length;
  const what = `${plural(round.trials, "more trial")} of ${plural(n, "task")} (to trial ${round.firstTrial + round.trials}${n === 1 ? "" : " each"})`;
  return `confirm: ${what}`;
}
async function judgeBaseAgainstHead(set, runDir, head, bases, scrubber) {
  const judge = set.config.judge;
  if (!judge) return void 0;
  return judgePairwise({
    judge,
    projectDir: set.dir,
    tasks: set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge, kind: t.kind })),
    head: { dir: runDir, results: head },
    bases,
    cacheDir: join2(runDir, "judge-cache"),
    scrubber
  });
}

// src/gate/gate.ts
async function runGate(ports, settings) {
  const found = await ports.baseRuns();
  const first = await ports.firstRound();
  const options = {
    ...settings.policy ? { policy: settings.policy } : {},
    ...settings.alpha === void 0 ? {} : { alpha: settings.alpha },
    ...settings.confirmTrials === null ? {} : { confirmTrials: settings.confirmTrials },
    ...settings.maxTrials ? { maxTrials: settings.maxTrials } : {},
    ...ports.baseRound ? { pairedBase: true } : {}
  };
  const usable = found.bases;
  const compareWith = usable.length ? usable : found.unusable?.length ? found.unusable : (found.otherNamed ?? []).slice(0, 1);
  let paired = null;
  const fold = (head2) => {
    const f = new BaseFold(head2);
    compareWith.forEach((b, i) => f.add(b.results, `base run ${i + 1}`));
    if (paired) pairBase(f, paired.run, head2);
    return f;
  };
  let head = first;
  const rounds = [];
  const folded = fold(head.run);
  for (let round = nextRound(folded, head.run, options); round; round = nextRound(folded, head.run, options)) {
    const base = round.baseTrials > 0 && ports.baseRound ? ports.baseRound(round) : null;
    const [headRound, baseRound] = await Promise.all([ports.confirmationRound(round, head.run), base]);
    head = appendStored(head, headRound);
    if (baseRound) {
      paired = paired ? appendStored(paired, baseRound) : baseRound;
      pairBase(folded, paired.run, head.run);
    }
    rounds.push(round);
  }
  if (rounds.length) head = await ports.saveHead(head) ?? head;
  if (paired) await ports.savePairedBase?.(paired);
  const context = { ...found.unavailable ? { unavailableBases: found.unavailable } : {}, ...await ports.context?.(head.run, found) };
  const notes = [
    ...found.notes,
    ...usable.length || found.unusable?.length || found.unavailable?.length || found.otherNamed?.length ? [] : [noBaselineNote(found.where ?? null, settings.failWithoutBaseline)],
    ...usable.length ? newFailureNotes(
      newFailures(
        usable.map((b) => b.results),
        head
      )
    ) : []
  ];
  const pairwise = ports.pairwise && usable.length ? await ports.pairwise(head.run, usable) : void 0;
  const compared = compareFolded(fold(head.run), head.run, options, context);
  const comparison = {
    ...compared,
    ...paired && compared.spend ? { spend: withBaseSpend(compared.spend, paired.run) } : {},
    ...pairwise ? { pairwise } : {}
  };
  const approved = comparison.measurement?.approved_by;
  if (approved) notes.push(`The change to the measurement was approved: ${approved}.`);
  return { head, comparison, bases: usable, notes, rounds, pairedBase: paired?.run ?? null, gate: decideGate(comparison, head.run, settings) };
}
function withBaseSpend(spend, paired) {
  const add = (sum, more) => more === void 0 ? sum : (sum ?? 0) + more;
  return paired.tasks.reduce((s, t) => ({ ...s, tokens: add(s.tokens, t.summary.tokens), cost_usd: add(s.cost_usd, t.summary.cost_usd) }), spend);
}
async function gatePullRequest(ports, request) {
  const { set, settings } = request;
  const unaffected = request.scope ? unaffectedTasks(request.scope) : /* @__PURE__ */ new Map();
  return runGate(
    {
      // The base runs are read before any trial runs: a base that cannot be read is named before the head costs anything.
      baseRuns: async () => {
        const read = await ports.baseRuns();
        const pooled = underOneRuler(read.bases);
        const found = { ...read, bases: pooled.bases, notes: [...read.notes, ...pooled.notes] };
        if (unaffected.size) ports.say(`not rerun (unaffected by the change): ${[...unaffected.keys()].join(", ")}`);
        sayWhatThePolicyCanReach(ports, request.trials ?? set.config.trials, set, found.bases.length, settings);
        return found;
      },
      firstRound: async () => request.firstRound ?? storedRecord(
        await ports.run({
          outDir: request.runDir,
          ...unaffected.size ? { unaffected } : {},
          // The cap holds from the first trial: a first round past it is refused, never run.
          ...settings.maxTrials ? { maxTrials: { cap: settings.maxTrials, where: "the gate\u2019s cap (max-trials, --max-trials)" } } : {}
        })
      ),
      confirmationRound: (round, head) => {
        ports.say(roundLine(round));
        return runConfirmationRound(ports.run, request.runDir, head, round);
      },
      ...ports.runBase ? {
        baseRound: pairedBaseRound(ports, ports.runBase, request.runDir),
        savePairedBase: (paired) => savePairedBase(request.runDir, paired, request.scrubber)
      } : {},
      saveHead: (head) => writeStored(request.runDir, head, request.scrubber),
      context: async (head, found) => {
        const changes = await rulerChanges(request, found.bases, head);
        const approvedBy = await ports.approval();
        const through = request.gateFiles.filter((f) => request.changedFiles?.includes(f));
        if (!approvedBy || !through.length) return { changes, approvedBy };
        const approval = {
          what: "the approval",
          base: "read where the pull request\u2019s author cannot give it",
          head: `${approvedBy}, read through ${through.join(", ")}, which this pull request changes: not counted (a maintainer merges it past the check)`
        };
        return { changes: [...changes, approval], approvedBy: null };
      },
      ...set.config.judge ? { pairwise: (head, bases) => judgeBaseAgainstHead(set, request.runDir, head, bases, request.scrubber) } : {}
    },
    settings
  );
}
function pairedBaseRound(ports, runBase, runDir) {
  return (round) => {
    ports.say(baseRoundLine(round));
    return runBaseRound(runBase, runDir, round);
  };
}
var NOT_RECORDED = "not recorded by the newest base run (made by an older trialgate)";
function unrecorded(base, head, set, baseTasks) {
  const held = new Set(baseTasks.map((task) => task.id));
  const ids = set.tasks.map((task) => task.spec.id).sort((a, b) => b.length - a.length);
  return Object.keys(head).filter((field) => {
    if (field in base) return false;
    if (!field.startsWith("tasks.")) return true;
    const id = ids.find((candidate) => field.startsWith(`tasks.${candidate}.`));
    return id === void 0 || held.has(id);
  });
}
async function rulerChanges(request, bases, head) {
  const gate = request.gateFiles.filter((gateFile) => request.changedFiles?.includes(gateFile)).map((gateFile) => ({
    what: `${gateFile} (the file that runs the gate: its settings)`,
    base: "as on the base branch",
    head: "changed by this pull request"
  }));
  const base = bases[0]?.results;
  if (!base) return gate;
  const changes = [];
  if (base.measurement) {
    const measured = await measurementOf(request.set, request.isolation ? { isolation: request.isolation } : {});
    changes.push(...measurementChanges(base.measurement, measured).map((c) => ({ ...c, what: `trial set: ${c.what}` })));
    changes.push(
      ...unrecorded(base.measurement, measured, request.set, base.tasks).map((what) => ({
        what: `trial set: ${what}`,
        base: NOT_RECORDED,
        head: measured[what]
      }))
    );
  } else changes.push({ what: "trial set: its settings", base: NOT_RECORDED, head: "as this pull request has them" });
  const [was, is] = [base.run.isolation, head.run.isolation];
  const ran = (i) => i.mechanism === "none" ? `none (${i.reason ?? "no reason recorded"})` : i.mechanism;
  if (was && is && was.mechanism !== is.mechanism) changes.push({ what: "isolation the trials ran with", base: ran(was), head: ran(is) });
  changes.push(...gate);
  if (request.scope?.unlisted)
    changes.push({ what: "the changed files (any may be one that measures)", base: "as on the base branch", head: `not all known: ${request.scope.unlisted}` });
  for (const { path, what } of request.scope?.measuring ?? [])
    changes.push({ what: `${path} (${what}: part of what measures, in no hash)`, base: "as on the base branch", head: "changed by this pull request" });
  return changes;
}
function sayWhatThePolicyCanReach(ports, k, set, found, settings) {
  if (settings.policy === "strict") return;
  const baseRuns = Math.max(1, found);
  const reach = policyReach("familywise", {
    k,
    baseRuns,
    alpha: settings.alpha ?? defaultAlpha(baseRuns),
    budget: settings.confirmTrials,
    tasks: set.tasks.length
  });
  if (reach.reachable) return;
  const line = `trials: ${k}${k === set.config.trials ? "" : " (set over the trial set\u2019s)"} with ${plural(baseRuns, "base run")}: ${reach.note}; until then a drop is undecided, never a pass (or choose policy: strict)`;
  ports.warn(line);
}

// src/util/git-programs.ts
var WITHOUT_CONFIGURED_PROGRAMS = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false"];

// src/util/repository-path.ts
import { realpath } from "node:fs/promises";
import { dirname, relative as relative2, resolve as resolve2, sep as sep2 } from "node:path";
async function repositoryPath(top, file) {
  const lexical = resolve2(file);
  const realTop = await realpath(top).catch(() => top);
  const ancestors = [];
  for (let dir = dirname(lexical); ; dir = dirname(dir)) {
    ancestors.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of ancestors) {
    const real = await realpath(dir).catch(() => null);
    if (real === realTop) {
      const path = relative2(dir, lexical);
      return path === "" || path.startsWith(`..${sep2}`) ? null : path;
    }
  }
  return null;
}

// src/gate/made-beside.ts
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, readlink, rm } from "node:fs/promises";
import { dirname as dirname2, join as join3, posix, relative as relative3, resolve as resolve3, sep as sep3 } from "node:path";
import { promisify } from "node:util";
var run = promisify(execFile);
var NAMED = 3;
async function untrackedWhereRead(set, where) {
  let top;
  try {
    top = (await run("git", [...WITHOUT_CONFIGURED_PROGRAMS, "-C", set.dir, "rev-parse", "--show-toplevel"], { encoding: "utf8" })).stdout.trim();
  } catch {
    return null;
  }
  const config = await repositoryPath(top, set.file);
  if (config === null) return null;
  const project = dirname2(config);
  const { agent, tasks } = set.config;
  const agentFiles = [...agent.files, ...tasks.flatMap((task) => task.agent?.files ?? [])];
  const watched = where === "all" ? await matchFiles(set.dir, [...set.config.watch, ...tasks.flatMap((task) => task.watch)]).catch(() => []) : [];
  const read = [...agentFiles, ...watched, ...where === "all" ? tasks.map((task) => task.fixture) : []].map((path) => posix.normalize(posix.join(project.split(sep3).join("/"), path.split(sep3).join("/")))).filter((path) => !path.startsWith("..") && !posix.isAbsolute(path));
  if (read.length === 0) return { top, paths: [] };
  const { stdout } = await run(
    "git",
    [...WITHOUT_CONFIGURED_PROGRAMS, "--literal-pathspecs", "-C", top, "ls-files", "-z", "--others", "--directory", "--", ...new Set(read)],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024
    }
  );
  return { top, paths: stdout.split("\0").filter((path) => path !== "" && !inToolCache(path) && !path.split("/").includes(".trialgate")) };
}
async function madeBesideCheckout(set, checkout) {
  const untracked = await untrackedWhereRead(set, "all");
  return (untracked?.paths ?? []).filter((path) => !existsSync(join3(checkout, path))).slice(0, NAMED);
}
var LOCKFILES = ["package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock"];
var SETTINGS = [".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs", "pnpm-workspace.yaml", "bunfig.toml"];
var INSTALL_DIRS = [".yarn/releases", ".yarn/plugins", ".yarn/patches"];
var INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare", "dependencies"];
var HOOKS_ONLY = /^\s*husky(?:\s+install(?:\s+[\w./-]+)?)?\s*$/;
var LOCAL_PACKAGE = /\b(?:file|link|portal|workspace):|"link":\s*true|\bpatch:(?![^\s"]*builtin<)/;
function andAbove(dir) {
  const dirs = [dir];
  while (dir !== ".") dirs.push(dir = posix.dirname(dir));
  return dirs;
}
async function sameFile(a, b) {
  const [x, y] = await Promise.all([readFile(a).catch(() => null), readFile(b).catch(() => null)]);
  return x === null || y === null ? x === y : x.equals(y);
}
async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => !entry.isDirectory()).map((entry) => relative3(dir, join3(entry.parentPath, entry.name))).sort();
}
async function linkOutOf(dir, packages, top) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isSymbolicLink()) continue;
    const link = join3(entry.parentPath, entry.name);
    const target = resolve3(dirname2(link), await readlink(link));
    const inside2 = (root) => target === root || target.startsWith(root + sep3);
    if (inside2(top) && !inside2(packages)) return relative3(top, link).split(sep3).join("/");
  }
  return null;
}
async function sameTree(a, b) {
  const [x, y] = await Promise.all([filesUnder(a), filesUnder(b)]);
  if (x.join("\0") !== y.join("\0")) return false;
  for (const file of x) if (!await sameFile(join3(a, file), join3(b, file))) return false;
  return true;
}
async function notPinned(top, made, checkout) {
  const parts = made.split("/");
  const at = parts.indexOf("node_modules");
  if (at < 0) return "not installed packages (in a node_modules): the job\u2019s own work";
  const beside = parts.slice(0, at).join("/") || ".";
  const lockfiles = LOCKFILES.filter((file) => existsSync(join3(top, beside, file)));
  if (lockfiles.length === 0) return `no lockfile beside it (${LOCKFILES.join(", ")})`;
  const read = [
    ...[...LOCKFILES, "package.json"].map((file) => posix.join(beside, file)),
    ...andAbove(beside).flatMap((dir) => SETTINGS.map((file) => posix.join(dir, file)))
  ];
  for (const file of read) if (!await sameFile(join3(top, file), join3(checkout, file))) return `${file} differs from the base commit\u2019s`;
  for (const dir of andAbove(beside).flatMap((above) => INSTALL_DIRS.map((dir2) => posix.join(above, dir2))))
    if (!await sameTree(join3(top, dir), join3(checkout, dir))) return `${dir} differs from the base commit\u2019s`;
  for (const file of lockfiles)
    if (LOCAL_PACKAGE.test(await readFile(join3(top, beside, file), "utf8"))) return `${posix.join(beside, file)} names a package of the project\u2019s own files`;
  const link = await linkOutOf(join3(top, made), join3(top, ...parts.slice(0, at + 1)), top);
  if (link) return `${link} is a link to the project\u2019s own files`;
  const manifest = await readFile(join3(top, beside, "package.json"), "utf8").then(
    (text) => JSON.parse(text),
    () => ({})
  );
  const scripts = INSTALL_SCRIPTS.filter((name) => manifest.scripts?.[name] !== void 0 && !HOOKS_ONLY.test(String(manifest.scripts[name])));
  if (scripts.length) return `${posix.join(beside, "package.json")} runs an install script of the project\u2019s own (${scripts.join(", ")})`;
  return null;
}
async function copyInstalled(from, to) {
  try {
    await run("cp", ["-a", "-l", from, to]);
  } catch {
    await rm(to, { recursive: true, force: true });
    await cp(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  }
}
async function lendInstalled(set, checkout) {
  const lent = [];
  const kept = [];
  const untracked = await untrackedWhereRead(set, "agent");
  if (!untracked) return { lent, kept };
  for (const path of untracked.paths) {
    const made = path.replace(/\/$/, "");
    if (existsSync(join3(checkout, made))) continue;
    const why = await notPinned(untracked.top, made, checkout).catch((e) => `not read: ${e instanceof Error ? e.message : String(e)}`);
    if (why !== null) {
      kept.push({ path, why });
      continue;
    }
    await mkdir(dirname2(join3(checkout, made)), { recursive: true });
    await copyInstalled(join3(untracked.top, made), join3(checkout, made));
    lent.push(path);
  }
  return { lent, kept };
}
async function baseCheckoutProblem(config, head, checkout, where, fix = "") {
  return loadTrialSet(config).then(
    async () => {
      const made = await madeBesideCheckout(head, checkout);
      return made.length ? `${where} lacks what git does not track but the job made where an agent or a fixture reads (${made.join(", ")}; installed packages, a build): its trials would run without it${fix}` : null;
    },
    (e) => `its trial set cannot be read in ${where}, which holds only what git tracks: ${e instanceof Error ? e.message : String(e)}${fix}`
  );
}
function pairedOffNote(why) {
  return `No paired rounds on the base commit: ${why}. The recorded base runs decided alone, which find fewer partial drops.`;
}

// src/report/explain.ts
import { join as join4 } from "node:path";
var EXPLAINED = 10;
async function presentRun(source) {
  const view = present(source);
  const causes = [];
  for (const [i, cause] of view.causes.entries()) causes.push(i < EXPLAINED ? await explainCause(view, cause) : cause);
  return { ...view, causes };
}
async function explainCause(view, cause) {
  const lead = cause.checks[0];
  const evidence = { ...cause.evidence, judge: [] };
  const fault = lead.kind === "detect" ? lead.check.slice(lead.check.indexOf(":") + 1) : null;
  const judgeItems = new Set(cause.checks.filter((ch) => ch.kind === "judge").map((ch) => ch.check.slice(ch.check.indexOf(":") + 1)));
  let firstFailing = null;
  for await (const trial of view.trials(cause.task.id)) {
    if (trial.outcome !== "fail" || trial.checks[lead.check] !== false) continue;
    firstFailing ??= trial;
    const own = trial.check_failures?.[lead.check];
    if (own && !evidence.head) evidence.head = plainReason(own);
    for (const record of trial.judge ?? []) {
      if (judgeItems.has(record.id) && record.verdict === "no" && !evidence.judge.some((j) => j.item === record.id) && record.reason)
        evidence.judge.push({ item: record.id, reason: record.reason });
    }
    if (evidence.head && evidence.judge.length === judgeItems.size) break;
  }
  if (fault) {
    evidence.base = await caughtOnBase(view.bases, cause.task.id, fault);
    if (evidence.base && firstFailing) evidence.headTests = await headTests(view.runDir, firstFailing.evidence, fault, evidence.base.tests);
  }
  return { ...cause, evidence };
}
async function caughtOnBase(bases, taskId, fault) {
  const tests = /* @__PURE__ */ new Map();
  let assertion = null;
  let caught = 0;
  let executed = 0;
  for (const base of bases) {
    const task = base.results.tasks.find((t) => t.id === taskId && t.set !== "holdout");
    for (const trial of task?.trials ?? []) {
      if (trial.outcome !== "pass" && trial.outcome !== "fail") continue;
      executed += 1;
      if (trial.checks[`detect:${fault}`] !== true) continue;
      caught += 1;
      const judgement = (await judgementsOf(base, trial)).find((j) => j.fault === fault);
      for (const test of judgement?.detected_by ?? []) tests.set(test, (tests.get(test) ?? 0) + 1);
      assertion ??= judgement ? assertionOf(judgement) : null;
    }
  }
  if (tests.size === 0) return null;
  return { tests: [...tests].sort((a, b) => b[1] - a[1]).map(([t]) => t), assertion, trials: caught, of: executed };
}
async function judgementsOf(base, trial) {
  if ("judgements" in trial && Array.isArray(trial.judgements)) return trial.judgements;
  const dir = inside(base.dir, trial.evidence);
  if (!dir) return [];
  return (await readEvidenceJson(join4(dir, "evidence", "verdict.json"), TrialResult)).value?.judgements ?? [];
}
function assertionOf(judgement) {
  const test = judgement.detected_by[0];
  const known = judgement.first_failed?.test === test ? judgement.first_failed?.assertion ?? null : null;
  const reason = judgement.reason.replace(/ \(no coverage: not attributed\)$/, "");
  if (!test || judgement.detected_by.length !== 1 || !reason.startsWith(`${test} (`) || !reason.endsWith(")")) return known;
  const first = reason.slice(test.length + 2, -1).split("\n")[0].trim();
  if (!known || !first.startsWith(known)) return first;
  const rest = first.slice(known.length);
  const repeated = rest.replace(/^: (?:[\w.$]*(?:Error|Exception)\w*: )?/, "");
  return rest && (rest.includes(known) || repeated !== "" && known.startsWith(repeated) || rest.startsWith(`: === RUN   ${test}`)) ? known : first;
}
async function headTests(runDir, evidence, fault, caughtBy) {
  const dir = inside(runDir, evidence);
  if (!dir || /[/\\]|^\.\.?$/.test(fault)) return null;
  const report = (await readEvidenceJson(join4(dir, "evidence", EVIDENCE.reports, `${fault}.json`), Report)).value;
  if (!report) return null;
  const status = new Map(report.records.map((r) => [r.test, r.status]));
  return { missing: caughtBy.filter((t) => !status.has(t)), passing: caughtBy.filter((t) => status.get(t) === "passed") };
}

// src/report/log.ts
var LOGGED = 10;
var ANNOTATED = 3;
function regressionLog(view, evidence) {
  const c = view.comparison;
  if (c.regressions === 0) return [];
  const lines = [`${regressionCount(view)}:`];
  for (const [i, cause] of view.causes.slice(0, LOGGED).entries()) {
    const { title, lines: said } = describeCause(cause, PLAIN);
    lines.push(`${i + 1}. ${title}`, ...said.map((l) => `   ${l}`));
  }
  const rest = view.causes.slice(LOGGED);
  if (rest.length) lines.push(`\u2026 and ${plural(rest.length, "more cause")}: ${rest.map((r) => r.task.id).join(", ")} (the comment's table has every one).`);
  if (c.holdout.checks.regressed > 0) lines.push(`${plural(c.holdout.checks.regressed, "regression")} in holdout tasks (task and check withheld).`);
  if (view.changed?.matched.length) lines.push(`Changed: ${view.changed.matched.join(", ")}`);
  if (view.causes.length) {
    const { command, anchors } = reproduce(view, LOGGED);
    lines.push(`Reproduce: ${command}`, `Evidence: ${anchors.map((a) => `report.html#${a.anchor} (${a.task})`).join(", ")} in ${evidence}`);
  }
  return lines;
}
function failureAnnotation(view, failure) {
  const c = view.comparison;
  if (c.regressions === 0) return failure;
  const named = view.causes.slice(0, ANNOTATED).map((cause) => describeCause(cause, PLAIN).title.replace(/\.$/, ""));
  const more = view.causes.length - named.length;
  const holdout = c.holdout.checks.regressed > 0 ? `${plural(c.holdout.checks.regressed, "regression")} in holdout tasks (withheld)` : "";
  const what = [...named, ...more > 0 ? [`and ${plural(more, "more cause")}`] : [], ...holdout ? [holdout] : []].join("; ");
  return `${regressionCount(view)} against the base branch: ${what}. The comment (or job summary) has the evidence.`;
}

export {
  UNGATED,
  trialRunner,
  storedRecord,
  gatePullRequest,
  WITHOUT_CONFIGURED_PROGRAMS,
  repositoryPath,
  lendInstalled,
  baseCheckoutProblem,
  pairedOffNote,
  presentRun,
  regressionLog,
  failureAnnotation
};
