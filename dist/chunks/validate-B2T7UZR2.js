import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-RQVVBWNY.js";
import "./chunk-ASMVMORG.js";
import "./chunk-7AVRNUJ6.js";
import "./chunk-V3BF3RGP.js";
import "./chunk-GIWHJF3W.js";
import "./chunk-AXCA5P2G.js";
import "./chunk-MXDSQAGL.js";
import "./chunk-6VL3ZTP4.js";
import "./chunk-J6G6AL52.js";
import "./chunk-LGZPU5OA.js";
import "./chunk-RRV7J5M2.js";
import "./chunk-OVH43LBJ.js";
import "./chunk-EV262Y4R.js";
import "./chunk-E6FWMIUR.js";
import "./chunk-XNNNYSL3.js";
import "./chunk-SVMKXPE7.js";
import "./chunk-XFC4BBCX.js";
import "./chunk-EMQXSGHT.js";
import "./chunk-TDSOKKON.js";
import "./chunk-HZGLYA5U.js";
export {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
