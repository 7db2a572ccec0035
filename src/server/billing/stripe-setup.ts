// Creates Keepsake's products and prices in a Stripe account. Prices are found by lookup key and
// products by metadata, so running it again creates nothing new: an operator needs only the keys.
import type Stripe from "stripe";
import { BILLING_CYCLES, PLANS } from "../../shared/constants";
import { type PaidTier, priceLookupKey } from "./stripe-client";

const PRODUCT_TIER_KEY = "keepsake_tier";

export type SetupLine = { lookupKey: string; priceId: string; created: boolean };

const findOrCreateProduct = async (stripe: Stripe, tier: PaidTier, name: string, description: string) => {
  for await (const product of stripe.products.list({ active: true, limit: 100 })) {
    if (product.metadata?.[PRODUCT_TIER_KEY] === tier) return product.id;
  }
  const product = await stripe.products.create({
    name: `Keepsake ${name}`,
    description,
    metadata: { [PRODUCT_TIER_KEY]: tier },
  });
  return product.id;
};

export const setUpStripeProducts = async (stripe: Stripe): Promise<SetupLine[]> => {
  const lines: SetupLine[] = [];
  for (const plan of PLANS) {
    if (plan.id === "free") continue;
    const tier = plan.id;
    let productId: string | undefined;
    for (const billing of BILLING_CYCLES) {
      const lookupKey = priceLookupKey(tier, billing);
      const existing = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }))
        .data[0];
      if (existing) {
        lines.push({ lookupKey, priceId: existing.id, created: false });
        continue;
      }
      productId ??= await findOrCreateProduct(stripe, tier, plan.name, plan.description);
      const amount = billing === "monthly" ? plan.monthlyPrice : plan.yearlyPrice;
      const price = await stripe.prices.create({
        product: productId,
        currency: "usd",
        unit_amount: Math.round(amount * 100),
        recurring: { interval: billing === "monthly" ? "month" : "year" },
        lookup_key: lookupKey,
      });
      lines.push({ lookupKey, priceId: price.id, created: true });
    }
  }
  return lines;
};
