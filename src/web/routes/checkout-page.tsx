// /subscribe/{tier}/{billing}: starts the subscription on the server, then Stripe's Payment Element
// takes the card; Stripe confirms the payment in the browser and returns to the plans page.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { useMutation } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { ArrowLeft, Lock } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { BILLING_CYCLES, type BillingCycle, PLANS, type Plan } from "../../shared/constants";
import { AppHeader } from "../components/layout/app-header";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { stripeFor } from "../features/billing/load-stripe";
import { formatUsd } from "../features/billing/prices";
import { apiRequest } from "../lib/api";
import { useSubscriptionInfo } from "../lib/entitlements";
import { toast } from "../lib/toast-store";

const RETURN_PATH = "/subscription?payment=success";

/** The monthly price shown on the card; a yearly plan shows what it comes to per month. */
const monthlyPrice = (plan: Plan | undefined, billing: string) => {
  if (!plan) return 0;
  return billing === "yearly" ? Math.round((plan.yearlyPrice / 12) * 100) / 100 : plan.monthlyPrice;
};

function PaymentForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${RETURN_PATH}` },
      redirect: "if_required",
    });
    if (result.error) {
      setProcessing(false);
      toast({
        title: "Payment Failed",
        description: result.error.message ?? "Your payment could not be completed.",
        variant: "destructive",
      });
      return;
    }
    // Paid without leaving the page (cards usually are): the same return as Stripe's redirect.
    await navigate({ to: "/subscription", search: { payment: "success" } });
  };

  return (
    <form onSubmit={submit} className="grid gap-6">
      <PaymentElement onReady={() => setReady(true)} options={{ layout: "tabs" }} />
      <Button type="submit" size="lg" disabled={!stripe || !elements || !ready || processing}>
        <Lock aria-hidden="true" />
        {processing ? "Processing..." : "Complete Subscription"}
      </Button>
    </form>
  );
}

const isTier = (value: string | undefined): value is "basic" | "pro" => value === "basic" || value === "pro";
const isCycle = (value: string | undefined): value is BillingCycle =>
  (BILLING_CYCLES as readonly string[]).includes(value ?? "");

export function CheckoutPage() {
  const { tier, billing } = useParams({ strict: false }) as { tier?: string; billing?: string };
  const navigate = useNavigate();
  const info = useSubscriptionInfo();
  const started = useRef(false);
  const create = useMutation({
    mutationFn: () =>
      apiRequest<{ clientSecret?: string; error?: string }>("POST", "/api/subscription/create", {
        tier,
        billing,
      }),
  });
  const plan = PLANS.find((p) => p.id === tier);
  const clientSecret = create.data?.clientSecret;
  const publishableKey = info.data?.publishableKey;

  const failed = useRef(false);
  const fail = (title: string, description: string) => {
    if (failed.current) return;
    failed.current = true;
    toast({ title, description, variant: "destructive" });
    void navigate({ to: "/subscription", replace: true });
  };
  const failToStart = () =>
    fail("Subscription Error", "Failed to initialize subscription. Please try again.");

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!tier || !billing) {
      fail(
        "Invalid subscription parameters",
        "Please select a subscription plan from the subscription page.",
      );
      return;
    }
    create
      .mutateAsync()
      .then((answer) => {
        if (answer?.error || !answer?.clientSecret)
          throw new Error(answer?.error ?? "No client secret received");
      })
      .catch(failToStart);
  });

  // Billing on without a publishable key: Stripe's form cannot load, so checkout cannot start.
  useEffect(() => {
    if (info.data && !info.data.publishableKey) failToStart();
  });

  if (info.error) throw info.error;
  const ready = clientSecret && publishableKey && isTier(tier) && isCycle(billing);
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 py-10 sm:px-6">
        {!ready ? (
          <div className="flex flex-col items-center gap-4 py-20 text-center">
            <Spinner label="Preparing your subscription" />
            <p className="text-muted-foreground">Preparing your subscription...</p>
          </div>
        ) : (
          <>
            <div>
              <Button variant="ghost" onClick={() => navigate({ to: "/subscription" })}>
                <ArrowLeft aria-hidden="true" />
                Back to Plans
              </Button>
            </div>
            <Card>
              <CardHeader>
                <h1 className="font-serif text-2xl font-semibold leading-none">{plan?.name} Subscription</h1>
                <CardDescription>
                  {formatUsd(monthlyPrice(plan, billing))}/month - Complete your subscription
                </CardDescription>
                {billing === "yearly" && plan && (
                  <p className="text-sm text-muted-foreground">
                    Billed {formatUsd(plan.yearlyPrice)} once a year.
                  </p>
                )}
              </CardHeader>
              <CardContent>
                <Elements
                  stripe={stripeFor(publishableKey)}
                  options={{ clientSecret, appearance: { theme: "stripe" } }}
                >
                  <PaymentForm />
                </Elements>
              </CardContent>
            </Card>
          </>
        )}
      </main>
    </div>
  );
}
