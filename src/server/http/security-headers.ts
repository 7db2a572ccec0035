/**
 * Headers on every answer, HTML and API alike. Scripts come only from our own bundle (no inline
 * script, no eval); styles may be inline because Radix and the print window write <style> elements.
 * Photos are shown from our own API and from blob:/data: URLs of files being added. With billing on,
 * the checkout page's payment form is Stripe's own script, frames and API, and nothing else of theirs.
 */
const contentSecurityPolicy = (billingEnabled: boolean) => {
  const stripe = (...sources: string[]) => (billingEnabled ? ` ${sources.join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src 'self'${stripe("https://js.stripe.com")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${stripe("https://api.stripe.com")}`,
    `frame-src 'self'${stripe("https://js.stripe.com", "https://hooks.stripe.com")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
};

export const securityHeaders = ({
  publicUrl,
  billingEnabled,
}: {
  publicUrl?: string;
  billingEnabled: boolean;
}): Record<string, string> => ({
  "Content-Security-Policy": contentSecurityPolicy(billingEnabled),
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  // A browser that once reached us over https keeps doing so; over plain http the header means nothing.
  ...(publicUrl?.startsWith("https:")
    ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
    : {}),
});

/** Adds the headers to an answer, keeping any a route set on purpose. */
export const withSecurityHeaders = (response: Response, headers: Record<string, string>) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
};
