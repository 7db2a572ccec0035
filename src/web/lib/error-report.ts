// The error boundary's report. The support chat (a later issue) will send it to
// POST /api/chatbot/error-report; until that service exists the report is logged.
export type ErrorReport = {
  error: string;
  stack?: string;
  context: {
    componentStack?: string;
    currentPage: string;
    userAgent: string;
    timestamp: string;
    type: string;
  };
};

export const buildErrorReport = (error: Error, componentStack?: string): ErrorReport => ({
  error: error.message,
  stack: error.stack,
  context: {
    componentStack,
    currentPage: window.location.pathname,
    userAgent: navigator.userAgent,
    timestamp: new Date().toISOString(),
    type: "react-error-boundary",
  },
});

export const reportClientError = async (report: ErrorReport): Promise<void> => {
  console.warn("Client error report", report);
};

/** Asks the support chat widget to open with this message (the widget listens for the event). */
export const openSupportChat = (message: string) => {
  window.dispatchEvent(new CustomEvent("openChatbot", { detail: { message } }));
};
