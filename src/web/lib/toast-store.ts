import { proxy } from "valtio";

// Spec section 4: at most one toast visible, a new one replaces the previous, 5 s by default.
export const TOAST_DURATION_MS = 5000;
/**
 * A toast with a button (Undo after an AI change) stays longer: on a phone, with no Ctrl+Z, it is
 * the quick way back.
 */
export const ACTION_TOAST_DURATION_MS = 10_000;

export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** One button in the toast, such as the upgrade of a plan refusal. */
  action?: { label: string; onClick: () => void };
};

export const toastStore = proxy<{ current: ToastMessage | null }>({ current: null });

let nextId = 1;

export const toast = (message: Omit<ToastMessage, "id">) => {
  toastStore.current = { ...message, id: nextId++ };
};

/** Dismisses the visible toast; with an id, only if that toast is still the one shown. */
export const dismissToast = (id?: number) => {
  if (id === undefined || toastStore.current?.id === id) toastStore.current = null;
};
