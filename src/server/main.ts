import { runServer } from "./serve";

await runServer();
