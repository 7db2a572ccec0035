import { useQueryClient } from "@tanstack/react-query";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { ErrorFallback } from "./error-fallback";

/** The router's error screen; Try Again also forgets failed queries so the screen fetches afresh. */
export function RouteErrorFallback({ error, info, reset }: ErrorComponentProps) {
  const queryClient = useQueryClient();
  const tryAgain = () => {
    void queryClient.resetQueries({ predicate: (query) => query.state.status === "error" });
    reset();
  };
  return <ErrorFallback error={error} componentStack={info?.componentStack} onReset={tryAgain} />;
}
