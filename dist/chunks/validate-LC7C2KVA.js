import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderResetProof,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-2FCHB2QQ.js";
import "./chunk-562HQ6LA.js";
import "./chunk-PTFAT7PF.js";
import "./chunk-PE644PI2.js";
import "./chunk-AHIIRXXG.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-KAM5PAQQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-RUPXTEAG.js";
import "./chunk-7WOU4S3C.js";
import "./chunk-N2LDRUOD.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-SECE33G7.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-KKIMH4NN.js";
import "./chunk-EYKO5LXT.js";
import "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";
export {
  isolationLine,
  renderResetProof,
  renderValidation,
  runDemoCli,
  runValidateCli
};
