import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-TV3DQZ2Z.js";
import "./chunk-JWPGYLTK.js";
import "./chunk-7UIBAI4W.js";
import "./chunk-S7GIZUBX.js";
import "./chunk-QWVQ4PGJ.js";
import "./chunk-4THH7CWG.js";
import "./chunk-5PPB757Y.js";
import "./chunk-K4QCMHZA.js";
import "./chunk-7X4WMF6D.js";
import "./chunk-BX6XWYPK.js";
import "./chunk-EYNR6JPN.js";
import "./chunk-4RSUVUWW.js";
import "./chunk-AWM4VBIU.js";
import "./chunk-LCBCOSNX.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import "./chunk-TX4XMRFF.js";
import "./chunk-3GWSCY37.js";
import "./chunk-6FEWE2YT.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-NDCZ7HSK.js";
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
