import type { ReactNode } from "react";
import { Brand } from "./brand";

/** The top bar of every page: the brand on the left, the page's links on the right. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b bg-card/80 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Brand />
        <nav aria-label="Main" className="flex flex-wrap items-center gap-1 sm:gap-2">
          {children}
        </nav>
      </div>
    </header>
  );
}
