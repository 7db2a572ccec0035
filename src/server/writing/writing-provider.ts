import type { AiResult } from "../../shared/schemas";
import type {
  AdjustToneRequest,
  CheckGrammarRequest,
  EnhanceRequest,
  GenerateTemplateRequest,
} from "../../shared/writing";

/** The four calls of the writing helper; the offline rules and the model both answer them. */
export type WritingProvider = {
  checkGrammar(input: CheckGrammarRequest): Promise<AiResult>;
  enhance(input: EnhanceRequest): Promise<AiResult>;
  adjustTone(input: AdjustToneRequest): Promise<AiResult>;
  generateTemplate(input: GenerateTemplateRequest): Promise<AiResult>;
};
