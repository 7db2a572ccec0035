import type {
  AdjustToneRequest,
  CheckGrammarRequest,
  EnhanceRequest,
  GenerateTemplateRequest,
  WritingResult,
} from "../../shared/writing";

/** A request as the routes parse it; a caller inside the server may leave out the program's names. */
type NamesOptional<T extends { protectedNames: string[] }> = Omit<T, "protectedNames"> & {
  protectedNames?: readonly string[];
};

/** The four calls of the writing helper; the offline rules and the model both answer them. */
export type WritingProvider = {
  checkGrammar(input: NamesOptional<CheckGrammarRequest>): Promise<WritingResult>;
  enhance(input: NamesOptional<EnhanceRequest>): Promise<WritingResult>;
  adjustTone(input: NamesOptional<AdjustToneRequest>): Promise<WritingResult>;
  generateTemplate(input: GenerateTemplateRequest): Promise<WritingResult>;
};
