import { ERROR_DETECTED_EVENT, OPEN_CHATBOT_EVENT } from "../../lib/error-report";

// The assistant's code loads after a first page (support-widget-host.tsx). Its events (Get Help,
// an error detected) may come before it: they are kept here and handed to it when it mounts.

export const WIDGET_EVENTS = [OPEN_CHATBOT_EVENT, ERROR_DETECTED_EVENT] as const;

const kept: Event[] = [];
let widgetListening = false;

/** Keeps an event the widget was not there to hear. */
export const keepIfUnheard = (event: Event) => {
  // A few are enough to act on: a widget that never loads must not keep a page's every error.
  if (!widgetListening && kept.length < 20) kept.push(event);
};

/** The widget, once listening: the events it missed, in order. */
export const takeMissedEvents = () => {
  widgetListening = true;
  return kept.splice(0);
};

/** The widget stopped listening (a new person's widget replaces it). */
export const stopListening = () => {
  widgetListening = false;
};
