import { ComingSoonPage } from "./coming-soon";

/** Loaded on demand (spec section 2); its own module so the router can split it off. */
export function FuneralIntegrationPage() {
  return (
    <ComingSoonPage
      screen="Funeral Home Integration"
      text="Soon you will be able to connect Keepsake to your funeral home's case management system."
    />
  );
}
