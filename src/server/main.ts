import { openDatabase } from "../../db/client";
import { loadConfig } from "./config";
import { startServer } from "./serve";

const config = loadConfig();
const db = openDatabase(config.dataDir);
const { server } = startServer({ config, db });
console.log(`Keepsake is serving on http://localhost:${server.port} (data in ${config.dataDir})`);
