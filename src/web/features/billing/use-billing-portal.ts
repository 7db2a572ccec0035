import { useMutation } from "@tanstack/react-query";
import { apiRequest, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast-store";

/** "Manage billing": Stripe's billing portal (card, invoices, plan, cancel) in this tab. */
export const useBillingPortal = () =>
  useMutation({
    mutationFn: () => apiRequest<{ url: string }>("POST", "/api/subscription/portal"),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({
        title: "Billing is not available",
        description: messageOf(error, "Please try again."),
        variant: "destructive",
      }),
  });
