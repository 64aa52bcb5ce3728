import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderResetProof,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-37Y3J3K6.js";
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
  isolationLine,
  renderResetProof,
  renderValidation,
  runDemoCli,
  runValidateCli
};
