import type { ProgramInput } from "../../../shared/schemas";

/** A program field the writing helper can write into. */
export type WriterField = "lifeReflections" | "acknowledgments" | { tributeId: string };

export type FieldOption = {
  key: string;
  label: string;
  /** Tells the enhancer where the text goes. */
  context: string;
  field: WriterField;
  text: string;
};

/** The field picker's choices: life reflections, each tribute, acknowledgments. */
export const fieldOptions = (program: ProgramInput): FieldOption[] => [
  {
    key: "lifeReflections",
    label: "Life reflections",
    context: "life reflections",
    field: "lifeReflections",
    text: program.lifeReflections,
  },
  ...program.tributes.map((tribute, index) => ({
    key: `tribute:${tribute.id}`,
    label: tribute.author.trim() ? `Tribute from ${tribute.author.trim()}` : `Tribute ${index + 1}`,
    context: "tribute",
    field: { tributeId: tribute.id },
    text: tribute.message,
  })),
  {
    key: "acknowledgments",
    label: "Acknowledgments",
    context: "acknowledgments",
    field: "acknowledgments",
    text: program.acknowledgments,
  },
];

/** The text a field holds in the program right now. */
export const fieldText = (program: ProgramInput, field: WriterField): string =>
  typeof field === "string"
    ? program[field]
    : (program.tributes.find((t) => t.id === field.tributeId)?.message ?? "");
