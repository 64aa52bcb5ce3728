import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-CYU3A5UB.js";
import "./chunk-EMT5TE6A.js";
import "./chunk-HBMKOXBS.js";
import "./chunk-5ECEAOCN.js";
import "./chunk-Y5J3QYCN.js";
import "./chunk-6E3UAJQE.js";
import "./chunk-7EWCWXCX.js";
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
