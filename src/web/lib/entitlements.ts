// The signed-in user's plan, read from the shared entitlement table: the same rules the server enforces.
import { useQuery } from "@tanstack/react-query";
import { can, type Feature, planUnlocking, WATERMARK_TEXT } from "../../shared/entitlements";
import type { SubscriptionInfo } from "../../shared/schemas";
import { apiRequest } from "./api";
import { useSession } from "./session";

export const SUBSCRIPTION_INFO_KEY = ["/api/subscription/info"] as const;

export const useSubscriptionInfo = () => {
  const { user } = useSession();
  return useQuery({
    queryKey: SUBSCRIPTION_INFO_KEY,
    queryFn: () => apiRequest<SubscriptionInfo>("GET", SUBSCRIPTION_INFO_KEY[0]),
    enabled: Boolean(user),
  });
};

export const useEntitlements = () => {
  const { user } = useSession();
  const allowed = (feature: Feature) => (user ? can(user, feature) : false);
  return {
    can: allowed,
    /** The plan name to show on a locked option, or undefined when it is not locked. */
    lockedPlan: (feature: Feature | undefined) =>
      feature && user && !allowed(feature) ? planUnlocking(feature).name : undefined,
    /** The watermark this account's exports carry, if any. */
    watermark: user && !allowed("noWatermark") ? WATERMARK_TEXT : undefined,
  };
};
