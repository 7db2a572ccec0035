// The API reference through the bundle `bun run build` makes (run as `bun main.js` inside dist/app,
// as `bun run start` does): the viewer's script is a file the bundle carries beside main.js, and
// the page must render under the server's Content-Security-Policy. The compiled binary is checked
// in tests/cli/serve-and-binary.test.ts.
import { test } from "bun:test";
import { expectApiReferenceRenders } from "../support/api-reference";
import { setupBuiltAppAndBrowser } from "../support/browser";

const built = setupBuiltAppAndBrowser("docs-built");

test("the built server's API reference shows the operations, with no CSP violation", async () => {
  const context = await built.browser.newContext();
  try {
    await expectApiReferenceRenders(await context.newPage(), built.server.base);
  } finally {
    await context.close();
  }
}, 60_000);
