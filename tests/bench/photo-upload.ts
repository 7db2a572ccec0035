// Photo upload cost: processing a phone-size photo (12 and 48 megapixels) into print master and
// screen rendition, and what a re-upload of the same bytes costs (it skips processing).
// Run: bun tests/bench/photo-upload.ts
import { rmSync } from "node:fs";
import { closeDatabase, openDatabase, write } from "../../db/client";
import { users } from "../../db/schema";
import { processPhoto } from "../../src/server/photos/process-photo";
import { uploadPhoto } from "../../src/server/photos/service";
import { createLocalPhotoStorage } from "../../src/server/photos/storage";
import { medianTime } from "../support/measure";
import { makeTempDir } from "../support/test-app";
import { detailedJpeg } from "../support/test-images";

const dataDir = makeTempDir("keepsake-bench-photos-");
try {
  const db = openDatabase(dataDir);
  const now = new Date();
  await write(db, (tx) =>
    tx.insert(users).values({
      id: "bench",
      email: "bench@example.com",
      firstName: "B",
      lastName: "B",
      passwordHash: "x",
      trialStartedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
  );
  const deps = { db, storage: createLocalPhotoStorage(dataDir) };

  const phone12 = await detailedJpeg(4000, 3000);
  const phone48 = await detailedJpeg(8000, 6000);
  const process12 = await medianTime(5, () => processPhoto(phone12));
  const process48 = await medianTime(3, () => processPhoto(phone48));
  await uploadPhoto(deps, "bench", phone12);
  const reupload12 = await medianTime(5, () => uploadPhoto(deps, "bench", phone12));

  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(`12 MP JPEG (${mb(phone12.length)} MB): processed in ${process12.toFixed(0)} ms (median of 5)`);
  console.log(`48 MP JPEG (${mb(phone48.length)} MB): processed in ${process48.toFixed(0)} ms (median of 3)`);
  console.log(`48 MP / 12 MP processing time: ${(process48 / process12).toFixed(2)}x`);
  console.log(
    `re-upload of the same 12 MP file: ${reupload12.toFixed(1)} ms, ${(process12 / reupload12).toFixed(0)}x cheaper`,
  );
  await closeDatabase(db);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
