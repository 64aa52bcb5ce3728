import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-CSM2UGI3.js";
import "./chunk-H74RYXEY.js";
import "./chunk-XCUGCFKZ.js";
import "./chunk-GA6T2P47.js";
import "./chunk-M7BFDM3G.js";
import "./chunk-GBGFIMGY.js";
import "./chunk-X67QGZGK.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-2WXLZ4U2.js";
import "./chunk-P6UIWKRV.js";
import "./chunk-ZIM72PK5.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-T64N4H43.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-RQ5IYXXX.js";
import "./chunk-QBLAHHS7.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-5BIHGVSQ.js";
import "./chunk-HZGLYA5U.js";
export {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
