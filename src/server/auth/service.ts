import { and, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { type AppDatabase, write } from "../../../db/client";
import { preparedFor } from "../../../db/prepared";
import { sessions, type UserRow, users } from "../../../db/schema";
import { LIMITS } from "../../shared/constants";
import type { LoginInput, RegisterInput, User } from "../../shared/schemas";
import { AppError } from "../errors";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_MS = LIMITS.sessionDays * DAY_MS;
// Sliding expiry without a write per request: extend only once a day has passed.
const SESSION_REFRESH_AFTER_MS = DAY_MS;

export const toPublicUser = (row: UserRow, billingEnabled: boolean): User => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  subscriptionTier: row.subscriptionTier,
  trialStartedAt: row.trialStartedAt.toISOString(),
  trialEndsAt: new Date(row.trialStartedAt.getTime() + LIMITS.trialDays * DAY_MS).toISOString(),
  billingEnabled,
});

export const hashToken = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");

/**
 * A new session for the user (joining the caller's transaction when `db` is one). Beyond
 * `maxSessions`, the user's oldest sessions end, so stolen or forgotten ones cannot pile up.
 */
export const createSession = async (
  db: AppDatabase,
  userId: string,
  now = new Date(),
  maxSessions = Number.POSITIVE_INFINITY,
) => {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await write(db, async (tx) => {
    await tx.insert(sessions).values({ tokenHash, userId, expiresAt, createdAt: now });
    if (!Number.isFinite(maxSessions)) return;
    const others = await tx
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, tokenHash)))
      .orderBy(desc(sessions.createdAt), desc(sessions.tokenHash));
    const ended = others.slice(maxSessions - 1).map((row) => row.tokenHash);
    if (ended.length > 0) await tx.delete(sessions).where(inArray(sessions.tokenHash, ended));
  });
  return { token, expiresAt };
};

const sessionByTokenHash = preparedFor("session_by_token_hash", (db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash"))),
);

/**
 * The session's user, extending the session when it is due (`refreshed`: the cookie must be sent
 * again with the new expiry); null when unknown or expired.
 */
export const resolveSession = async (db: AppDatabase, token: string, now = new Date()) => {
  const tokenHash = hashToken(token);
  const [row] = await sessionByTokenHash(db).execute({ tokenHash });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await write(db, (tx) => tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash)));
    return null;
  }
  let expiresAt = row.expiresAt;
  const refreshed = now.getTime() + SESSION_MS - expiresAt.getTime() > SESSION_REFRESH_AFTER_MS;
  if (refreshed) {
    const extended = new Date(now.getTime() + SESSION_MS);
    expiresAt = extended;
    await write(db, (tx) =>
      tx.update(sessions).set({ expiresAt: extended }).where(eq(sessions.tokenHash, tokenHash)),
    );
  }
  return { user: row.user, expiresAt, refreshed };
};

export const deleteSession = (db: AppDatabase, token: string) =>
  write(db, (tx) => tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))));

/** Signs the user out on every device: all of the user's sessions end. */
export const deleteUserSessions = (db: AppDatabase, userId: string) =>
  write(db, (tx) => tx.delete(sessions).where(eq(sessions.userId, userId)));

export const deleteExpiredSessions = (db: AppDatabase, now = new Date()) =>
  write(db, (tx) => tx.delete(sessions).where(lt(sessions.expiresAt, now)));

export const registerUser = async (db: AppDatabase, input: RegisterInput, now = new Date()) => {
  const email = input.email.toLowerCase();
  const taken = () =>
    new AppError("CONFLICT", "An account with this email already exists. Please sign in instead.");
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw taken();
  const passwordHash = await Bun.password.hash(input.password, { algorithm: "argon2id" });
  const row: UserRow = {
    id: crypto.randomUUID(),
    email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash,
    subscriptionTier: "free",
    trialStartedAt: now,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionStatus: null,
    subscriptionEndsAt: null,
    subscriptionEventAt: null,
    createdAt: now,
    updatedAt: now,
  };
  // Two registrations racing for one email: the unique index decides, and the loser inserts nothing.
  const inserted = await write(db, (tx) =>
    tx.insert(users).values(row).onConflictDoNothing().returning({ id: users.id }),
  );
  if (inserted.length === 0) throw taken();
  return row;
};

// Verifying against a real hash when the email is unknown keeps both answers equally slow,
// so response times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= Bun.password.hash(crypto.randomUUID(), { algorithm: "argon2id" });
  return decoyHash;
};

/** The user for these credentials, or null. */
export const verifyCredentials = async (db: AppDatabase, input: LoginInput) => {
  const [row] = await db.select().from(users).where(eq(users.email, input.email.toLowerCase())).limit(1);
  const ok = await Bun.password.verify(input.password, row?.passwordHash ?? (await decoy()));
  return row && ok ? row : null;
};
