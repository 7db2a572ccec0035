import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDatabase } from "../../../db/client";
import { LIMITS } from "../../shared/constants";
import { PHOTO_RENDITIONS } from "../../shared/photo-urls";
import { FailureLimiter } from "../auth/failure-limiter";
import { authPlugin, findRequestUser } from "../auth/plugin";
import { rateLimitStore } from "../auth/rate-limit-store";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { AppError } from "../errors";
import { parseInput } from "../http/parse-input";
import { DEFAULT_PHOTO_LIMITS, deletePhoto, type PhotoDeps, readPhoto, uploadPhoto } from "./service";
import type { PhotoStorage } from "./storage";

const HOUR_MS = 60 * 60 * 1000;
const MAX_MB = LIMITS.maxPhotoUploadBytes / (1024 * 1024);
const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", `This photo is larger than ${MAX_MB} MB. Please choose a smaller copy.`);
// The multipart envelope around the file: boundaries, headers, the file name.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const chooseFile = (message: string) => new AppError("VALIDATION", message, [{ path: "file", message }]);

const readUploadedFile = async (request: Request) => {
  // Refuse by the declared length before reading a byte of an oversized body.
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > LIMITS.maxPhotoUploadBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw chooseFile('Please send the photo as multipart/form-data in the field "file".');
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw chooseFile("Please choose a photo to upload.");
  if (file.size > LIMITS.maxPhotoUploadBytes) throw tooLarge();
  if (file.size === 0) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Please drop image files only");
  return new Uint8Array(await file.arrayBuffer());
};

export const photoQuerySchema = z.object({
  rendition: z
    .enum(PHOTO_RENDITIONS, { error: `rendition must be one of: ${PHOTO_RENDITIONS.join(", ")}` })
    .default("print"),
});

/**
 * `POST /api/photos` keeps an image; `GET /api/photos/{id}` serves the print master, or with
 * `?rendition=screen` the builder's smaller copy; `DELETE` drops a photo no program uses.
 */
export const photoRoutes = (
  db: AppDatabase,
  billingEnabled: boolean,
  storage: PhotoStorage,
  limits = DEFAULT_PHOTO_LIMITS,
) => {
  const deps: PhotoDeps = { db, storage, limits };
  const uploads = new FailureLimiter(rateLimitStore(db, "photo-uploads"), limits.uploadsPerHour, HOUR_MS);
  return new Elysia({ prefix: "/photos" })
    .use(authPlugin(db, billingEnabled))
    .post(
      "/",
      async ({ user, request, set }) => {
        // Counted before the body is read, so parallel uploads are limited too.
        await uploads.takeOrThrow(
          user.id,
          `That is more than ${limits.uploadsPerHour} photos in an hour. Please wait a little before adding more.`,
        );
        const bytes = await readUploadedFile(request);
        set.status = 201;
        return uploadPhoto(deps, user.id, bytes);
      },
      // The body is read here, not by Elysia, so its size is checked before it is parsed.
      { auth: true, parse: "none" },
    )
    .get("/:id", async ({ params, query, cookie, request }) => {
      const { rendition } = parseInput(photoQuerySchema, query);
      // Not `auth: true`: a signed-out visitor gets the same 404 as another user, not a 401.
      const ownerId = (await findRequestUser(db, billingEnabled, request, cookie[SESSION_COOKIE]?.value))?.id;
      const photo = await readPhoto(deps, ownerId, params.id, rendition);
      const headers = {
        // Revalidated on every use (a cheap 304) so a shared computer's cache never outlives the owner check.
        "Cache-Control": "private, no-cache",
        ETag: `"${photo.hash}"`,
        "X-Content-Type-Options": "nosniff",
      };
      if (request.headers.get("if-none-match") === headers.ETag)
        return new Response(null, { status: 304, headers });
      return new Response(photo.body, { headers: { ...headers, "Content-Type": photo.contentType } });
    })
    .delete(
      "/:id",
      async ({ user, params }) => {
        await deletePhoto(deps, user.id, params.id);
        return { ok: true };
      },
      { auth: true },
    );
};
