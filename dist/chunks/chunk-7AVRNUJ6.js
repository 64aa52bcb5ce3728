import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  NoAnswerError,
  probeState,
  resetService,
  startService
} from "./chunk-V3BF3RGP.js";
import {
  EnvironmentError
} from "./chunk-EMQXSGHT.js";

// src/service/reset-proof.ts
var SHOWN = 160;
var FRESH = "each use starts a fresh service";
function proofRefusal(fixture, replayable, kind) {
  const { service } = fixture.manifest;
  if (!service.coverage) return `the service speaks no control channel (service.coverage is false), so it has no reset: ${FRESH}`;
  if (!service.stateProbe.length) return `service.stateProbe is not declared, so its state after a reset cannot be compared with a fresh start (docs/fixture.md): ${FRESH}`;
  if (!replayable) return `a ${kind} acceptor makes requests of its own that the runner cannot replay, so the reset cannot be proved: ${FRESH}`;
  return void 0;
}
var ResetProver = class {
  constructor(sandbox, fixture) {
    this.sandbox = sandbox;
    this.fixture = fixture;
  }
  sandbox;
  fixture;
  runs = /* @__PURE__ */ new Map();
  handedOver = false;
  /** Service processes the proof started. */
  started = 0;
  async borrow(_fixture, fault) {
    const run = this.run(fault);
    const [a] = await run.instances;
    run.first = [];
    return recording(a, run.first);
  }
  /** Kept: the proof goes on with it. */
  async giveBack() {
  }
  /** Prove the reset on every one of `faults` with `use`; when proved, the instances for the pool. */
  async prove(use, faults) {
    const probe = this.fixture.manifest.service.stateProbe;
    const fresh = /* @__PURE__ */ new Map();
    const variants = await Promise.all(
      faults.map(async (fault) => {
        const proof2 = { fault, replayed: 0, probed: 0 };
        try {
          const run = this.run(fault);
          const [a, b] = await run.instances;
          if (!run.first) await use(recording(a, run.first = []));
          const replay = [];
          await use(recording(a, replay));
          const afterReset = await probeState(a, probe);
          await resetService(a);
          const started = await probeState(b, probe);
          await resetService(b);
          fresh.set(fault, started);
          proof2.replayed = replay.length;
          proof2.probed = probe.length;
          const difference = sequenceDifference(run.first, replay, (i) => `replayed exchange ${i + 1} of ${run.first.length}`, "from a fresh start", "after a reset") ?? sequenceDifference(started, afterReset, (i) => `state probe ${probe[i]}`, "fresh start", "after the cases and a reset");
          if (difference) proof2.difference = difference;
          else if (!a.reusable() || !b.reusable()) proof2.difference = "a request went unanswered during the proof";
        } catch (e) {
          if (!(e instanceof EnvironmentError || e instanceof NoAnswerError)) throw e;
          proof2.difference = `could not be compared: ${e.message}`;
        }
        return proof2;
      })
    );
    const failed = variants.find((v) => v.difference);
    if (failed) return { proof: { proved: false, why: `reset not proved: variant ${failed.fault}: ${failed.difference}; ${FRESH}`, variants } };
    const exchanges = variants.reduce((n, v) => n + v.replayed, 0);
    const proof = {
      proved: true,
      why: `reset proved on ${variants.length} variants: after the cases and a reset, ${probe.length} state probe reads answer as a fresh start's, and a replay of the cases (${exchanges} exchanges) answers as from a fresh start`,
      variants
    };
    const instances = /* @__PURE__ */ new Map();
    for (const fault of faults) instances.set(fault, await this.run(fault).instances);
    return { proof, reset: { probe, fresh, instances } };
  }
  /** The instances of a proved reset now belong to a pool: `stop` leaves them running. */
  handOver() {
    this.handedOver = true;
  }
  /** Stop every instance, unless they were handed over to a pool. */
  async stop() {
    if (this.handedOver) return;
    const all = await Promise.all([...this.runs.values()].map((run) => run.instances.catch(() => [])));
    await Promise.all(all.flat().map((service) => service.stop()));
  }
  run(fault) {
    let run = this.runs.get(fault);
    if (!run) {
      const start = () => {
        this.started++;
        return startService(this.sandbox, this.fixture, fault);
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
function recording(service, log) {
  return {
    ...service,
    request: async (path, options = {}) => {
      const sent = `${options.method ?? "GET"} ${path}${options.body === void 0 ? "" : ` ${options.body}`}`;
      try {
        const answer = await service.request(path, options);
        log.push(`${sent} \u2192 ${answer.status} ${answer.text}`);
        return answer;
      } catch (e) {
        log.push(`${sent} \u2192 no answer (${e.message})`);
        throw e;
      }
    }
  };
}
function sequenceDifference(expected, actual, name, expectedAs, actualAs) {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    if (expected[i] === actual[i]) continue;
    const show = (s) => s === void 0 ? "nothing" : `\xAB${s.length > SHOWN ? `${s.slice(0, SHOWN)}\u2026` : s}\xBB`;
    return `${name(i)}: ${expectedAs} ${show(expected[i])}, ${actualAs} ${show(actual[i])}`;
  }
  return void 0;
}

export {
  proofRefusal,
  ResetProver
};
