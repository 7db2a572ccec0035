import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import type { SubscriptionInfo } from "../../../shared/schemas";
import { SUBSCRIPTION_INFO_KEY } from "../../lib/entitlements";
import { USER_QUERY_KEY } from "../../lib/session";
import { toast } from "../../lib/toast-store";

// Stripe tells the server through its webhook, usually within seconds of the payment.
const ACTIVATION_CHECKS = 15;
const ACTIVATION_CHECK_MS = 2000;

const isActivated = (info: SubscriptionInfo | undefined) =>
  info?.tier !== "free" && info?.status === "active";

/**
 * Back from a payment (?payment=success): says so, then re-reads the plan until the webhook has
 * changed it, so the page and every lock reflect the new plan without a reload.
 */
export const usePaymentReturn = (payment: string | undefined) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  useEffect(() => {
    if (payment !== "success" || timer.current) return;
    toast({ title: "Payment Successful", description: "Your subscription has been activated!" });
    // A reload of this page must not announce the payment again.
    void navigate({ to: "/subscription", search: {}, replace: true });
    let checks = 0;
    timer.current = setInterval(async () => {
      checks += 1;
      await queryClient.refetchQueries({ queryKey: SUBSCRIPTION_INFO_KEY });
      if (isActivated(queryClient.getQueryData(SUBSCRIPTION_INFO_KEY)) || checks >= ACTIVATION_CHECKS) {
        clearInterval(timer.current);
        await queryClient.refetchQueries({ queryKey: USER_QUERY_KEY });
      }
    }, ACTIVATION_CHECK_MS);
  }, [payment, navigate, queryClient]);
};
