// Reads case-management exports on their own thread: reading a 4 MB CSV takes over half a second,
// which on the request thread would hold every other request (health checks included) meanwhile.
// Built apps load this file as case-file-worker.js beside the bundle (see scripts/build.ts).

import { type CaseFileRead, readCaseFileSafely } from "../../shared/case-import";
import { answerRequests } from "../off-thread/worker-side";

answerRequests<{ fileName: string; content: string }, CaseFileRead>(({ fileName, content }) =>
  readCaseFileSafely(fileName, content),
);
