import { type AnyRouter, useRouterState } from "@tanstack/react-router";
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { useSession } from "../../lib/session";
import { keepIfUnheard, WIDGET_EVENTS } from "./early-events";
import type { WidgetSide } from "./support-widget";
import { chatWidgets } from "./widget-store";

// Its own chunk (with the chat's schemas): a first visit on a slow phone paints its page first.
const SupportWidget = lazy(() => import("./support-widget").then((m) => ({ default: m.SupportWidget })));

/** How long after the page loaded the assistant comes anyway, when nobody has touched the page. */
const UNTOUCHED_LOAD_DELAY_MS = 3000;
const FIRST_TOUCH = ["pointerdown", "keydown", "touchstart", "scroll"] as const;

/**
 * True once the visitor first touches the page, the assistant is called on (a chat asked open,
 * Get Help, an error detected), or a few seconds after the page loaded: the assistant is not part
 * of what a first screen must download.
 */
const useAssistantWanted = () => {
  const { open } = useSnapshot(chatWidgets);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const keep = (event: Event) => {
      keepIfUnheard(event);
      want();
    };
    for (const event of FIRST_TOUCH) window.addEventListener(event, want, { once: true, passive: true });
    for (const event of WIDGET_EVENTS) window.addEventListener(event, keep);
    const timer = window.setTimeout(want, UNTOUCHED_LOAD_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      for (const event of FIRST_TOUCH) window.removeEventListener(event, want);
      for (const event of WIDGET_EVENTS) window.removeEventListener(event, keep);
    };
  }, []);
  return wanted || open !== null;
};

const SIGNED_OUT_SCREENS = ["/login", "/register", "/forgot-password", "/reset-password", "/support"];

/** The page the assistant is told about; a signed-out visitor sees the landing page almost everywhere. */
const pageName = (pathname: string, signedIn: boolean) =>
  signedIn || SIGNED_OUT_SCREENS.includes(pathname) ? pathname : "landing";

// The builder's preview is sticky on the right with its page controls near the bottom of the screen.
const sideFor = (pathname: string): WidgetSide =>
  pathname.startsWith("/program-builder") || pathname.startsWith("/program/") ? "left" : "right";

/** The saved program a builder address edits (/program-builder/{id} or /program/{id}), if any. */
const programIdOf = (pathname: string) => pathname.match(/^\/program(?:-builder)?\/([^/]+)\/?$/)?.[1];

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
  if (!useAssistantWanted()) return null;
  // A chat belongs to one person: signing in or out starts the widget afresh.
  return (
    <SupportWidget
      key={user?.id ?? "visitor"}
      currentPage={pageName(pathname, user !== null)}
      programId={user ? programIdOf(pathname) : undefined}
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
      <Suspense fallback={null}>
        <RoutedSupportWidget router={router} />
      </Suspense>
    </QuietBoundary>
  );
}
