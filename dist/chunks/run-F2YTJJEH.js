import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-3REWE4V6.js";
import "./chunk-2FCHB2QQ.js";
import "./chunk-CLQWCIUZ.js";
import "./chunk-SLRTT2YR.js";
import "./chunk-BN625T6K.js";
import "./chunk-LBNFF7B7.js";
import "./chunk-5PPB757Y.js";
import "./chunk-562HQ6LA.js";
import "./chunk-5MF3LTZ4.js";
import "./chunk-FMWH56VQ.js";
import "./chunk-ZJBOCIBW.js";
import "./chunk-FPSSOVMY.js";
import "./chunk-PTFAT7PF.js";
import "./chunk-PE644PI2.js";
import "./chunk-AHIIRXXG.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-3VNX3FFZ.js";
import "./chunk-KAM5PAQQ.js";
import "./chunk-ZPCT75I2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-RUPXTEAG.js";
import "./chunk-7WOU4S3C.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-N2LDRUOD.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-BILKXZIS.js";
import "./chunk-SECE33G7.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-KKIMH4NN.js";
import "./chunk-EYKO5LXT.js";
import "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
