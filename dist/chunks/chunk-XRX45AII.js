import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  layerFailures
} from "./chunk-LHVQ7BFE.js";
import {
  terminalText
} from "./chunk-JUOIWDMS.js";

// src/trial/progress.ts
function progressReporter(write, redraw) {
  const tally = { pass: 0, fail: 0, env_error: 0, unexecuted: 0 };
  return (event) => {
    tally[event.result.outcome]++;
    if (redraw) {
      const counts = `pass ${tally.pass} \xB7 fail ${tally.fail} \xB7 env error ${tally.env_error}`;
      redraw(`[${event.done}/${event.total}] ${counts}`);
      if (event.done === event.total) write("\n");
      return;
    }
    const { result } = event;
    const why = event.holdout ? "" : result.outcome === "fail" ? ` \u2014 ${firstLineOf(layerFailures(result)[0] ?? "", result.evidence)}` : result.outcome === "env_error" ? ` \u2014 ${firstLineOf(envReason(result), result.evidence)}` : "";
    write(
      terminalText(
        `[${event.done}/${event.total}] ${event.holdout ? "a holdout task" : event.task} trial ${event.trial}: ${result.outcome} (${(result.wall_ms / 1e3).toFixed(1)} s)${why}`,
        true
      ) + "\n"
    );
  };
}
function envReason(result) {
  const note = result.layers.trajectory?.notes?.find((n) => n.startsWith("env error: "));
  const reason = note ? note.slice("env error: ".length) : result.env_error ?? "";
  return result.env_error_source === "agent" ? `${reason} (declared by the agent)` : reason;
}
var REASON_CHARS = 240;
function firstLineOf(reason, evidence) {
  const first = reason.split("\n", 1)[0].trimEnd();
  if (first === reason && first.length <= REASON_CHARS) return first;
  return `${first.length > REASON_CHARS ? `${first.slice(0, REASON_CHARS)}\u2026` : first} (the whole reason: ${evidence}/evidence/verdict.json)`;
}

export {
  progressReporter
};
