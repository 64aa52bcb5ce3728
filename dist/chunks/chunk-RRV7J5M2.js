import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

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
var TOKEN_VARIABLES = [
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "INPUT_GITHUB-TOKEN",
  "INPUT_GITHUB_TOKEN",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "TRIALGATE_CONTROL_TOKEN"
];
function heldTokens(env) {
  return TOKEN_VARIABLES.flatMap((name) => env[name] ? [env[name]] : []);
}

export {
  MIN_SECRET_LENGTH,
  Scrubber,
  heldTokens
};
