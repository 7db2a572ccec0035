import { useNavigate } from "@tanstack/react-router";
import { useRefreshSession } from "../../lib/session";
import { toast } from "../../lib/toast-store";

/** Spec section 4: after login or register the user is refreshed, a toast shows, then / after ~100 ms. */
const REDIRECT_DELAY_MS = 100;

export const useAuthSuccess = () => {
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  return async (title: string, description: string) => {
    await refreshSession();
    toast({ title, description });
    setTimeout(() => void navigate({ to: "/" }), REDIRECT_DELAY_MS);
  };
};
