import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-GO6ERAXI.js";
import "./chunk-Y7QLUM2L.js";
import "./chunk-CJME56MK.js";
import "./chunk-DLZAIV6P.js";
import "./chunk-55RWQ2CI.js";
import "./chunk-OCNHIVEI.js";
import "./chunk-RGCQ5XWF.js";
import "./chunk-BBT6MWRW.js";
import "./chunk-U57AUHNM.js";
import "./chunk-S5G667YQ.js";
import "./chunk-IHXVPBPG.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-XTOA6PLZ.js";
import "./chunk-N4CN45BW.js";
import "./chunk-K5HXQEKT.js";
import "./chunk-PE644PI2.js";
import "./chunk-ALCYW26A.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-VBVKQQFG.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-TBNYVKTQ.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-TKOGDMMS.js";
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
