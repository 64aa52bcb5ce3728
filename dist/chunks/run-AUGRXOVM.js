import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-CAUWBWDA.js";
import "./chunk-J27KMNXP.js";
import "./chunk-O45WHNXZ.js";
import "./chunk-M4TG7YCW.js";
import "./chunk-DTOCZOJD.js";
import "./chunk-OVQK23GM.js";
import "./chunk-5PPB757Y.js";
import "./chunk-6HZVAGYF.js";
import "./chunk-SDS4TLQO.js";
import "./chunk-UBLZNB4H.js";
import "./chunk-6E4TA67C.js";
import "./chunk-7EZM4T2O.js";
import "./chunk-KAOA3QPJ.js";
import "./chunk-LCBCOSNX.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import "./chunk-TX4XMRFF.js";
import "./chunk-IBMDWCPC.js";
import "./chunk-6FEWE2YT.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-TP7RSVAI.js";
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
