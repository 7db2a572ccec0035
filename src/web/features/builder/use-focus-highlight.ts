import { useEffect } from "react";

// Spec section 2: after 0.5 s the element marked for ?focus= is scrolled into view and highlighted for 2 s.
const FOCUS_DELAY_MS = 500;
const HIGHLIGHT_MS = 2000;

export const useFocusHighlight = (focus: string | undefined, ready: boolean) => {
  useEffect(() => {
    if (!focus || !ready) return;
    let clearHighlight: ReturnType<typeof setTimeout> | undefined;
    let target: Element | null = null;
    const start = setTimeout(() => {
      target = document.querySelector(`[data-focus="${CSS.escape(focus)}"]`);
      if (!target) return;
      target.scrollIntoView({ behavior: "smooth", block: "center" });
      target.classList.add("focus-highlight");
      clearHighlight = setTimeout(() => target?.classList.remove("focus-highlight"), HIGHLIGHT_MS);
    }, FOCUS_DELAY_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(clearHighlight);
      target?.classList.remove("focus-highlight");
    };
  }, [focus, ready]);
};
