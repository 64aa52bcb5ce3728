import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-WTLRJ6IQ.js";
import "./chunk-Y7QLUM2L.js";
import "./chunk-OACD7MKX.js";
import "./chunk-DLZAIV6P.js";
import "./chunk-55RWQ2CI.js";
import "./chunk-MHENMESV.js";
import "./chunk-RGCQ5XWF.js";
import "./chunk-L24O4UOI.js";
import "./chunk-U57AUHNM.js";
import "./chunk-R5X45DQN.js";
import "./chunk-IHXVPBPG.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-EWQDSH4M.js";
import "./chunk-XYOY3ECS.js";
import "./chunk-6IJ5HRHT.js";
import "./chunk-PE644PI2.js";
import "./chunk-ALCYW26A.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-GUTO254C.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-TBNYVKTQ.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-6VZYN7DL.js";
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
