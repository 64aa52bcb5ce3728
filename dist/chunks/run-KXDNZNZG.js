import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-PCHVHPHQ.js";
import "./chunk-NS4QCQSH.js";
import "./chunk-3M5GFL2U.js";
import "./chunk-Y3GUX643.js";
import "./chunk-3RLCYBPO.js";
import "./chunk-QRSQW7TL.js";
import "./chunk-REJY3MPQ.js";
import "./chunk-FQB2QMZC.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-5OXU47WT.js";
import "./chunk-RSZOYIV5.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-MEWX3KK2.js";
import "./chunk-LTKBMQHW.js";
import "./chunk-GFUMMQI3.js";
import "./chunk-PE644PI2.js";
import "./chunk-ROFH3I3P.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-ILQSIQVE.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-6QQGJSVV.js";
import "./chunk-4W3VKHJE.js";
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
