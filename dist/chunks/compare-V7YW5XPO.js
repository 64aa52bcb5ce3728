import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-OYMKMFD4.js";
import "./chunk-JUQTMCQ5.js";
import "./chunk-2ZOT4BMT.js";
import "./chunk-LHGQJHD3.js";
import "./chunk-Y5J3QYCN.js";
import "./chunk-GA6T2P47.js";
import "./chunk-GBGFIMGY.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-P6UIWKRV.js";
import "./chunk-T64N4H43.js";
import "./chunk-RQ5IYXXX.js";
import "./chunk-QBLAHHS7.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-5BIHGVSQ.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
