import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-SKZHHMR2.js";
import "./chunk-D6KMHHSL.js";
import "./chunk-DQWWCLHG.js";
import "./chunk-DLZAIV6P.js";
import "./chunk-55RWQ2CI.js";
import "./chunk-3VF2L2TY.js";
import "./chunk-L75NUEM6.js";
import "./chunk-GZI57WUD.js";
import "./chunk-U57AUHNM.js";
import "./chunk-XSIKF4BF.js";
import "./chunk-IHXVPBPG.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-37Y3J3K6.js";
import "./chunk-H7EMOM4M.js";
import "./chunk-LUX4WPYW.js";
import "./chunk-PE644PI2.js";
import "./chunk-ALCYW26A.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-MUHJ7ABS.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-TBNYVKTQ.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-N2LDRUOD.js";
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
