import { runServer } from "../../server/serve";

export type ServeOptions = { port?: string; host?: string };

/** `memorial serve`: the same server as `bun run start`, from the CLI or the compiled binary. */
export const serveApp = async (options: ServeOptions) => {
  const env = { ...process.env };
  if (options.port !== undefined) env.PORT = options.port;
  if (options.host !== undefined) env.HOST = options.host;
  await runServer(env);
};
