import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-ROWD3VJ2.js";
import "./chunk-ASMVMORG.js";
import "./chunk-PQG4GNRX.js";
import "./chunk-VZQAQX7F.js";
import "./chunk-JXLGSGCR.js";
import "./chunk-VKT34IZI.js";
import "./chunk-HTOP67CN.js";
import "./chunk-RRV7J5M2.js";
import "./chunk-MXDSQAGL.js";
import "./chunk-OVH43LBJ.js";
import "./chunk-6VL3ZTP4.js";
import "./chunk-EV262Y4R.js";
import "./chunk-E6FWMIUR.js";
import "./chunk-XNNNYSL3.js";
import "./chunk-UQJK2C22.js";
import "./chunk-XFC4BBCX.js";
import "./chunk-EMQXSGHT.js";
import "./chunk-HZGLYA5U.js";
export {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
