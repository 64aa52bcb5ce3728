import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-4FLZW4WH.js";
import "./chunk-67GIYWKJ.js";
import "./chunk-O45WHNXZ.js";
import "./chunk-5WQT2CND.js";
import "./chunk-R56Q5IKC.js";
import "./chunk-I6HZG3H4.js";
import "./chunk-5PPB757Y.js";
import "./chunk-HSQSD4Y4.js";
import "./chunk-SDS4TLQO.js";
import "./chunk-UBLZNB4H.js";
import "./chunk-DLTOVJIZ.js";
import "./chunk-RIRO6S57.js";
import "./chunk-HPH4C5PR.js";
import "./chunk-LCBCOSNX.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import "./chunk-TX4XMRFF.js";
import "./chunk-FT4JLT54.js";
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
