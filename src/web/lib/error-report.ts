// Automatic error reports: the error screen, console errors, unhandled rejections, runtime errors and
// failed fetches are sent to POST /api/chatbot/error-report, at most once per error type every 5 s,
// and then announced with an `errorDetected` window event for the Support Assistant.
import { CHAT_LIMITS } from "../../shared/chat-limits";
import type { ErrorReportInput, ErrorReportResponse } from "../../shared/chatbot";

export type ErrorReport = Omit<ErrorReportInput, "context"> & {
  context: ErrorReportInput["context"] & {
    currentPage: string;
    userAgent: string;
    timestamp: string;
    type: string;
  };
};

export type ErrorDetectedDetail = { error: string; type: string; analysis: ErrorReportResponse | null };

export const ERROR_DETECTED_EVENT = "errorDetected";
export const OPEN_CHATBOT_EVENT = "openChatbot";
const REPORT_URL = "/api/chatbot/error-report";
const LAST_SENT_KEY = "keepsake-error-reports";
/** Messages from the development server's own client, which are not the app's errors. */
const DEV_SERVER_TAGS = ["[vite]", "[Bun]", "[bun]"];

const baseContext = (type: string) => ({
  currentPage: window.location.pathname,
  userAgent: navigator.userAgent,
  timestamp: new Date().toISOString(),
  type,
});

export const buildErrorReport = (error: Error, componentStack?: string): ErrorReport => ({
  error: error.message,
  stack: error.stack,
  context: { ...baseContext("react-error-boundary"), componentStack },
});

// Kept in local storage so a reload loop still sends one report per type per interval.
const readLastSent = (): Record<string, number> => {
  try {
    return JSON.parse(localStorage.getItem(LAST_SENT_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
};

const claimSlot = (type: string, now = Date.now()) => {
  const lastSent = readLastSent();
  if (now - (lastSent[type] ?? 0) < CHAT_LIMITS.errorReportIntervalMs) return false;
  try {
    localStorage.setItem(LAST_SENT_KEY, JSON.stringify({ ...lastSent, [type]: now }));
  } catch {
    // Storage full or blocked: report anyway rather than lose the error.
  }
  return true;
};

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

// The fetch the page started with, so a report never reports itself.
let send: Fetch = (input, init) => fetch(input, init);
let warn: (...args: unknown[]) => void = (...args) => console.warn(...args);

/**
 * Sends the report; the answer carries the known fix. A failed report is only a console warning
 * (through the original console, so it is never captured again).
 */
export const reportClientError = async (report: ErrorReport): Promise<ErrorReportResponse | null> => {
  try {
    const response = await send(REPORT_URL, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(report),
    });
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    return (await response.json()) as ErrorReportResponse;
  } catch (error) {
    warn("Error report failed", error);
    return null;
  }
};

/** Tells the Support Assistant an error was reported, with the server's analysis when there is one. */
export const announceErrorDetected = (detail: ErrorDetectedDetail) => {
  window.dispatchEvent(new CustomEvent<ErrorDetectedDetail>(ERROR_DETECTED_EVENT, { detail }));
};

/** Reports once per type per interval, then tells the Support Assistant. */
const autoReport = async (
  error: string,
  type: string,
  extra: Partial<ErrorReport["context"]> = {},
  stack?: string,
) => {
  if (!claimSlot(type)) return;
  const analysis = await reportClientError({
    error: error.slice(0, CHAT_LIMITS.maxErrorChars) || "Unknown error",
    stack,
    context: { ...baseContext(type), ...extra },
    autoReport: true,
  });
  announceErrorDetected({ error, type, analysis });
};

const describe = (value: unknown) =>
  value instanceof Error
    ? value.message
    : typeof value === "string"
      ? value
      : (JSON.stringify(value) ?? String(value));

const urlOf = (input: RequestInfo | URL) =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url;

// A signed-out visitor's "who am I" answer is a 401 by design, not an error.
const isExpected = (url: string, status: number) =>
  url.includes(REPORT_URL) || (status === 401 && url.endsWith("/api/auth/user"));

let installed = false;

/** Starts automatic capture for the whole page; safe to call more than once. */
export const installErrorCapture = () => {
  if (installed) return;
  installed = true;
  const originalFetch = window.fetch.bind(window);
  const originalError = console.error.bind(console);
  send = originalFetch;
  warn = console.warn.bind(console);

  console.error = (...args: unknown[]) => {
    originalError(...args);
    const text = args.map(describe).join(" ");
    if (DEV_SERVER_TAGS.some((tag) => text.includes(tag))) return;
    const stack = args.find((a): a is Error => a instanceof Error)?.stack;
    void autoReport(text, "console-error", {}, stack);
  };

  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason as unknown;
    void autoReport(
      describe(reason),
      "unhandled-rejection",
      {},
      reason instanceof Error ? reason.stack : undefined,
    );
  });

  window.addEventListener("error", (event) => {
    void autoReport(
      event.message || describe(event.error),
      "runtime-error",
      { location: `${event.filename}:${event.lineno}:${event.colno}` },
      event.error instanceof Error ? event.error.stack : undefined,
    );
  });

  const capturingFetch: Fetch = async (input, init) => {
    const url = urlOf(input);
    try {
      const response = await originalFetch(input, init);
      if (response.status >= 400 && !isExpected(url, response.status)) {
        void autoReport(
          `${response.status}: ${response.statusText || "request failed"} (${url})`,
          "fetch-error",
          {
            statusCode: response.status,
            url,
          },
        );
      }
      return response;
    } catch (error) {
      if (!url.includes(REPORT_URL))
        void autoReport(
          describe(error),
          "fetch-exception",
          { url },
          error instanceof Error ? error.stack : undefined,
        );
      throw error;
    }
  };
  // Keeps fetch's own extra members (such as preconnect) on the replacement.
  window.fetch = Object.assign(capturingFetch, window.fetch);
};

/** Asks the Support Assistant to open and send this message (the widget listens for the event). */
export const openSupportChat = (message?: string) => {
  window.dispatchEvent(new CustomEvent(OPEN_CHATBOT_EVENT, { detail: { message } }));
};
