/** The key of an `Authorization: Bearer <key>` header, or undefined when the request has none. */
export const bearerKey = (request: Request): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1];
};
