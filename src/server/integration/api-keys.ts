import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { type AppDatabase, write } from "../../../db/client";
import { preparedFor } from "../../../db/prepared";
import { type ApiKeyRow, apiKeys, type UserRow, users } from "../../../db/schema";
import { API_KEY_PREFIX, type ApiKeySummary, type CreatedApiKey } from "../../shared/integration";
import type { User } from "../../shared/schemas";
import { requireFeature } from "../billing/entitlement-guard";
import { notFound } from "../errors";

// `ks_live_` and 4 random characters: enough to tell a user's keys apart, far too few to guess one.
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
// A write per request would make every API call a database write: a minute's precision is plenty.
const LAST_USED_PRECISION_MS = 60_000;

/**
 * API access is a plan feature (Pro, or the trial; everyone when billing is off): checked when a key
 * is created and on every request made with a key, so a downgrade stops old keys too.
 */
export const assertApiAccess = (user: User): void => requireFeature(user, "apiAccess");

/** Keys are 32 random bytes: a fast hash is enough, unlike passwords there is nothing to guess. */
export const hashApiKey = (key: string) => new Bun.CryptoHasher("sha256").update(key).digest("hex");

const toSummary = (row: ApiKeyRow): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export const createApiKey = async (
  db: AppDatabase,
  user: User,
  name: string,
  now = new Date(),
): Promise<CreatedApiKey> => {
  assertApiAccess(user);
  const key = API_KEY_PREFIX + Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const row: ApiKeyRow = {
    id: crypto.randomUUID(),
    ownerId: user.id,
    name,
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    keyHash: hashApiKey(key),
    lastUsedAt: null,
    revokedAt: null,
    createdAt: now,
  };
  await write(db, (tx) => tx.insert(apiKeys).values(row));
  return { ...toSummary(row), key };
};

export const listApiKeys = async (db: AppDatabase, ownerId: string): Promise<ApiKeySummary[]> => {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.ownerId, ownerId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toSummary);
};

/** Revoking is permanent; the row stays so the list still shows when the key was last used. */
export const revokeApiKey = async (db: AppDatabase, ownerId: string, id: string, now = new Date()) => {
  const [row] = await write(db, (tx) =>
    tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.ownerId, ownerId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning(),
  );
  if (!row) throw notFound("API key not found");
  return toSummary(row);
};

/** Keys of the owner that still work. */
export const countActiveApiKeys = async (db: AppDatabase, ownerId: string) => {
  const [row] = await db
    .select({ active: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)));
  return Number(row?.active ?? 0);
};

/**
 * Revokes every key of the owner that still works, or only those made since `createdSince`;
 * answers how many (joining the caller's transaction when `db` is one).
 */
export const revokeAllApiKeys = async (
  db: AppDatabase,
  ownerId: string,
  now = new Date(),
  createdSince?: Date,
) => {
  const revoked = await write(db, (tx) =>
    tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(
        and(
          eq(apiKeys.ownerId, ownerId),
          isNull(apiKeys.revokedAt),
          createdSince ? gte(apiKeys.createdAt, createdSince) : undefined,
        ),
      )
      .returning({ id: apiKeys.id }),
  );
  return revoked.length;
};

// Prepared once: every request made with a key runs it.
const liveKeyByHash = preparedFor("live_api_key_by_hash", (db) =>
  db
    .select({ id: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.ownerId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder("keyHash")), isNull(apiKeys.revokedAt))),
);

/** The owner of a live key, recording its use; null for an unknown or revoked key. */
export const resolveApiKey = async (
  db: AppDatabase,
  key: string,
  now = new Date(),
): Promise<UserRow | null> => {
  const [found] = await liveKeyByHash(db).execute({ keyHash: hashApiKey(key) });
  if (!found) return null;
  const lastUsed = found.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - lastUsed >= LAST_USED_PRECISION_MS) {
    await write(db, (tx) => tx.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, found.id)));
  }
  return found.user;
};
