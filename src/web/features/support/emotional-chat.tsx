import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Heart, Sparkles, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import {
  CHAT_LIMITS,
  type ChatMessage,
  EMOTIONAL_CHAT_TITLE,
  type EmotionalState,
  GUIDED_WRITING_ACTION,
} from "../../../shared/chatbot";
import { Button } from "../../components/ui/button";
import { useSession } from "../../lib/session";
import { toast } from "../../lib/toast-store";
import {
  chatSessionKey,
  fetchSessionSuggestions,
  fetchWritingPrompts,
  requestComfort,
  sendChatMessage,
  startChatSession,
  useChatSession,
} from "./chat-api";
import { ChatComposer } from "./chat-composer";
import { ChatMessageView } from "./chat-message-view";
import { GuidedWriting } from "./guided-writing";
import { SuggestionChips } from "./suggestion-chips";
import { chatWidgets } from "./widget-store";

const TROUBLE_REPLY =
  "I'm sorry, I'm having trouble responding right now. Please try again shortly. If you need to, it's perfectly fine to take a break and come back later.";

const localMessage = (content: string): ChatMessage => ({
  id: `local-${crypto.randomUUID()}`,
  role: "assistant",
  content,
  timestamp: new Date().toISOString(),
});

/** The Emotional Support chat on the home page: a gentle listener with writing inspiration. */
export function EmotionalChat({ currentPage }: { currentPage: string }) {
  const { open } = useSnapshot(chatWidgets);
  const isOpen = open === "emotional";
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [state, setState] = useState<EmotionalState>("neutral");
  // Comfort messages and the trouble reply live only in this browser, after the stored conversation.
  const [extra, setExtra] = useState<ChatMessage[]>([]);
  const [inspirationOpen, setInspirationOpen] = useState(false);
  const [guidedOpen, setGuidedOpen] = useState(false);
  const { user } = useSession();
  const comfortTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const queryClient = useQueryClient();
  const context = { currentPage };

  useEffect(() => () => clearTimeout(comfortTimer.current), []);

  const session = useChatSession(sessionId);
  const messages = [...(session.data?.messages ?? []), ...extra];
  const suggestions = useQuery({
    queryKey: ["/api/chatbot/suggestions", sessionId ?? ""],
    queryFn: () => fetchSessionSuggestions(sessionId ?? ""),
    enabled: sessionId !== null && messages.length <= 1,
  });
  const prompts = useQuery({
    queryKey: ["/api/chatbot/writing-prompts", state],
    queryFn: () => fetchWritingPrompts({ ...context, emotionalState: state }),
    enabled: inspirationOpen || guidedOpen,
  });
  useEffect(() => {
    if (!prompts.error) return;
    toast({ title: "Error", description: "Unable to load writing prompts. Please try again." });
    setInspirationOpen(false);
    setGuidedOpen(false);
  }, [prompts.error]);

  const start = useMutation({
    mutationFn: () => startChatSession(EMOTIONAL_CHAT_TITLE, context),
    onSuccess: ({ sessionId: id }) => setSessionId(id),
    onError: () =>
      toast({ title: "Connection Error", description: "Unable to start chat session. Please try again." }),
  });

  const send = useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) => sendChatMessage(id, message, context),
    onSuccess: async (answer, { id, message }) => {
      setState(answer.emotionalSupport.detected);
      await queryClient.invalidateQueries({ queryKey: chatSessionKey(id) });
      // Asked for help with the words: the guided writing opens with the reply.
      if (user && answer.assistantMessage.metadata?.suggestedActions?.includes(GUIDED_WRITING_ACTION)) {
        setInspirationOpen(false);
        setGuidedOpen(true);
      }
      // The crisis reply already is the care this message needs; a comfort message after it would
      // only say it again (the comfort for such a message is the same crisis reply).
      if (!answer.emotionalSupport.supportNeeded || answer.assistantMessage.metadata?.crisis) return;
      clearTimeout(comfortTimer.current);
      comfortTimer.current = setTimeout(() => {
        requestComfort(message, answer.emotionalSupport.detected, context)
          .then(({ response }) => setExtra((list) => [...list, localMessage(response)]))
          .catch((error: unknown) => console.log("Comfort message unavailable", error));
      }, CHAT_LIMITS.comfortDelayMs);
    },
    onError: () => {
      toast({ title: "Message Failed", description: "Unable to send message. Please try again." });
      setExtra((list) => [...list, localMessage(TROUBLE_REPLY)]);
    },
  });

  const toggle = () => {
    if (isOpen) {
      chatWidgets.open = null;
      return;
    }
    chatWidgets.open = "emotional";
    if (!sessionId && !start.isPending) start.mutate();
  };

  const submit = (text: string) => {
    if (!sessionId || send.isPending || text.trim() === "") return;
    setExtra([]);
    send.mutate({ id: sessionId, message: text });
    setDraft("");
  };

  const listEnd = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (messages.length) listEnd.current?.scrollIntoView({ block: "end" });
  }, [messages.length]);

  return (
    <>
      {isOpen && (
        <section
          aria-label="Emotional Support"
          className="fixed bottom-24 left-4 z-50 flex h-[min(600px,calc(100dvh-7rem))] w-[min(384px,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-background shadow-2xl"
        >
          <header className="flex h-16 shrink-0 items-center gap-2 border-b bg-accent px-3 text-accent-foreground">
            <Heart aria-hidden="true" className="size-5 shrink-0" />
            <h2 className="min-w-0 flex-1 truncate font-sans text-base font-semibold">Emotional Support</h2>
            <Button
              size="icon"
              variant="ghost"
              className="size-8"
              aria-label="Close emotional support"
              onClick={toggle}
            >
              <X aria-hidden="true" />
            </Button>
          </header>
          <ol
            aria-live="polite"
            aria-label="Conversation"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling conversation must be reachable by keyboard
            tabIndex={0}
            className="flex-1 space-y-3 overflow-y-auto p-3"
          >
            {start.isPending && <li className="text-sm text-muted-foreground">Opening a quiet space...</li>}
            {messages.map((m) => (
              <ChatMessageView key={m.id} message={m} />
            ))}
            {user &&
              !guidedOpen &&
              messages.at(-1)?.metadata?.suggestedActions?.includes(GUIDED_WRITING_ACTION) && (
                <li>
                  <Button size="sm" variant="outline" onClick={() => setGuidedOpen(true)}>
                    {GUIDED_WRITING_ACTION}
                  </Button>
                </li>
              )}
            {send.isPending && <li className="text-sm text-muted-foreground">Writing back...</li>}
            {messages.length <= 1 && suggestions.data && (
              <li>
                <SuggestionChips
                  label="Suggestions"
                  suggestions={suggestions.data.slice(0, CHAT_LIMITS.maxEmotionalSuggestions)}
                  onPick={submit}
                />
              </li>
            )}
            <li ref={listEnd} aria-hidden="true" />
          </ol>
          {guidedOpen && user && (
            <GuidedWriting
              prompts={(prompts.data?.prompts ?? []).slice(0, 3)}
              userId={user.id}
              onClose={() => setGuidedOpen(false)}
            />
          )}
          {inspirationOpen && (
            <section aria-label="Writing inspiration" className="border-t bg-muted/60 p-3">
              <div className="mb-2 flex items-center justify-between">
                <h3 className="font-sans text-sm font-semibold">Writing inspiration</h3>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  aria-label="Close writing inspiration"
                  onClick={() => setInspirationOpen(false)}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {prompts.isPending ? (
                <p className="text-sm text-muted-foreground">Finding gentle prompts...</p>
              ) : (
                <ul className="max-h-32 space-y-1 overflow-y-auto" aria-label="Writing prompts">
                  {prompts.data?.prompts.map((p) => (
                    <li key={p}>
                      <button
                        type="button"
                        className="w-full rounded-md px-2 py-1 text-left text-sm hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        onClick={() => {
                          setDraft(p);
                          setInspirationOpen(false);
                        }}
                      >
                        {p}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <ChatComposer
            value={draft}
            onChange={setDraft}
            onSend={() => submit(draft)}
            disabled={!sessionId || send.isPending}
            label="Share what's on your mind"
            placeholder="Share what's on your mind..."
            extra={
              <Button
                type="button"
                size="icon"
                variant="outline"
                aria-label="Writing inspiration"
                aria-pressed={inspirationOpen}
                onClick={() => {
                  setGuidedOpen(false);
                  setInspirationOpen((v) => !v);
                }}
              >
                <Sparkles aria-hidden="true" />
              </Button>
            }
          />
        </section>
      )}
      <button
        type="button"
        onClick={toggle}
        aria-expanded={isOpen}
        className="fixed bottom-4 left-4 z-50 flex h-14 items-center gap-2 rounded-full bg-accent px-5 font-medium text-accent-foreground shadow-lg ring-1 ring-border hover:bg-accent/80 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        <Heart aria-hidden="true" className="size-5" />
        Support
      </button>
    </>
  );
}
