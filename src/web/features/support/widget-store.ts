import { proxy } from "valtio";

/**
 * Which floating chat is open. Only one at a time, so the Support Assistant and the Emotional
 * Support chat never cover each other, on a phone or a desktop.
 */
export const chatWidgets = proxy<{ open: "assistant" | "emotional" | null }>({ open: null });
