import { runServer } from "./serve";

runServer();
