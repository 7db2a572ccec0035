import { expect, test } from "bun:test";
import { pdfFileName } from "../../src/print/render-program-pdf";
import { nameStem, programFileStem } from "../../src/shared/file-name";

test("batch file names are ASCII from the whole name and the service date", () => {
  expect(programFileStem({ fullName: "José Luis Núñez", serviceDate: "2025-03-16T14:00" })).toBe(
    "jose-luis-nunez-2025-03-16",
  );
  expect(programFileStem({ fullName: "Łucja Żółć", serviceDate: "" })).toBe("lucja-zolc");
  expect(programFileStem({ fullName: "Zoë Ångström-Øye", serviceDate: "" })).toBe("zoe-angstrom-oye");
  expect(programFileStem({ fullName: "李小龍", serviceDate: "2025-01-01T10:00" })).toBe("program-2025-01-01");
});

test("a single program's files and a batch's spell a name the same way", () => {
  expect(nameStem("Søren Aabye Kierkegaard")).toBe("Soren-Kierkegaard");
  expect(pdfFileName("Søren Kierkegaard")).toBe("Soren-Kierkegaard-program.pdf");
  expect(programFileStem({ fullName: "Søren Kierkegaard", serviceDate: "" })).toBe("soren-kierkegaard");
  expect(nameStem("Þóra Æsa Đorđević")).toBe("Thora-Dordevic");
  expect(nameStem("Mary-Jane O'Brien")).toBe("Mary-OBrien");
  expect(nameStem("李小龍")).toBe("memorial");
});
