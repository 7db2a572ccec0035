// The grammar checker's own thread: harper.js lints synchronously inside WebAssembly, and a long
// text would otherwise hold the server's request thread for as long as it takes.
// Built apps load this file as harper-worker.js beside the bundle (see scripts/build.ts).
import { answerRequests } from "../off-thread/worker-side";
import { lintOnThisThread } from "./harper-engine";

answerRequests(lintOnThisThread);
