import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-K3JUNSTM.js";
import "./chunk-OMKGA4US.js";
import "./chunk-P6SPGUZJ.js";
import "./chunk-GQ3N5QTO.js";
import "./chunk-JXLGSGCR.js";
import "./chunk-HTOP67CN.js";
import "./chunk-OVH43LBJ.js";
import "./chunk-XNNNYSL3.js";
import "./chunk-UQJK2C22.js";
import "./chunk-EMQXSGHT.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
