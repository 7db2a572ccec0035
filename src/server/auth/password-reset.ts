import { and, eq, gt, isNull } from "drizzle-orm";
import { type AppDatabase, write } from "../../../db/client";
import { passwordResets, sessions, users } from "../../../db/schema";
import { PRODUCT_NAME } from "../../shared/constants";
import type { ResetPasswordInput } from "../../shared/schemas";
import { AppError } from "../errors";
import { revokeAllApiKeys } from "../integration/api-keys";
import type { Mailer } from "../mail/mailer";
import { createSession, hashToken } from "./service";

const RESET_LINK_MS = 60 * 60 * 1000;

/**
 * A reset revokes the API keys made this long before it: whoever knew the old password may have
 * made one to keep a way in. Older keys are the family's or funeral home's own: the reset page
 * offers to revoke those too.
 */
const RESET_REVOKES_KEYS_MADE_WITHIN_MS = 24 * 60 * 60 * 1000;

export const FORGOT_PASSWORD_ANSWER =
  "If an account uses that email, we've sent it a link to set a new password. The link works once, for one hour.";

const invalidLink = () =>
  new AppError("VALIDATION", "This reset link has expired or was already used. Please ask for a new one.", [
    { path: "token", message: "This reset link has expired or was already used. Please ask for a new one." },
  ]);

const resetEmail = (firstName: string, link: string) =>
  [
    `Hello ${firstName},`,
    "",
    `Someone (we hope you) asked to set a new password for your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
    "",
    link,
    "",
    "The link works once, for one hour. If you did not ask for it, you can ignore this email; your password has not changed.",
    "",
    `With care, the ${PRODUCT_NAME} team`,
  ].join("\n");

/**
 * Starts a reset: for a known email, a single-use token (only its hash is stored) is mailed as a link.
 * The caller answers the same whatever happens, so nobody learns which emails have accounts.
 */
export const requestPasswordReset = async (
  db: AppDatabase,
  mailer: Mailer,
  email: string,
  origin: string,
  now = new Date(),
) => {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (!user) return;
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  await write(db, (tx) =>
    tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_LINK_MS),
      createdAt: now,
    }),
  );
  const link = `${origin}/reset-password?token=${token}`;
  await mailer.send({
    to: user.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: resetEmail(user.firstName, link),
  });
};

/**
 * Sets the new password, uses up the link (and every other open link), ends every session and
 * revokes the keys made in the day before (`revokedApiKeys`: how many).
 */
export const resetPassword = async (db: AppDatabase, input: ResetPasswordInput, now = new Date()) => {
  const tokenHash = hashToken(input.token);
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  if (!reset) throw invalidLink();
  const passwordHash = await Bun.password.hash(input.password, { algorithm: "argon2id" });
  // The link, the password, the other links, the sessions and the new session: all or nothing.
  const signedIn = await write(db, async (tx) => {
    // Claimed inside the transaction: two submissions of one link cannot both succeed.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
      .returning({ tokenHash: passwordResets.tokenHash });
    if (claimed.length === 0) return undefined;
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, reset.userId))
      .returning();
    if (!user) return undefined;
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
    const since = new Date(now.getTime() - RESET_REVOKES_KEYS_MADE_WITHIN_MS);
    const revokedApiKeys = await revokeAllApiKeys(db, user.id, now, since);
    return { user, session: await createSession(db, user.id, now), revokedApiKeys };
  });
  if (!signedIn) throw invalidLink();
  return signedIn;
};
