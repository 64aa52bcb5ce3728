import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-ODMFOXE2.js";
import "./chunk-I4NUYVLG.js";
import "./chunk-QQTA2652.js";
import "./chunk-JXLGSGCR.js";
import "./chunk-HTOP67CN.js";
import "./chunk-OVH43LBJ.js";
import "./chunk-XNNNYSL3.js";
import "./chunk-6PIT4DW2.js";
import "./chunk-EMQXSGHT.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
