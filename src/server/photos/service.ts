import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import {
  type AppDatabase,
  type DbOrTx,
  holdAccount,
  holdUntilCommit,
  isPostgres,
  type Tx,
  write,
} from "../../../db/client";
import { preparedFor } from "../../../db/prepared";
import { type PhotoRow, photos, programs } from "../../../db/schema";
import type { PhotoLoader } from "../../print/photo-assets";
import { type PhotoRendition, photoIdFromUrl, photoUrl } from "../../shared/photo-urls";
import type { ProgramInput } from "../../shared/schemas";
import { AppError, notFound } from "../errors";
import { MASTER_MIME, processPhoto, SCREEN_MIME } from "./process-photo";
import type { PhotoStorage } from "./storage";

export type PhotoLimits = {
  /** Uploads one account may make per hour. */
  uploadsPerHour: number;
  /** Bytes of stored photos (both renditions) one account may keep. */
  storageBytesPerUser: number;
};

export const DEFAULT_PHOTO_LIMITS: PhotoLimits = {
  uploadsPerHour: 120,
  storageBytesPerUser: 2 * 1024 * 1024 * 1024,
};

export type PhotoDeps = { db: AppDatabase; storage: PhotoStorage; limits?: PhotoLimits };

/** What an upload answers; the program keeps `url`, the print check reads the pixel size. */
export type UploadedPhoto = { id: string; url: string; width: number; height: number };

/**
 * A photo no saved program has used yet may belong to a draft still open in the builder: it is
 * kept this long before it counts as abandoned.
 */
export const UNSAVED_PHOTO_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

const PHOTO_NOT_FOUND = "Photo not found";

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

// Storing files for a new row and removing files no row uses any more must not interleave, or a
// re-upload of a photo being collected could be left with its row but without its file; and an
// upload's quota check must see the uploads before it. On SQLite one process serves everything,
// so an in-process queue is enough; on PostgreSQL several servers may, so the mutation runs in a
// transaction holding the uploader's account (when it stores) and each file's hash.
let fileMutations: Promise<unknown> = Promise.resolve();
const withFilesHeld = <T>(
  db: AppDatabase,
  { uploader, hashes }: { uploader?: string; hashes: string[] },
  mutation: () => Promise<T>,
): Promise<T> => {
  if (isPostgres(db)) {
    return write(db, async (tx) => {
      if (uploader) await holdAccount(tx, uploader);
      // Always in the same order, so two servers holding several hashes cannot deadlock.
      for (const hash of [...new Set(hashes)].sort()) await holdUntilCommit(tx, "photo-file", hash);
      return mutation();
    });
  }
  const run = fileMutations.then(mutation, mutation);
  fileMutations = run.catch(() => undefined);
  return run;
};

type StoredFiles = Pick<PhotoRow, "contentHash" | "screenHash" | "width" | "height" | "mime" | "bytes">;

const storedBytes = async (db: AppDatabase, ownerId: string) => {
  // PostgreSQL sums bigints as numeric, which its driver hands over as a string.
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${photos.bytes}), 0)`.mapWith(Number) })
    .from(photos)
    .where(eq(photos.ownerId, ownerId));
  return row?.total ?? 0;
};

const gigabytes = (bytes: number) => `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB`;

/** Refuses when `adding` more bytes would take the owner past the storage quota. */
const checkQuota = async (db: AppDatabase, ownerId: string, limits: PhotoLimits, adding: number) => {
  if ((await storedBytes(db, ownerId)) + adding <= limits.storageBytesPerUser) return;
  throw new AppError(
    "PAYLOAD_TOO_LARGE",
    `Your photo storage is full (${gigabytes(limits.storageBytesPerUser)}). Photos taken out of programs are freed after 7 days; deleting programs you no longer need frees theirs.`,
  );
};

const insertPhoto = async (
  db: AppDatabase,
  ownerId: string,
  sourceHash: string,
  files: StoredFiles,
  now: Date,
): Promise<UploadedPhoto> => {
  const { contentHash, screenHash, width, height, mime, bytes } = files;
  const id = crypto.randomUUID();
  await write(db, (tx) =>
    tx.insert(photos).values({
      id,
      ownerId,
      sourceHash,
      contentHash,
      screenHash,
      width,
      height,
      mime,
      bytes,
      createdAt: now,
    }),
  );
  return { id, url: photoUrl(id), width, height };
};

/**
 * Keeps an uploaded image as a print master and a screen rendition. The same bytes uploaded
 * again by the same account reuse its stored files without processing them again; the caller
 * still gets a new photo. Another account's identical upload is processed like any other.
 */
export const uploadPhoto = async (
  { db, storage, limits = DEFAULT_PHOTO_LIMITS }: PhotoDeps,
  ownerId: string,
  bytes: Uint8Array,
  now = new Date(),
): Promise<UploadedPhoto> => {
  // A full account is refused before any decoding work.
  await checkQuota(db, ownerId, limits, 0);
  const sourceHash = sha256(bytes);
  // Only the uploader's own earlier copy counts: a quick answer for bytes someone else stored
  // would tell the uploader that another account has this photo. The files are shared anyway.
  const earlierCopy = () =>
    db
      .select()
      .from(photos)
      .where(and(eq(photos.ownerId, ownerId), eq(photos.sourceHash, sourceHash)))
      .limit(1)
      .then(([row]) => row);
  const known = await earlierCopy();
  const reused =
    known &&
    (await withFilesHeld(
      db,
      { uploader: ownerId, hashes: [known.contentHash, known.screenHash] },
      async () => {
        // Looked up again while its files are held: a sweep may have removed it (files too) meanwhile.
        const still = await earlierCopy();
        if (!still) return undefined;
        await checkQuota(db, ownerId, limits, still.bytes);
        return insertPhoto(db, ownerId, sourceHash, still, now);
      },
    ));
  if (reused) return reused;

  const processed = await processPhoto(bytes);
  const contentHash = sha256(processed.master);
  const screenHash = sha256(processed.screen);
  const size = processed.master.byteLength + processed.screen.byteLength;
  // Checked again with the insert (the uploader's uploads take turns), so parallel uploads cannot overshoot.
  return withFilesHeld(db, { uploader: ownerId, hashes: [contentHash, screenHash] }, async () => {
    await checkQuota(db, ownerId, limits, size);
    await storage.put(contentHash, processed.master);
    await storage.put(screenHash, processed.screen);
    const { width, height } = processed;
    return insertPhoto(
      db,
      ownerId,
      sourceHash,
      { contentHash, screenHash, width, height, mime: MASTER_MIME, bytes: size },
      now,
    );
  });
};

const ownedPhoto = preparedFor("owned_photo", (db) =>
  db
    .select()
    .from(photos)
    .where(and(eq(photos.ownerId, sql.placeholder("ownerId")), eq(photos.id, sql.placeholder("id")))),
);

const findOwnedPhoto = async (db: DbOrTx, ownerId: string, id: string): Promise<PhotoRow | undefined> => {
  const [row] = await ownedPhoto(db).execute({ ownerId, id });
  return row;
};

/** The owner's photo file; anyone else (signed out included) learns nothing but 404. */
export const readPhoto = async (
  { db, storage }: PhotoDeps,
  ownerId: string | undefined,
  id: string,
  rendition: PhotoRendition,
) => {
  const row = ownerId ? await findOwnedPhoto(db, ownerId, id) : undefined;
  if (!row) throw notFound(PHOTO_NOT_FOUND);
  const hash = rendition === "screen" ? row.screenHash : row.contentHash;
  const body = await storage.get(hash);
  if (!body) throw notFound(PHOTO_NOT_FOUND);
  return { body, hash, contentType: rendition === "screen" ? SCREEN_MIME : row.mime };
};

/**
 * A photo taken out of every saved program is kept this long before it is deleted, so a builder
 * tab still open on an older version can save it back.
 */
export const REMOVED_PHOTO_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** Every stored photo address a program shows, with the field that holds it. */
const photoFields = (
  program: Pick<ProgramInput, "mainPhotoUrl" | "backgroundImage" | "additionalPhotos">,
) => [
  { path: "mainPhotoUrl", url: program.mainPhotoUrl },
  { path: "backgroundImage", url: program.backgroundImage },
  ...program.additionalPhotos.map((p, i) => ({ path: `additionalPhotos.${i}.url`, url: p.url })),
];

/** Ids of the owner's photos that any of the owner's programs shows (photo list, cover, background). */
const usedPhotoIds = async (db: DbOrTx, ownerId: string) => {
  const rows = await db
    .select({
      additionalPhotos: programs.additionalPhotos,
      mainPhotoUrl: programs.mainPhotoUrl,
      backgroundImage: programs.backgroundImage,
    })
    .from(programs)
    .where(eq(programs.ownerId, ownerId));
  const ids = new Set<string>();
  for (const row of rows) {
    for (const { url } of photoFields(row)) {
      const id = photoIdFromUrl(url);
      if (id) ids.add(id);
    }
  }
  return ids;
};

export const MISSING_PHOTO = "This photo is no longer available. Please remove it or upload it again.";

/** Refuses a program showing a stored photo the owner does not have (deleted, or someone else's). */
const requireOwnedPhotos = async (db: DbOrTx, ownerId: string, program: ProgramInput) => {
  const shown = photoFields(program).flatMap((field) => {
    const id = photoIdFromUrl(field.url);
    return id === undefined ? [] : [{ ...field, id }];
  });
  if (shown.length === 0) return;
  const owned = await db
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        eq(photos.ownerId, ownerId),
        inArray(
          photos.id,
          shown.map((field) => field.id),
        ),
      ),
    );
  const ownedIds = new Set(owned.map((row) => row.id));
  const missing = shown.filter((field) => !ownedIds.has(field.id));
  if (missing.length === 0) return;
  const fields = missing.map(({ path }) => ({ path, message: MISSING_PHOTO }));
  throw new AppError("VALIDATION", MISSING_PHOTO, fields);
};

/**
 * After the owner's programs changed (in the same transaction): photos a program shows are marked
 * used (and no longer removed); photos a saved program showed and none shows now are marked removed.
 */
const recordPhotoUse = async (tx: Tx, ownerId: string, now = new Date()) => {
  const used = await usedPhotoIds(tx, ownerId);
  const owned = await tx.select().from(photos).where(eq(photos.ownerId, ownerId));
  const nowUsed = owned.filter((p) => used.has(p.id) && (!p.referencedAt || p.removedAt)).map((p) => p.id);
  if (nowUsed.length > 0) {
    await tx.update(photos).set({ referencedAt: now, removedAt: null }).where(inArray(photos.id, nowUsed));
  }
  const nowRemoved = owned.filter((p) => !used.has(p.id) && p.referencedAt && !p.removedAt).map((p) => p.id);
  if (nowRemoved.length > 0) {
    await tx.update(photos).set({ removedAt: now }).where(inArray(photos.id, nowRemoved));
  }
};

/**
 * Saves a program change and its photo bookkeeping in one write transaction: the photos it shows
 * must exist (checked with the write, so a photo cannot be deleted in between), and the use marks
 * follow.
 */
export const saveWithPhotos = <T>(
  db: AppDatabase,
  ownerId: string,
  program: ProgramInput | undefined,
  save: (tx: Tx) => Promise<T>,
  now = new Date(),
): Promise<T> =>
  write(db, async (tx) => {
    await holdAccount(tx, ownerId);
    if (program) await requireOwnedPhotos(tx, ownerId, program);
    const result = await save(tx);
    await recordPhotoUse(tx, ownerId, now);
    return result;
  });

/** Removes the files of deleted rows that no remaining row (of any owner) still uses. */
const removeUnusedFiles = ({ db, storage }: PhotoDeps, deleted: PhotoRow[]) => {
  const hashes = [...new Set(deleted.flatMap((row) => [row.contentHash, row.screenHash]))];
  return withFilesHeld(db, { hashes }, async () => {
    for (const hash of hashes) {
      const [stillUsed] = await db
        .select({ id: photos.id })
        .from(photos)
        .where(or(eq(photos.contentHash, hash), eq(photos.screenHash, hash)))
        .limit(1);
      if (stillUsed) continue;
      // A file left behind wastes disk; failing the family's save over it would be worse.
      await storage.remove(hash).catch((error) => console.error("Could not remove photo file", hash, error));
    }
  });
};

/**
 * Deletes, files included, the photos whose time is up: removed from programs longer than the
 * removal grace, or uploaded and never saved in any program for longer than the unsaved grace.
 * One owner's (after a save) or everyone's (the periodic sweep).
 */
export const collectUnusedPhotos = async (deps: PhotoDeps, ownerId?: string, now = new Date()) => {
  const removedBefore = new Date(now.getTime() - REMOVED_PHOTO_GRACE_MS);
  const uploadedBefore = new Date(now.getTime() - UNSAVED_PHOTO_GRACE_MS);
  const collected = await write(deps.db, async (tx) => {
    const due = await tx
      .select()
      .from(photos)
      .where(
        and(
          ownerId ? eq(photos.ownerId, ownerId) : undefined,
          or(
            lt(photos.removedAt, removedBefore),
            and(isNull(photos.referencedAt), lt(photos.createdAt, uploadedBefore)),
          ),
        ),
      );
    // A program written without the bookkeeping (a batch) may show one: check before deleting,
    // holding each account so that no save of it starts showing one in between. Accounts are held
    // in the same order everywhere, so two servers sweeping cannot deadlock.
    const usedBy = new Map<string, Set<string>>();
    for (const owner of [...new Set(due.map((p) => p.ownerId))].sort()) {
      await holdAccount(tx, owner);
      usedBy.set(owner, await usedPhotoIds(tx, owner));
    }
    const unused = due.filter((p) => !usedBy.get(p.ownerId)?.has(p.id));
    if (unused.length > 0) {
      await tx.delete(photos).where(
        inArray(
          photos.id,
          unused.map((p) => p.id),
        ),
      );
    }
    return unused;
  });
  await removeUnusedFiles(deps, collected);
  return collected.map((p) => p.id);
};

/** Deletes a photo the owner no longer wants; one a saved program still shows is refused. */
export const deletePhoto = async (deps: PhotoDeps, ownerId: string, id: string) => {
  // Checked and deleted in one write transaction, so a save cannot start using it in between.
  const row = await write(deps.db, async (tx) => {
    await holdAccount(tx, ownerId);
    const found = await findOwnedPhoto(tx, ownerId, id);
    if (!found) throw notFound(PHOTO_NOT_FOUND);
    if ((await usedPhotoIds(tx, ownerId)).has(id)) {
      throw new AppError(
        "CONFLICT",
        "This photo is still used by a saved program. Remove it there and save first.",
      );
    }
    await tx.delete(photos).where(eq(photos.id, id));
    return found;
  });
  await removeUnusedFiles(deps, [row]);
};

/**
 * The print pipeline's view of one owner's photos: the print master for the owner's own
 * `/api/photos/{id}` addresses, nothing for any other.
 */
export const createPhotoLoader =
  ({ db, storage }: PhotoDeps, ownerId: string): PhotoLoader =>
  async (url) => {
    const id = photoIdFromUrl(url);
    const row = id ? await findOwnedPhoto(db, ownerId, id) : undefined;
    if (!row) return undefined;
    const body = await storage.get(row.contentHash);
    return body && { body, contentType: row.mime, width: row.width, height: row.height };
  };
