import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-XZPM7NA4.js";
import "./chunk-4DIDHIL6.js";
import "./chunk-FA4FYTY3.js";
import "./chunk-DFSPTJV3.js";
import "./chunk-CWIRDSU4.js";
import "./chunk-6XMZHWHS.js";
import "./chunk-EJWZYWU2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-ZUKFLNHZ.js";
import "./chunk-BKRAZZQH.js";
import "./chunk-RQ5IYXXX.js";
import "./chunk-QBLAHHS7.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-5BIHGVSQ.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
