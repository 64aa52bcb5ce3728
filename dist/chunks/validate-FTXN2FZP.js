import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderResetProof,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-JWPGYLTK.js";
import "./chunk-K4QCMHZA.js";
import "./chunk-AWM4VBIU.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import "./chunk-3GWSCY37.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import "./chunk-NDCZ7HSK.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-GPT4AU5Q.js";
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
