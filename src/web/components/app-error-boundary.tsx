import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorFallback } from "./error-fallback";

type State = { error: Error | null; componentStack?: string };

/** Catches what the router's own boundary cannot: errors in providers around the routes. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(_error: Error, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? undefined });
  }

  override render() {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorFallback
        error={error}
        componentStack={componentStack}
        onReset={() => this.setState({ error: null, componentStack: undefined })}
      />
    );
  }
}
