import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-X7L26SMP.js";
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
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
