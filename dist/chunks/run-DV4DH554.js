import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-475WRFTH.js";
import "./chunk-TYDH6MDT.js";
import "./chunk-XRX45AII.js";
import "./chunk-7SUBNYKI.js";
import "./chunk-T37KTUQW.js";
import "./chunk-LYPK62IA.js";
import "./chunk-5PPB757Y.js";
import "./chunk-KIZHXQHB.js";
import "./chunk-THJ3K27E.js";
import "./chunk-LHVQ7BFE.js";
import "./chunk-ZV2SCNKO.js";
import "./chunk-BEIMHXS6.js";
import "./chunk-TE7J7CZT.js";
import "./chunk-LCBCOSNX.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import "./chunk-TX4XMRFF.js";
import "./chunk-N2ZZ3NAW.js";
import "./chunk-6FEWE2YT.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2XP4HRAI.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-BILKXZIS.js";
import "./chunk-GPT4AU5Q.js";
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
