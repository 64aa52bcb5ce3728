import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  NoAnswerError,
  forInstance,
  isReset,
  probeState,
  resetAnswered,
  resetRequest,
  resetService,
  startService
} from "./chunk-TE7J7CZT.js";
import {
  plural
} from "./chunk-BAEF6OTL.js";
import {
  NO_FAULT
} from "./chunk-AJNZHUO4.js";
import {
  EnvironmentError,
  MachineryError
} from "./chunk-JUOIWDMS.js";

// src/service/reset-proof.ts
function proofLimits(exchanges, probes) {
  return [
    `sees: the answers to the reference answers' ${exchanges} exchanges and to the ${probes} state probe reads, after a reset, against a fresh start's`,
    "cannot see: state that none of those requests read \u2014 a counter or lockout the reference answers never trip, a cache they never hit, a clock, files or processes beside the answers",
    "so a run checks every reused instance again after each use (the state probe, then a replay of the reference answers) and replaces it when either differs: its cost is one replay per use, its requests sent at once on one connection where the service answers them as it does one by one",
    "still unseen: state a trial can change that changes only answers to requests the reference answers never make, and a change a trial sets off for later (a timer its reset does not cancel) that happens after the check; read it in service.stateProbe, or give the service no reset (coverage: false) and every use starts fresh"
  ];
}
var recordingOf = () => ({ requests: [], lines: [] });
var SHOWN = 160;
var FRESH = "each use starts a fresh service";
function proofRefusal(fixture, replayable, kind) {
  const { service } = fixture.manifest;
  if (!service) return `the fixture starts no service of its own (a code task starts the candidate's code): ${FRESH}`;
  if (!service.coverage) return `the service speaks no control channel (service.coverage is false), so it has no reset: ${FRESH}`;
  if (!service.stateProbe.length)
    return `service.stateProbe is not declared, so its state after a reset cannot be compared with a fresh start (docs/fixture.md): ${FRESH}`;
  if (!replayable) return `a ${kind} acceptor makes requests of its own that the runner cannot replay, so the reset cannot be proved: ${FRESH}`;
  return void 0;
}
var ResetProver = class {
  constructor(sandbox, fixture, pace) {
    this.sandbox = sandbox;
    this.fixture = fixture;
    this.pace = pace;
  }
  sandbox;
  fixture;
  pace;
  runs = /* @__PURE__ */ new Map();
  /** Instances started for an acceptance run again, outside the proof. */
  extra = /* @__PURE__ */ new Set();
  handedOver = false;
  /** Service processes the proof started. */
  started = 0;
  async borrow(_fixture, fault) {
    const run = this.run(fault);
    if (run.first) {
      run.spoiled = true;
      const fresh = await startService(this.sandbox, this.fixture, fault, this.pace);
      this.started++;
      this.extra.add(fresh);
      return fresh;
    }
    const [a] = await run.instances;
    run.first = recordingOf();
    return recording(a, run.first, this.pace);
  }
  /** Kept: the proof goes on with it (an instance started for an acceptance run again is stopped). */
  async giveBack(service) {
    if (this.extra.delete(service)) await service.stop();
  }
  /** Prove the reset on every one of `faults` with `use`; when proved, the instances for the pool. */
  async prove(use, faults) {
    const probe = this.fixture.manifest.service?.stateProbe ?? [];
    const fresh = /* @__PURE__ */ new Map();
    const variants = await Promise.all(
      faults.map(async (fault) => {
        const proof2 = { fault, replayed: 0, probed: 0 };
        try {
          const run = this.run(fault);
          if (run.spoiled) throw new MachineryError("trialgate's machinery failed under the first run of the reference answers, which ran again");
          const [a, b] = await run.instances;
          if (!run.first) {
            const first2 = run.first = recordingOf();
            await timedReplay(first2.lines, () => use(recording(a, first2, this.pace)), this.pace);
          }
          const replay = recordingOf();
          await timedReplay(replay.lines, () => use(recording(a, replay, this.pace)), this.pace);
          const afterReset = await probeState(a, probe);
          await resetService(a);
          const started = await probeState(b, probe);
          await resetService(b);
          fresh.set(fault, started);
          proof2.replayed = replay.lines.length;
          proof2.probed = probe.length;
          const first = run.first;
          const difference = sequenceDifference(
            first.lines,
            replay.lines,
            (i) => `replayed exchange ${i + 1} of ${first.lines.length}`,
            "from a fresh start",
            "after a reset"
          ) ?? sequenceDifference(started, afterReset, (i) => `state probe ${probe[i]}`, "fresh start", "after the cases and a reset");
          if (difference) proof2.difference = difference;
          else if (!a.reusable() || !b.reusable()) proof2.difference = "a request went unanswered during the proof";
          else {
            const atOnce = await checkAtOnce(a, probe, started, first).catch((e) => {
              if (!(e instanceof EnvironmentError || e instanceof NoAnswerError)) throw e;
              return `no answer: ${e.message}`;
            });
            if (atOnce) proof2.oneByOne = `sent at once, ${atOnce}`;
          }
        } catch (e) {
          if (!(e instanceof EnvironmentError || e instanceof NoAnswerError)) throw e;
          proof2.difference = `could not be compared: ${e.message}`;
        }
        return proof2;
      })
    );
    const exchanges = variants.reduce((n, v) => n + v.replayed, 0);
    const limits = proofLimits(exchanges, probe.length);
    const failed = variants.find((v) => v.difference);
    if (failed) return { proof: { proved: false, why: `reset not proved: variant ${failed.fault}: ${failed.difference}; ${FRESH}`, variants, limits } };
    const oneByOne = variants.filter((v) => v.oneByOne);
    const checked = oneByOne.length ? `; after each use, the check sends its requests one by one on ${oneByOne.map((v) => v.fault).join(", ")} (${oneByOne[0].oneByOne})` : "; after each use, the check sends its requests at once";
    const proof = {
      proved: true,
      why: `reset proved on ${plural(variants.length, "variant")}: after the cases and a reset, ${plural(probe.length, "state probe read")} ${probe.length === 1 ? "answers" : "answer"} as a fresh start's, and a replay of the cases (${plural(exchanges, "exchange")}) answers as from a fresh start${checked}`,
      variants,
      limits
    };
    const instances = /* @__PURE__ */ new Map();
    const checks = /* @__PURE__ */ new Map();
    for (const [i, fault] of faults.entries()) {
      instances.set(fault, await this.run(fault).instances);
      const [first, started] = [this.run(fault).first, fresh.get(fault)];
      checks.set(
        fault,
        variants[i].oneByOne ? (service) => checkAfterUse(service, use, probe, started, first.lines) : (service) => checkAtOnce(service, probe, started, first)
      );
    }
    return { proof, reset: { instances, check: (service, fault) => checks.get(fault)(service) } };
  }
  /** The instances of a proved reset now belong to a pool: `stop` leaves them running. */
  handOver() {
    this.handedOver = true;
  }
  /** Stop every instance, unless they were handed over to a pool. */
  async stop() {
    await Promise.all([...this.extra].map((service) => service.stop()));
    if (this.handedOver) return;
    const all = await Promise.all([...this.runs.values()].map((run) => run.instances.catch(() => [])));
    await Promise.all(all.flat().map((service) => service.stop()));
  }
  run(fault) {
    let run = this.runs.get(fault);
    if (!run) {
      const start = async () => {
        this.started++;
        return startTimed(this.sandbox, this.fixture, fault, this.pace);
      };
      const instances = Promise.allSettled([start(), start()]).then(async ([a, b]) => {
        if (a.status === "fulfilled" && b.status === "fulfilled") return [a.value, b.value];
        await Promise.all([a, b].map((r) => r.status === "fulfilled" ? r.value.stop() : void 0));
        throw [a, b].map((r) => r.status === "rejected" ? r.reason : void 0).find(Boolean);
      });
      instances.catch(() => void 0);
      this.runs.set(fault, run = { instances });
    }
    return run;
  }
};
async function checkAtOnce(service, probe, fresh, expected) {
  const replay = expected.requests.map((request) => forInstance(request, service));
  const last = replay.at(-1);
  const requests = [
    ...probe.map((path) => ({ method: "GET", path })),
    resetRequest(service),
    ...replay,
    ...last && isReset(last) ? [] : [resetRequest(service)]
  ];
  const answers = await service.requestAll(requests);
  const probed = answers.slice(0, probe.length).map(({ status, text }) => `${status} ${text}`);
  const difference = sequenceDifference(fresh, probed, (i) => `state probe ${probe[i]}`, "fresh start", "after a use");
  if (difference) return difference;
  resetAnswered(service, answers[probe.length]);
  const replayed = replay.map((request, i) => exchangeLine(request, answers[probe.length + 1 + i]));
  const replayDifference = sequenceDifference(
    expected.lines,
    replayed,
    (i) => `replayed exchange ${i + 1} of ${expected.lines.length}`,
    "from a fresh start",
    "after a use and a reset"
  );
  if (replayDifference) return replayDifference;
  resetAnswered(service, answers.at(-1));
  return void 0;
}
async function checkAfterUse(service, use, probe, fresh, expected) {
  const probed = sequenceDifference(fresh, await probeState(service, probe), (i) => `state probe ${probe[i]}`, "fresh start", "after a use");
  if (probed) return probed;
  await resetService(service);
  const replay = recordingOf();
  await use(recording(service, replay));
  const replayed = sequenceDifference(
    expected,
    replay.lines,
    (i) => `replayed exchange ${i + 1} of ${expected.length}`,
    "from a fresh start",
    "after a use and a reset"
  );
  if (replayed) return replayed;
  if (!service.reusable()) await resetService(service);
  return void 0;
}
async function measurePace(sandbox, fixture, use, pace) {
  let service;
  try {
    const started = service = await startTimed(sandbox, fixture, NO_FAULT, pace);
    const log = recordingOf();
    await timedReplay(log.lines, () => use(recording(started, log, pace)), pace);
  } catch (e) {
    if (!(e instanceof EnvironmentError || e instanceof NoAnswerError)) throw e;
  } finally {
    await service?.stop();
  }
  return service ? 1 : 0;
}
async function startTimed(sandbox, fixture, fault, pace) {
  const service = await startService(sandbox, fixture, fault, pace);
  pace?.noteStart(service.startMs);
  return service;
}
async function timedReplay(log, replay, pace) {
  const started = performance.now();
  await replay();
  pace?.noteAcceptance(performance.now() - started, log.length);
}
function recording(service, log, pace) {
  return {
    ...service,
    request: async (path, options = {}) => {
      const { method = "GET", headers, body } = options;
      const request = { method, path, ...headers ? { headers } : {}, ...body === void 0 ? {} : { body } };
      log.requests.push(request);
      try {
        const started = performance.now();
        const answer = await service.request(path, options);
        pace?.noteExchange(performance.now() - started);
        log.lines.push(exchangeLine(request, answer));
        return answer;
      } catch (e) {
        log.lines.push(`${sent(request)} \u2192 no answer (${e.message})`);
        throw e;
      }
    }
  };
}
var sent = ({ method, path, body }) => `${method} ${path}${body === void 0 ? "" : ` ${body}`}`;
var exchangeLine = (request, { status, text }) => `${sent(request)} \u2192 ${status} ${text}`;
function sequenceDifference(expected, actual, name, expectedAs, actualAs) {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    if (expected[i] === actual[i]) continue;
    const show = (s) => s === void 0 ? "nothing" : `\xAB${s.length > SHOWN ? `${s.slice(0, SHOWN)}\u2026` : s}\xBB`;
    return `${name(i)}: ${expectedAs} ${show(expected[i])}, ${actualAs} ${show(actual[i])}`;
  }
  return void 0;
}

// src/trial/services.ts
var MIN_TRIALS_FOR_REUSE = 3;
async function offerReuse({ pool, sandbox, fixture, kind, faults, keep, trials }) {
  const refusal = proofRefusal(fixture, kind.replayableUse !== void 0, kind.name);
  if (refusal) return pool.refuse(fixture, refusal);
  if (!sandbox.privateServices)
    return pool.refuse(fixture, "unisolated, an idle service would listen on a loopback port any agent can reach: each use starts a fresh service");
  const use = await kind.replayableUse(fixture);
  if (trials < MIN_TRIALS_FOR_REUSE) {
    const started = typeof use === "string" ? 0 : await measurePace(sandbox, fixture, use, pool.pace(fixture));
    return pool.refuse(
      fixture,
      `${trials === 1 ? "1 trial" : `${trials} trials`} of this task in this run: a fresh service per use starts no more processes than proving a reset (two per variant), so each use starts a fresh service${started ? " (and one start of the correct service measured this machine's pace)" : ""}`,
      started
    );
  }
  if (typeof use === "string") return pool.refuse(fixture, `reset not proved: ${use}; each use starts a fresh service`);
  const prover = new ResetProver(sandbox, fixture, pool.pace(fixture));
  try {
    const { proof, reset } = await prover.prove(use, faults);
    if (reset) {
      prover.handOver();
      await pool.allow(fixture, reset, proof.why, prover.started, keep);
    } else pool.refuse(fixture, proof.why, prover.started);
  } finally {
    await prover.stop();
  }
}

export {
  proofRefusal,
  ResetProver,
  MIN_TRIALS_FOR_REUSE,
  offerReuse
};
