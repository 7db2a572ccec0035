// Issue 23: a batch template that adds default text (a verse in a blank Scripture) says so on its
// card, and applying it never replaces what was typed.
import { expect, test } from "bun:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BATCH_TEMPLATES } from "../../src/shared/constants";
import { applyBatchTemplate, emptyServiceDraft } from "../../src/shared/service-draft";
import { TemplatePicker } from "../../src/web/features/batch/template-picker";

test("every template card shows the verse it adds to a blank Scripture, and that typed text is kept", () => {
  const cards = renderToStaticMarkup(
    createElement(TemplatePicker, {
      selectedId: "",
      onSelect: () => {},
      serviceCount: 1,
      onApplyToAll: () => {},
      appliedMessage: "",
    }),
  );
  for (const template of BATCH_TEMPLATES.filter((t) => t.defaultScripture)) {
    expect(cards).toContain(`Adds to a blank Scripture: “${template.defaultScripture}”`);
  }
  expect(cards).toContain("Anything already typed there is kept.");
});

test("applying a template fills only blank text and keeps what was typed", () => {
  for (const template of BATCH_TEMPLATES) {
    const typed = { ...emptyServiceDraft(), scripture: "Our own verse", officiant: "Rev. Own" };
    const applied = applyBatchTemplate(typed, template);
    expect([applied.scripture, applied.officiant]).toEqual(["Our own verse", "Rev. Own"]);
    expect(applyBatchTemplate(emptyServiceDraft(), template).scripture).toBe(template.defaultScripture);
  }
});
