// The shared fetch helper: credentials always, JSON bodies, and failures thrown
// as "<status>: <body text>" (or the status text when the body is empty).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
  }

  /** The server's `{ message }` when it sent one, for toasts. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === "string" ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

export const apiFetch = async (method: string, path: string, body?: unknown): Promise<Response> => {
  const isForm = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: body !== undefined && !isForm ? { "Content-Type": "application/json" } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
};

export const apiRequest = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await apiFetch(method, path, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

/** A failure's server message if any, else the fallback written for that toast. */
export const messageOf = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;
