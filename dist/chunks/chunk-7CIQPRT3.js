import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  newFailures
} from "./chunk-RWVSWGGR.js";
import {
  appendRound
} from "./chunk-SE2WCH6I.js";
import {
  PAIRWISE_FORMAT,
  combineOrders,
  defineJudgedTasks,
  openJudge,
  pairwiseMessages,
  pairwisePosition,
  readEvidence,
  readShown
} from "./chunk-LPX66CZU.js";
import {
  BaseFold,
  analyse,
  baseRunProblem,
  code,
  compareFolded,
  retryTrials
} from "./chunk-FWLZEUNY.js";
import {
  loadTrialSet
} from "./chunk-H77Q3T52.js";
import {
  plural
} from "./chunk-BAEF6OTL.js";
import {
  writeInside
} from "./chunk-6HX7CX5N.js";
import {
  sha256
} from "./chunk-5GPLSX4I.js";

// src/gate/verdict.ts
var UNGATED = { verdict: "pass", regressions: 0, failure: null };
function decideGate(comparison, policy) {
  const fails = (why) => policy.failOn === "regression" ? why : null;
  if (comparison?.verdict === "incomparable" && comparison.incomparable) {
    const i = comparison.incomparable;
    return {
      verdict: "undecided",
      regressions: 0,
      failure: fails(
        `undecided, not a regression: the base runs hold ${i.field} ${JSON.stringify(i.base)}, this pull request ${JSON.stringify(i.head)}; renamed here? Its baselines are recorded under the new name only after the merge: a maintainer decides`
      )
    };
  }
  if (!comparison || comparison.verdict === "no_baseline" || comparison.verdict === "incomparable") {
    return {
      verdict: "no-baseline",
      regressions: 0,
      failure: policy.failWithoutBaseline ? "no baseline results to compare with (fail-without-baseline is true)" : null
    };
  }
  const regressions = comparison.regressions;
  if (comparison.verdict === "fail")
    return {
      verdict: "regression",
      regressions,
      failure: fails(`${regressions} regression${regressions === 1 ? "" : "s"} against the base branch (see the comment or job summary)`)
    };
  if (comparison.verdict === "undecided")
    return { verdict: "undecided", regressions, failure: fails(`undecided, not a regression (rerun): ${undecidedSummary(comparison)}`) };
  return { verdict: "pass", regressions, failure: null };
}
function undecidedSummary(comparison) {
  const u = comparison.undecided;
  if (!u) return "the comparison could not be decided";
  if (u.reasons.length) return u.reasons[0];
  const first = comparison.tasks.find((t) => t.undecided);
  const n = u.tasks + u.holdout_tasks;
  const counted = `${n} task${n === 1 ? "" : "s"} could not be decided${u.holdout_tasks ? ` (${u.holdout_tasks} holdout)` : ""}`;
  return first ? `${counted}; ${first.id}: ${first.undecided}` : counted;
}

// src/compare/confirm.ts
function nextRound(fold, head, options) {
  if (fold.runs === 0) return null;
  const a = analyse(fold, head, options);
  if (!a.comparable || !a.plan) return null;
  const looks = a.plan.looks.map((l) => l.trials);
  const k = looks[0];
  const waiting = /* @__PURE__ */ new Map();
  for (const d of a.drafts) {
    if (d.task.status !== "compared" || !d.decision?.goesOn) continue;
    const retry = d.decision.retry;
    const from = d.held;
    const to = retry ? k + retryTrials(a.plan) : looks[d.reached + 1];
    const key = `${from}-${to}`;
    const group = waiting.get(key) ?? { from, to, retry, tasks: [] };
    group.tasks.push(d.task.id);
    waiting.set(key, group);
  }
  if (waiting.size === 0) return null;
  const next = [...waiting.values()].sort((x, y) => x.to - y.to || x.from - y.from)[0];
  const look = looks.reduce((at, n, i) => n <= next.to ? i : at, 0);
  const name = next.retry ? "retry" : next.from === looks[look - 1] ? `confirmation-${look}` : `confirmation-${look}-from-${next.from + 1}`;
  return { look, retry: next.retry, name, trials: next.to - next.from, firstTrial: next.from, tasks: next.tasks };
}

// src/report/failures.ts
var SHOWN = 10;
function newFailureNotes(failures) {
  if (failures.length === 0) return [];
  const lines = failures.slice(0, SHOWN).map((f) => `${code(f.signature)} ${code(f.task)} \xB7 ${code(f.check)} \xB7 ${code(f.criterion)} (evidence ${code(f.occurrence.evidence)})`);
  const more = failures.length > SHOWN ? `; and ${failures.length - SHOWN} more` : "";
  return [`New failures since the base (no base run shows them; \`trialgate failures\` archives them): ${lines.join("; ")}${more}.`];
}

// src/gate/gate.ts
async function runGate(ports, settings) {
  const first = await ports.firstRound();
  const found = await ports.baseRuns(first);
  const options = {
    ...settings.policy ? { policy: settings.policy } : {},
    ...settings.alpha === void 0 ? {} : { alpha: settings.alpha },
    ...settings.confirmTrials === null ? {} : { confirmTrials: settings.confirmTrials }
  };
  const compareWith = found.bases.length ? found.bases : (found.otherNamed ?? []).slice(0, 1);
  const fold = (head2) => {
    const f = new BaseFold(head2);
    compareWith.forEach((b, i) => f.add(b.results, `base run ${i + 1}`));
    return f;
  };
  let head = first;
  const rounds = [];
  const folded = fold(head);
  for (let round = nextRound(folded, head, options); round; round = nextRound(folded, head, options)) {
    head = appendRound(head, await ports.confirmationRound(round, head));
    rounds.push(round);
  }
  if (rounds.length) await ports.saveHead(head);
  const usable = found.bases.filter((b) => !baseRunProblem(b.results));
  const notes = [
    ...found.notes,
    ...usable.length ? newFailureNotes(
      newFailures(
        usable.map((b) => b.results),
        head
      )
    ) : []
  ];
  const pairwise = ports.pairwise ? await ports.pairwise(head, usable) : void 0;
  const comparison = { ...compareFolded(fold(head), head, options), ...pairwise ? { pairwise } : {} };
  return { head, comparison, bases: usable, notes, rounds, gate: decideGate(comparison, settings) };
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
async function runConfirmationRound(run, runDir, head, round) {
  const roundDir = join2(runDir, round.name);
  const trials = await run({
    outDir: roundDir,
    tasks: round.tasks,
    trials: round.trials,
    firstTrial: round.firstTrial,
    judgeCache: join2(runDir, "judge-cache")
  });
  const evidenceIn = relative(runDir, roundDir);
  return {
    ...trials,
    run: { ...trials.run, k: head.run.k },
    tasks: trials.tasks.map((t) => ({ ...t, trials: t.trials.map((x) => ({ ...x, evidence: `${evidenceIn}/${x.evidence}` })) }))
  };
}
function roundLine(round) {
  const n = round.tasks.length;
  const what = `${plural(round.trials, "more trial")} of ${plural(n, "task")} (to trial ${round.firstTrial + round.trials}${n === 1 ? "" : " each"})`;
  return round.retry ? `retry: ${what}, whose first round was mostly environment errors` : `confirm: ${what}`;
}
async function judgeBaseAgainstHead(configPath, runDir, head, bases, scrubber) {
  const set = await loadTrialSet(configPath);
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

export {
  UNGATED,
  runGate,
  runConfirmationRound,
  roundLine,
  judgeBaseAgainstHead
};
