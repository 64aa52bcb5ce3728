import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-OYT3A7XP.js";
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
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
