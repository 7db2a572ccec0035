import { CURL_FLOW_SETUP, CURL_FLOW_STEPS } from "../../../shared/integration-flow";
import { IntegrationSection } from "./section";

// Wrapped, not scrolled: a long command stays readable on a phone and still copies as one line.
const CODE =
  "block whitespace-pre-wrap break-all rounded-md bg-muted px-3 py-2 font-mono text-xs leading-relaxed";

/** The same commands as `docs/integration.md`, from the same source, run by a test against the server. */
export function CurlFlowSection() {
  return (
    <IntegrationSection
      id="api-flow"
      title="The API in four commands"
      description={
        <>
          Every call, with its fields, answers and errors, is described in the{" "}
          <a href="/api/docs" className="font-medium text-primary underline underline-offset-4">
            API reference
          </a>
          . Set your server address and sign-in once, then:
        </>
      }
    >
      <code className={CODE}>{CURL_FLOW_SETUP}</code>
      <ol className="space-y-4">
        {CURL_FLOW_STEPS.map((step, i) => (
          <li key={step.title} className="space-y-1.5">
            <p className="text-sm font-medium">
              {i + 1}. {step.title}
            </p>
            <code className={CODE}>{step.command}</code>
          </li>
        ))}
      </ol>
    </IntegrationSection>
  );
}
