import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, LifeBuoy, Maximize2, MessageCircleQuestion, Minimize2, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { SUPPORT_CHAT_TITLE } from "../../../shared/chatbot";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { ERROR_DETECTED_EVENT, type ErrorDetectedDetail, OPEN_CHATBOT_EVENT } from "../../lib/error-report";
import { toast, toastStore } from "../../lib/toast-store";
import {
  chatSessionKey,
  fetchPageSuggestions,
  sendChatMessage,
  startChatSession,
  useChatSession,
} from "./chat-api";
import { ChatComposer } from "./chat-composer";
import { ChatMessageView } from "./chat-message-view";
import { stopListening, takeMissedEvents } from "./early-events";
import { SuggestionChips } from "./suggestion-chips";
import { chatWidgets } from "./widget-store";

/** The panel sits above its round button, so the button and the other widget's button stay in view. */
const PANEL_POSITION =
  "fixed bottom-24 z-50 flex w-[min(384px,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-background shadow-2xl";

/** Which bottom corner the widget keeps to; a page whose own controls sit bottom-right asks for the left. */
export type WidgetSide = "left" | "right";
const SIDE: Record<WidgetSide, string> = { left: "left-4", right: "right-4" };

/**
 * The Support Assistant on every screen: answers from the help centre, and reacts to detected errors
 * (`errorDetected`) and requests to open it (`openChatbot`, e.g. the error screen's Get Help).
 */
export function SupportWidget({
  currentPage,
  programId,
  side = "right",
}: {
  currentPage: string;
  /** The program being edited, so the assistant can answer about it ("why is my PDF 12 pages"). */
  programId?: string;
  side?: WidgetSide;
}) {
  const { open } = useSnapshot(chatWidgets);
  const isOpen = open === "assistant";
  const [minimised, setMinimised] = useState(false);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [alert, setAlert] = useState<ErrorDetectedDetail | null>(null);
  // A message asked for before the session existed (Get Help on a first visit) is sent once it does.
  const pending = useRef<string | null>(null);
  const queryClient = useQueryClient();
  const context = { currentPage, programId };

  // A new person (after sign-in or sign-out) starts closed, with no chat of the previous one's.
  useEffect(() => {
    if (chatWidgets.open === "assistant") chatWidgets.open = null;
  }, []);

  const session = useChatSession(sessionId);
  // They depend on the page only: a new chat on the same page reuses them.
  const suggestions = useQuery({
    queryKey: ["/api/chatbot/suggestions", "page", currentPage],
    queryFn: () => fetchPageSuggestions(currentPage),
    enabled: isOpen && sessionId !== null,
  });

  const send = useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) => sendChatMessage(id, message, context),
    onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: chatSessionKey(id) }),
    onError: () =>
      toast({
        title: "Message failed to send",
        description: "Please try again or refresh the chat",
        variant: "destructive",
      }),
  });

  const start = useMutation({
    mutationFn: () => startChatSession(SUPPORT_CHAT_TITLE, context),
    onSuccess: ({ sessionId: id }) => {
      setSessionId(id);
      const message = pending.current;
      pending.current = null;
      if (message) send.mutate({ id, message });
    },
    onError: () =>
      toast({
        title: "Message failed to send",
        description: "Please try again or refresh the chat",
        variant: "destructive",
      }),
  });

  const openWidget = useCallback(
    (message?: string) => {
      chatWidgets.open = "assistant";
      setMinimised(false);
      setAlert(null);
      if (sessionId && message) send.mutate({ id: sessionId, message });
      else if (!sessionId) {
        if (message) pending.current = message;
        if (!start.isPending) start.mutate();
      }
    },
    [sessionId, send, start],
  );

  useEffect(() => {
    const onOpen = (event: Event) => openWidget((event as CustomEvent<{ message?: string }>).detail?.message);
    const onError = (event: Event) => {
      if (chatWidgets.open === "assistant") return;
      setAlert((event as CustomEvent<ErrorDetectedDetail>).detail);
      // A failure's own toast says more than this one; the red button still shows the alert.
      if (toastStore.current) return;
      toast({
        title: "Error Detected",
        description: "Support assistant detected an issue. Click the chatbot button for help.",
      });
    };
    window.addEventListener(OPEN_CHATBOT_EVENT, onOpen);
    window.addEventListener(ERROR_DETECTED_EVENT, onError);
    for (const missed of takeMissedEvents()) (missed.type === OPEN_CHATBOT_EVENT ? onOpen : onError)(missed);
    return () => {
      stopListening();
      window.removeEventListener(OPEN_CHATBOT_EVENT, onOpen);
      window.removeEventListener(ERROR_DETECTED_EVENT, onError);
    };
  }, [openWidget]);

  const messages = session.data?.messages ?? [];
  const listEnd = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (messages.length) listEnd.current?.scrollIntoView({ block: "end" });
  }, [messages.length]);

  const submit = (text: string) => {
    if (!sessionId || send.isPending || text.trim() === "") return;
    send.mutate({ id: sessionId, message: text });
    setDraft("");
  };

  const toggle = () => {
    if (isOpen) chatWidgets.open = null;
    else openWidget(alert ? `I ran into an error: ${alert.error}` : undefined);
  };

  return (
    <>
      {isOpen && (
        <section
          aria-label="Support Assistant"
          className={cn(PANEL_POSITION, SIDE[side], minimised ? "h-16" : "h-[min(600px,calc(100dvh-7rem))]")}
        >
          <header className="flex h-16 shrink-0 items-center gap-2 border-b bg-primary px-3 text-primary-foreground">
            <LifeBuoy aria-hidden="true" className="size-5 shrink-0" />
            <h2 className="min-w-0 flex-1 truncate font-sans text-base font-semibold">Support Assistant</h2>
            {session.data && (
              <Badge variant="secondary" className="capitalize">
                {session.data.status}
              </Badge>
            )}
            <Button
              size="icon"
              variant="ghost"
              className="size-8 text-primary-foreground hover:bg-white/15 hover:text-primary-foreground"
              aria-label={minimised ? "Expand support assistant" : "Minimise support assistant"}
              onClick={() => setMinimised((m) => !m)}
            >
              {minimised ? <Maximize2 aria-hidden="true" /> : <Minimize2 aria-hidden="true" />}
            </Button>
            <Button
              size="icon"
              variant="ghost"
              className="size-8 text-primary-foreground hover:bg-white/15 hover:text-primary-foreground"
              aria-label="Close support assistant"
              onClick={() => {
                chatWidgets.open = null;
              }}
            >
              <X aria-hidden="true" />
            </Button>
          </header>
          {!minimised && (
            <>
              <ol
                aria-live="polite"
                aria-label="Conversation"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling conversation must be reachable by keyboard
                tabIndex={0}
                className="flex-1 space-y-3 overflow-y-auto p-3"
              >
                {start.isPending && <li className="text-sm text-muted-foreground">Starting a chat...</li>}
                {messages.map((m) => (
                  <ChatMessageView key={m.id} message={m} />
                ))}
                {send.isPending && (
                  <li className="text-sm text-muted-foreground" aria-label="The assistant is writing">
                    Looking that up...
                  </li>
                )}
                {messages.length <= 1 && suggestions.data && (
                  <li>
                    <p className="mb-2 text-xs font-medium text-muted-foreground">People often ask:</p>
                    <SuggestionChips
                      label="People often ask"
                      suggestions={suggestions.data}
                      onPick={submit}
                    />
                  </li>
                )}
                <li ref={listEnd} aria-hidden="true" />
              </ol>
              <div className="flex justify-end px-3">
                <a
                  href="/support"
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1 text-xs font-medium text-primary underline-offset-2 hover:underline"
                >
                  More Help
                  <ExternalLink aria-hidden="true" className="size-3" />
                </a>
              </div>
              <ChatComposer
                value={draft}
                onChange={setDraft}
                onSend={() => submit(draft)}
                disabled={!sessionId || send.isPending}
                label="Message the support assistant"
                placeholder="Ask a question..."
              />
            </>
          )}
        </section>
      )}
      <button
        type="button"
        onClick={toggle}
        aria-label={
          isOpen
            ? "Hide support assistant"
            : alert
              ? "Open support assistant: an error was detected"
              : "Open support assistant"
        }
        aria-expanded={isOpen}
        className={cn(
          SIDE[side],
          "fixed bottom-4 z-50 flex size-14 items-center justify-center rounded-full shadow-lg transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring",
          alert
            ? "animate-pulse bg-destructive text-destructive-foreground"
            : "bg-primary text-primary-foreground hover:bg-primary/90",
        )}
      >
        {isOpen ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <MessageCircleQuestion aria-hidden="true" className="size-6" />
        )}
        {alert && !isOpen && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 flex size-5 items-center justify-center rounded-full border-2 border-background bg-highlight text-[10px] font-bold text-foreground"
          >
            !
          </span>
        )}
      </button>
    </>
  );
}
