import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-6PFHCNTM.js";
import "./chunk-NS4QCQSH.js";
import "./chunk-NWHZTLZI.js";
import "./chunk-VK4TFGIZ.js";
import "./chunk-55IZ4AO5.js";
import "./chunk-LXA2QLZT.js";
import "./chunk-6RFQSCSE.js";
import "./chunk-APGTTIIN.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-5ID562TT.js";
import "./chunk-DUHM2CFC.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-IB64Y2PZ.js";
import "./chunk-UP6BIML3.js";
import "./chunk-TTJM5T2C.js";
import "./chunk-PE644PI2.js";
import "./chunk-Y75N3NNA.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-ES7J4AGT.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-G5TVI6GV.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-ZIM72PK5.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-DQVI6QXJ.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-ALSGWK3K.js";
import "./chunk-PIYQKMKI.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-D556HICT.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
