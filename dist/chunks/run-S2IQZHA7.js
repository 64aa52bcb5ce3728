import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-EZ3BTK75.js";
import "./chunk-D6KMHHSL.js";
import "./chunk-KKPA6JWD.js";
import "./chunk-DLZAIV6P.js";
import "./chunk-55RWQ2CI.js";
import "./chunk-53BDJIDJ.js";
import "./chunk-L75NUEM6.js";
import "./chunk-EIM5VT2S.js";
import "./chunk-U57AUHNM.js";
import "./chunk-FGVQRJO5.js";
import "./chunk-IHXVPBPG.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-KVUAR6W4.js";
import "./chunk-L54RI6WF.js";
import "./chunk-S2NMFTFR.js";
import "./chunk-PE644PI2.js";
import "./chunk-ALCYW26A.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-K7VE3Q3M.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-TBNYVKTQ.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-HB6FJJX7.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-XBUM7SOG.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-52BIIBHA.js";
import "./chunk-NYMU3U3S.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-ILF6MLZN.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
