import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-N4EJT3LY.js";
import "./chunk-4B2CJJNY.js";
import "./chunk-6X7O5MDU.js";
import "./chunk-Y3GUX643.js";
import "./chunk-JUQTMCQ5.js";
import "./chunk-3PE7ADZ3.js";
import "./chunk-2ZOT4BMT.js";
import "./chunk-CV4N5U72.js";
import "./chunk-LHGQJHD3.js";
import "./chunk-H2G73NIJ.js";
import "./chunk-WEYXXYYJ.js";
import "./chunk-Y5J3QYCN.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-CSM2UGI3.js";
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
  positiveInt,
  readTrialVerdict,
  runRunCli
};
