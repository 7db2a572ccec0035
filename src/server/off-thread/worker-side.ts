// The worker's half of `offThread` (worker-client.ts): answers each request with the handler's
// result, or with its error's message (an Error object does not survive the trip between threads).

export type WorkerRequest<Request> = { id: number; request: Request };
export type WorkerReply<Answer> = { id: number; answer: Answer } | { id: number; error: string };

declare const self: Worker;

export const answerRequests = <Request, Answer>(handle: (request: Request) => Answer | Promise<Answer>) => {
  self.onmessage = async ({ data }: MessageEvent<WorkerRequest<Request>>) => {
    try {
      self.postMessage({ id: data.id, answer: await handle(data.request) } satisfies WorkerReply<Answer>);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      self.postMessage({ id: data.id, error: message } satisfies WorkerReply<Answer>);
    }
  };
};
