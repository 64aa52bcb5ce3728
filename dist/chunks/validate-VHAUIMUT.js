import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-IB64Y2PZ.js";
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
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
