import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-VW3NC2OA.js";
import "./chunk-SLRTT2YR.js";
import "./chunk-5MF3LTZ4.js";
import "./chunk-FMWH56VQ.js";
import "./chunk-PE644PI2.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-ZPCT75I2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-7WOU4S3C.js";
import "./chunk-SECE33G7.js";
import "./chunk-KKIMH4NN.js";
import "./chunk-EYKO5LXT.js";
import "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
