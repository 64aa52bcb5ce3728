import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-P54OJBSC.js";
import "./chunk-Y7QLUM2L.js";
import "./chunk-IQLGYVIL.js";
import "./chunk-WY3Q2EW2.js";
import "./chunk-P5M3AJNE.js";
import "./chunk-WRVMSRLB.js";
import "./chunk-6WY2ZIHL.js";
import "./chunk-P3IGMBEX.js";
import "./chunk-U57AUHNM.js";
import "./chunk-DEYTQPPK.js";
import "./chunk-3IXR46LD.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-OYT3A7XP.js";
import "./chunk-2QV7XLBC.js";
import "./chunk-IUISV5GQ.js";
import "./chunk-PE644PI2.js";
import "./chunk-XTIFY3CW.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-W76B53HS.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-TBNYVKTQ.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-PHNKIRJB.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-XBUM7SOG.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-52BIIBHA.js";
import "./chunk-7G574FSR.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-ILF6MLZN.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
