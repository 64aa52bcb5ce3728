import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-JYRABTBS.js";
import "./chunk-WNSKODN3.js";
import "./chunk-BZNMFCXS.js";
import "./chunk-AXCA5P2G.js";
import "./chunk-GQ3N5QTO.js";
import "./chunk-ZC67RRID.js";
import "./chunk-BUWQH57W.js";
import "./chunk-J6G6AL52.js";
import "./chunk-LGZPU5OA.js";
import "./chunk-RRV7J5M2.js";
import "./chunk-OVH43LBJ.js";
import "./chunk-XNNNYSL3.js";
import "./chunk-SVMKXPE7.js";
import "./chunk-EMQXSGHT.js";
import "./chunk-TDSOKKON.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
