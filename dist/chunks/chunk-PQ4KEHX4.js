import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  failureReasons
} from "./chunk-G5EN2XWY.js";

// src/trial/progress.ts
function progressReporter(write, live) {
  const tally = { pass: 0, fail: 0, env_error: 0, unexecuted: 0 };
  return (event) => {
    tally[event.result.outcome]++;
    if (live) {
      const counts = `pass ${tally.pass} \xB7 fail ${tally.fail} \xB7 env error ${tally.env_error}`;
      write(`\r\x1B[2K[${event.done}/${event.total}] ${counts}${event.done === event.total ? "\n" : ""}`);
      return;
    }
    const { result } = event;
    const why = result.outcome === "fail" ? ` \u2014 ${failureReasons(result)[0] ?? ""}` : result.outcome === "env_error" ? ` \u2014 ${result.env_error}` : "";
    write(`[${event.done}/${event.total}] ${event.task} trial ${event.trial}: ${result.outcome} (${(result.wall_ms / 1e3).toFixed(1)} s)${why}
`);
  };
}

// src/report/isolation.ts
function isolationNote(results) {
  const isolation = results.run.isolation;
  if (isolation?.mechanism !== "none") return void 0;
  return `\u26A0\uFE0F Isolation: none (${isolation.reason ?? "no reason recorded"}): the agent ran unisolated and could read what your user can, the fixture's reference answers included; see docs/isolation.md.`;
}

export {
  progressReporter,
  isolationNote
};
