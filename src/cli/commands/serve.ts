import { openDatabase } from "../../../db/client";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/serve";

export type ServeOptions = { port?: string; host?: string };

/** `memorial serve`: the same server as `bun run start`, from the CLI or the compiled binary. */
export const serveApp = (options: ServeOptions) => {
  const env = { ...process.env };
  if (options.port !== undefined) env.PORT = options.port;
  if (options.host !== undefined) env.HOST = options.host;
  const config = loadConfig(env);
  const db = openDatabase(config.dataDir);
  const { server } = startServer({ config, db });
  console.log(`Keepsake is serving on http://localhost:${server.port} (data in ${config.dataDir})`);
  const stop = async () => {
    await server.stop();
    db.$client.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
};
