import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/util/counted.ts
function thousands(n) {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
function plural(n, one, many = `${one}s`) {
  return `${thousands(n)} ${n === 1 ? one : many}`;
}

// src/util/scrub.ts
var REDACTED = "***";
var MIN_SECRET_LENGTH = 4;
var Scrubber = class _Scrubber {
  /** Each value, its lines, and their JSON- and URL-encoded spellings; longest first. */
  patterns;
  buffers;
  constructor(values) {
    const patterns = /* @__PURE__ */ new Set();
    for (const value of values) {
      for (const form of [value, ...value.split(/\r?\n/)]) {
        if (form.length < MIN_SECRET_LENGTH) continue;
        patterns.add(form);
        patterns.add(JSON.stringify(form).slice(1, -1));
        patterns.add(encodeURIComponent(form));
      }
    }
    this.patterns = [...patterns].sort((a, b) => b.length - a.length);
    this.buffers = this.patterns.map((p) => Buffer.from(p, "utf8"));
  }
  static none = new _Scrubber([]);
  /** A scrubber for these values and this one's. */
  with(values) {
    return new _Scrubber([...this.patterns, ...values]);
  }
  text(text) {
    let out = text;
    for (const pattern of this.patterns) if (out.includes(pattern)) out = out.split(pattern).join(REDACTED);
    return out;
  }
  /** Byte-wise, so binary files stay intact apart from the replaced bytes. */
  bytes(data) {
    let out = data;
    for (const pattern of this.buffers) out = replaceAll(out, pattern, REDACTED_BYTES);
    return out;
  }
};
var REDACTED_BYTES = Buffer.from(REDACTED);
function replaceAll(data, pattern, replacement) {
  let at = data.indexOf(pattern);
  if (at < 0) return data;
  const parts = [];
  let from = 0;
  while (at >= 0) {
    parts.push(data.subarray(from, at), replacement);
    from = at + pattern.length;
    at = data.indexOf(pattern, from);
  }
  parts.push(data.subarray(from));
  return Buffer.concat(parts);
}

// src/secrets.ts
var TOKEN_VARIABLES = [
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "INPUT_GITHUB-TOKEN",
  "INPUT_GITHUB_TOKEN",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "TRIALGATE_CONTROL_TOKEN"
];
function trialSetSources(set, more = []) {
  return { config: set.config, tasks: [...set.tasks, ...more].map((task) => ({ passEnv: [...task.agent.passEnv, ...task.kind.passEnv] })) };
}
function trialSetFileSources(config) {
  return {
    config,
    tasks: config.tasks.map((task) => ({
      passEnv: [...task.agent?.pass_env ?? [], ...task.acceptance && "pass_env" in task.acceptance ? task.acceptance.pass_env : []]
    }))
  };
}
function heldVariables(sources) {
  const holdout = sources.config?.holdout;
  return [...TOKEN_VARIABLES, ...holdout ? [holdout.key_env, ...holdout.source ? [holdout.source.token_env] : []] : []];
}
function secretVariables(sources) {
  const judgeKey = sources.config?.judge?.api_key_env;
  return [
    .../* @__PURE__ */ new Set([
      ...heldVariables(sources),
      ...sources.config?.agent.pass_env ?? [],
      ...judgeKey ? [judgeKey] : [],
      ...(sources.tasks ?? []).flatMap((task) => task.passEnv),
      ...sources.names ?? []
    ])
  ];
}
function secretsOf(sources, env = process.env) {
  const unset = [];
  const tooShort = [];
  const values = [...(sources.values ?? []).filter((value) => value.length > 0)];
  const held = heldVariables(sources);
  for (const name of secretVariables(sources)) {
    const value = env[name];
    if (!value) {
      if (!held.includes(name)) unset.push(name);
    } else if (value.length < MIN_SECRET_LENGTH) tooShort.push(name);
    else values.push(value);
  }
  return { scrubber: new Scrubber(values), unset, tooShort };
}

export {
  thousands,
  plural,
  Scrubber,
  trialSetSources,
  trialSetFileSources,
  secretsOf
};
