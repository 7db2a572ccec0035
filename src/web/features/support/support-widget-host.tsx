import { type AnyRouter, useRouterState } from "@tanstack/react-router";
import { Component, type ReactNode } from "react";
import { useSession } from "../../lib/session";
import { SupportWidget, type WidgetSide } from "./support-widget";

const SIGNED_OUT_SCREENS = ["/login", "/register", "/forgot-password", "/reset-password", "/support"];

/** The page the assistant is told about; a signed-out visitor sees the landing page almost everywhere. */
const pageName = (pathname: string, signedIn: boolean) =>
  signedIn || SIGNED_OUT_SCREENS.includes(pathname) ? pathname : "landing";

// The builder's preview is sticky on the right with its page controls near the bottom of the screen.
const sideFor = (pathname: string): WidgetSide =>
  pathname.startsWith("/program-builder") || pathname.startsWith("/program/") ? "left" : "right";

/** A broken widget must never take the page (or the error screen) down with it. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function RoutedSupportWidget({ router }: { router: AnyRouter }) {
  const pathname = useRouterState({ router, select: (s) => s.location.pathname });
  const { user } = useSession();
  // A chat belongs to one person: signing in or out starts the widget afresh.
  return (
    <SupportWidget
      key={user?.id ?? "visitor"}
      currentPage={pageName(pathname, user !== null)}
      side={sideFor(pathname)}
    />
  );
}

/**
 * The Support Assistant outside the router's error boundary, so it stays on every screen, the error
 * screen included, where Get Help opens it.
 */
export function SupportWidgetHost({ router }: { router: AnyRouter }) {
  return (
    <QuietBoundary>
      <RoutedSupportWidget router={router} />
    </QuietBoundary>
  );
}
