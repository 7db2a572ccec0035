import type {
  AdjustToneRequest,
  CheckGrammarRequest,
  EnhanceRequest,
  GenerateTemplateRequest,
  WritingResult,
} from "../../shared/writing";

/** The four calls of the writing helper; the offline rules and the model both answer them. */
export type WritingProvider = {
  checkGrammar(input: CheckGrammarRequest): Promise<WritingResult>;
  enhance(input: EnhanceRequest): Promise<WritingResult>;
  adjustTone(input: AdjustToneRequest): Promise<WritingResult>;
  generateTemplate(input: GenerateTemplateRequest): Promise<WritingResult>;
};
