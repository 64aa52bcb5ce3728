import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-2C3WSKNK.js";
import "./chunk-NS4QCQSH.js";
import "./chunk-BXFQ4BXR.js";
import "./chunk-FDIKSMKB.js";
import "./chunk-FCG6PQOE.js";
import "./chunk-RNK4YN3V.js";
import "./chunk-PBVTS5OU.js";
import "./chunk-DNLXST4M.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-7N6ZI2XZ.js";
import "./chunk-TLIC5K6E.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-X7L26SMP.js";
import "./chunk-RYKLCXTH.js";
import "./chunk-GBXLJNBL.js";
import "./chunk-PE644PI2.js";
import "./chunk-DKN7QGUQ.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-NVHT5DSA.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-XNMT3BAP.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-ZIM72PK5.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-ZVEGQI6E.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-HWPKIFZG.js";
import "./chunk-KTGKEIXK.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-D5ELBRH7.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
