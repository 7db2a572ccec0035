// A small OpenAI-compatible server on loopback: POST /v1/chat/completions speaking the real protocol,
// so tests drive the official `openai` SDK against it. It can answer, fail or stall on demand.

export type ChatMessage = { role: string; content: string };
export type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  response_format?: { type: string };
  temperature?: number;
  authorization: string | null;
};

type Behaviour =
  | { kind: "answer"; content: (request: ChatRequest) => string }
  | { kind: "fail"; status: number }
  | { kind: "stall" };

export type FakeOpenAi = ReturnType<typeof startFakeOpenAi>;

export const startFakeOpenAi = () => {
  const requests: ChatRequest[] = [];
  const stalled: Array<() => void> = [];
  let behaviour: Behaviour = { kind: "fail", status: 500 };
  let counter = 0;

  const completion = (request: ChatRequest, content: string) => ({
    id: `chatcmpl-fake-${++counter}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") {
        return Response.json(
          { error: { message: "Unknown path", type: "invalid_request_error" } },
          { status: 404 },
        );
      }
      const body = (await req.json()) as Omit<ChatRequest, "authorization">;
      const request = { ...body, authorization: req.headers.get("authorization") };
      requests.push(request);
      if (behaviour.kind === "stall") {
        // Held open until the client gives up or the fake stops.
        await new Promise<void>((resolve) => stalled.push(resolve));
        return Response.json({ error: { message: "Stopped", type: "server_error" } }, { status: 503 });
      }
      if (behaviour.kind === "fail") {
        return Response.json(
          { error: { message: "The server had an error", type: "server_error", param: null, code: null } },
          { status: behaviour.status },
        );
      }
      return Response.json(completion(request, behaviour.content(request)));
    },
  });

  return {
    baseURL: `http://127.0.0.1:${server.port}/v1`,
    requests,
    /** Answers every request with this assistant message content. */
    answerWith(content: string | ((request: ChatRequest) => string)) {
      behaviour = { kind: "answer", content: typeof content === "string" ? () => content : content };
    },
    failWith(status = 500) {
      behaviour = { kind: "fail", status };
    },
    stall() {
      behaviour = { kind: "stall" };
    },
    lastUserPrompt() {
      return requests.at(-1)?.messages.find((m) => m.role === "user")?.content ?? "";
    },
    async stop() {
      for (const release of stalled.splice(0)) release();
      await server.stop(true);
    },
  };
};
