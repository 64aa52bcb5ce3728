import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  DEFAULT_BUDGET_BYTES,
  DEFAULT_MAX_TRIALS,
  buildHtmlReport,
  htmlPieces,
  wholeSource,
  writeHtmlReport
} from "./chunk-ZC67RRID.js";
import "./chunk-BUWQH57W.js";
import "./chunk-J6G6AL52.js";
import "./chunk-LGZPU5OA.js";
import "./chunk-RRV7J5M2.js";
import "./chunk-OVH43LBJ.js";
import "./chunk-TDSOKKON.js";
import "./chunk-HZGLYA5U.js";
export {
  DEFAULT_BUDGET_BYTES,
  DEFAULT_MAX_TRIALS,
  buildHtmlReport,
  htmlPieces,
  wholeSource,
  writeHtmlReport
};
