// A fake S3 (tests/fakes/s3.ts) for the surrounding describe or file, and an s3Storage pointed at it.
import { afterAll, beforeAll } from "vitest";
import { type FakeS3, startFakeS3 } from "../fakes/s3";

export { FAKE_S3_BUCKET, type FakeS3 } from "../fakes/s3";

/**
 * A fake S3 for the surrounding describe (or file): started in beforeAll, stopped in afterAll. The object is handed
 * back at once and filled in when the server starts (read `s3.storage` inside tests or later hooks).
 */
export function withFakeS3(): FakeS3 {
  const s3 = {} as FakeS3;
  beforeAll(async () => {
    Object.assign(s3, await startFakeS3());
  });
  afterAll(async () => {
    await s3.stop?.();
  });
  return s3;
}
