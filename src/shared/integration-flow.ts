// The API in four curl commands: sign in, create a key, post a batch of services, fetch the
// combined PDF. The integration page shows these steps, `docs/integration.md` carries them word for word,
// and a test runs them against the real server, so the three cannot drift apart.

/** Set once before the steps; the test sets them too. */
export const CURL_FLOW_SETUP =
  'export KEEPSAKE_URL="http://localhost:3000" KEEPSAKE_EMAIL="you@example.com" KEEPSAKE_PASSWORD="your password"';

export type CurlStep = { title: string; command: string };

export const CURL_FLOW_STEPS: CurlStep[] = [
  {
    title: "Sign in (keeps the session cookie in a file)",
    command:
      'curl -sf -c keepsake-cookies.txt --json "{\\"email\\":\\"$KEEPSAKE_EMAIL\\",\\"password\\":\\"$KEEPSAKE_PASSWORD\\"}" "$KEEPSAKE_URL/api/login"',
  },
  {
    // A request with the session cookie must say where it comes from (Origin), as a browser does.
    title: "Create an API key (shown once: keep it secret)",
    command:
      'KEEPSAKE_KEY=$(curl -sf -b keepsake-cookies.txt -H "Origin: $KEEPSAKE_URL" --json \'{"name":"Case system"}\' "$KEEPSAKE_URL/api/integration/keys" | sed -E \'s/.*"key":"([^"]+)".*/\\1/\')',
  },
  {
    title: "Post a batch of services with the key",
    command:
      'IDS=$(curl -sf -H "Authorization: Bearer $KEEPSAKE_KEY" --json \'[{"fullName":"Eleanor Whitfield","serviceDate":"2025-03-14T11:00"},{"fullName":"José Núñez","serviceDate":"2025-03-15T14:30"}]\' "$KEEPSAKE_URL/api/programs/batch" | grep -o \'"id":"[^"]*"\' | cut -d\'"\' -f4 | paste -sd, -)',
  },
  {
    title: "Fetch every program in one combined PDF",
    command:
      'curl -sf -H "Authorization: Bearer $KEEPSAKE_KEY" -o programs.pdf "$KEEPSAKE_URL/api/programs/batch/pdf?ids=$IDS&combine=1"',
  },
];

/** The steps as one shell script, as `docs/integration.md` shows them. */
export const curlFlowScript = () =>
  [CURL_FLOW_SETUP, ...CURL_FLOW_STEPS.flatMap(({ title, command }) => [`# ${title}`, command])].join("\n");
