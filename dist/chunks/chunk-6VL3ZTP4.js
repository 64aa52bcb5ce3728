import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/isolation/sandbox.ts
var IsolationUnavailable = class extends Error {
  name = "IsolationUnavailable";
};

export {
  IsolationUnavailable
};
