import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-PCROKAU5.js";
import "./chunk-VDGHO55H.js";
import "./chunk-RXSRP5MO.js";
import "./chunk-FMWH56VQ.js";
import "./chunk-PE644PI2.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-ZPCT75I2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-7WOU4S3C.js";
import "./chunk-VRY22N4W.js";
import "./chunk-5GMOQW7S.js";
import "./chunk-5KLN4BAU.js";
import "./chunk-3YYS24WE.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
