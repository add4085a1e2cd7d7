// File storage throughput: a 50 MB file streamed into the store and back out (putStream, getStream), on the local
// disk (DATA_DIR/files) and on an S3-compatible store (s3rver, the fake the tests use, on this machine), best of 3.
import { randomBytes } from "node:crypto";
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type FileStorage, localStorage } from "../../server/platform/storage";
import { startFakeS3 } from "../../tests/fakes/s3";

export const STORAGE_FILE_MB = 50;
const RUNS = 3;

export interface StorageBench {
  timings: StorageTiming[];
  /** The machine's load average (1, 5, 15 minutes) when the measurement started: a busy machine lowers it. */
  loadAverage: string;
}

export interface StorageTiming {
  store: string;
  uploadMBps: number;
  downloadMBps: number;
}

/** Discards what it is given, counting the bytes (the download's destination, so the disk is not measured twice). */
function countingSink(): { sink: Writable; bytes: () => number } {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { sink, bytes: () => bytes };
}

async function measure(
  storage: FileStorage,
  file: string,
  size: number,
): Promise<Omit<StorageTiming, "store">> {
  let upload = 0;
  let download = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const key = `bench/run-${run}.zip`;
    let started = performance.now();
    const stored = await storage.putStream(key, createReadStream(file), "application/zip");
    upload = Math.max(upload, size / ((performance.now() - started) / 1000));
    if (stored.byteSize !== size) throw new Error(`stored ${stored.byteSize} of ${size} bytes`);

    started = performance.now();
    const back = await storage.getStream(key);
    if (!back) throw new Error(`${key} was not stored`);
    const { sink, bytes } = countingSink();
    await pipeline(back.stream, sink);
    download = Math.max(download, size / ((performance.now() - started) / 1000));
    if (bytes() !== size) throw new Error(`read ${bytes()} of ${size} bytes`);
    await storage.delete(key);
  }
  const mbps = (bytesPerSecond: number) => Math.round((bytesPerSecond / 1e6) * 10) / 10;
  return { uploadMBps: mbps(upload), downloadMBps: mbps(download) };
}

export async function benchStorage(): Promise<StorageBench> {
  const loadAverage = loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");
  const dir = mkdtempSync(join(tmpdir(), "rpas-bench-storage-"));
  const size = STORAGE_FILE_MB * 1_000_000;
  const file = join(dir, "upload.zip");
  // Random bytes: nothing on the way can compress them.
  writeFileSync(file, randomBytes(size));
  const s3 = await startFakeS3();
  try {
    const local = await measure(localStorage(join(dir, "data")), file, size);
    const s3Timing = await measure(s3.storage, file, size);
    const timings = [
      { store: "Local disk (DATA_DIR/files)", ...local },
      { store: "S3 (s3rver on this machine)", ...s3Timing },
    ];
    return { timings, loadAverage };
  } finally {
    await s3.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function storageSection({ timings, loadAverage }: StorageBench): string {
  const rows = timings.map(
    (t) => `| ${t.store} | ${t.uploadMBps.toFixed(1)} MB/s | ${t.downloadMBps.toFixed(1)} MB/s |`,
  );
  return `## File storage throughput

A ${STORAGE_FILE_MB} MB file of random bytes streamed into the store and back out (\`putStream\` from a file, \`getStream\`
into a counting sink; scripts/lib/bench-storage.ts; \`npm run bench -- --storage\` runs it alone), best of ${RUNS} runs each (MB = 1,000,000 bytes). The local disk
writes a temporary file, syncs it and renames it; its download is read from the page cache. The S3 store sends 8 MiB
parts, two at a time, to s3rver (the fake the tests use) running in the same Node.js process: its figures include the
fake's own work (it writes each part, then joins them) and no network, so they are a floor for the app's cost, not a
forecast for a real bucket, where the link's bandwidth sets the pace. Load average when measured: ${loadAverage}
(${cpus().length} cores).

| Store | Upload | Download |
| --- | ---: | ---: |
${rows.join("\n")}
`;
}
