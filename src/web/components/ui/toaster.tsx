import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useSnapshot } from "valtio";
import { cn } from "../../lib/cn";
import { ACTION_TOAST_DURATION_MS, dismissToast, TOAST_DURATION_MS, toastStore } from "../../lib/toast-store";

/** The one visible toast (limit 1, 5 s or 10 s with a button, swipe right 50 px, F8 focuses the viewport). */
export function Toaster() {
  const { current } = useSnapshot(toastStore);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          defaultOpen
          duration={current.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          className={cn(
            "pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
            current.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "bg-card text-card-foreground",
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {current.description}
              </ToastPrimitive.Description>
            )}
            {current.action && (
              <ToastPrimitive.Action
                altText={current.action.label}
                onClick={current.action.onClick}
                className="mt-1 min-h-11 w-fit rounded-md border border-current px-3 py-1 text-sm font-medium hover:bg-black/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {current.action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/* pb-24 keeps toasts above the floating chat buttons in the bottom corners (and the builder's
          phone bar); the viewport's empty padding lets taps through to what is under it. */}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        className="pointer-events-none fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 pb-24 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
