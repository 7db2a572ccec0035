import type { ProgramInput } from "./schemas";
import { emptyProgramInput } from "./schemas";

/** The example program behind View Examples on the home page, also a fixture for tests and demos. */
export const sampleProgram = (): ProgramInput => ({
  ...emptyProgramInput(),
  fullName: "Eleanor Grace Whitfield",
  preferredName: "Nell",
  birthDate: "1931-04-12",
  passingDate: "2025-02-28",
  serviceDate: "2025-03-08T11:00",
  location: "St. Andrew's Chapel, 14 Elm Street, Maple Grove",
  lifeReflections:
    "Eleanor was born in Maple Grove and spent ninety-three years making it kinder. She taught third grade for thirty-one years, kept a garden that fed half the street, and never missed a Sunday supper with her family. She met her husband Thomas at a church picnic in 1952; they were married for fifty-eight years. She is remembered for her laugh, her lemon cake, and the handwritten notes she tucked into every birthday card.",
  scripture:
    "The Lord is my shepherd; I shall not want. He maketh me to lie down in green pastures: he leadeth me beside the still waters. He restoreth my soul. (Psalm 23:1-3)",
  officiant: "Rev. Margaret Ellison",
  pallbearers: "James Whitfield\nRobert Whitfield\nDaniel Ortiz\nSamuel Lee\nPeter Novak\nAndrew Whitfield",
  acknowledgments:
    "The family thanks the staff of Maple Grove Hospice for their tender care, and everyone who brought meals, flowers and kind words. Your love carried us.",
  colorTheme: "elegant",
  fontStyle: "georgia",
  overlayEffect: "subtle",
  pageLayout: "elegant",
});
