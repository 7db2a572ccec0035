import { AppHeader } from "../components/layout/app-header";
import { PlanRequiredNotice } from "../features/billing/plan-required";
import { ApiKeysSection } from "../features/integration/api-keys-section";
import { CaseImportSection } from "../features/integration/case-import-section";
import { CurlFlowSection } from "../features/integration/curl-flow-section";
import { WebhooksSection } from "../features/integration/webhooks-section";
import { useEntitlements } from "../lib/entitlements";

/** Loaded on demand: its own module so the router can split it off. */
export function FuneralIntegrationPage() {
  const plan = useEntitlements().lockedPlan("integrations");
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="mx-auto w-full max-w-5xl flex-1 space-y-8 px-4 py-10 sm:px-6">
        <div>
          <h1 className="text-3xl font-medium text-primary sm:text-4xl">Funeral Home Integration</h1>
          <p className="mt-2 max-w-3xl text-muted-foreground">
            Connect Keepsake to your funeral home's case system: import cases as programs, let your software
            create programs and fetch PDFs with an API key, and hear back when programs change.
          </p>
        </div>
        {plan && (
          <PlanRequiredNotice
            plan={plan}
            text={`Case import, API keys and webhooks are part of the ${plan} plan. You can look around here; connecting your systems needs ${plan}.`}
          />
        )}
        <CaseImportSection />
        <ApiKeysSection />
        <WebhooksSection />
        <CurlFlowSection />
      </main>
    </div>
  );
}
