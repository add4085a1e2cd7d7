// S3_URL names the endpoint and the bucket in one address: "https://s3.eu-west-1.amazonaws.com/rpas-files",
// "http://127.0.0.1:9000/rpas-files" (MinIO), "https://<account>.r2.cloudflarestorage.com/rpas-files" (R2).
// Kept apart from s3-storage.ts so parsing the environment does not load the S3 client.

export interface S3Config {
  /** The endpoint without the bucket: "https://s3.eu-west-1.amazonaws.com". */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Downloads go by a short signed link straight to the store (on by default). Off when visitors' browsers cannot
   * reach the endpoint (a MinIO on a private network): the app then streams each file itself.
   */
  signedLinks: boolean;
}

/** S3's bucket naming rules (lower case, digits, dots and dashes, 3-63 characters). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The endpoint and bucket of S3_URL, or the reason it is not a usable address (for the boot error). */
export function parseS3Url(value: string): { endpoint: string; bucket: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: "must be an http(s) URL ending in the bucket name" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { problem: "must be an http(s) URL ending in the bucket name" };
  }
  // The keys have their own variables: a key written into the URL would end up in logs and error messages.
  if (url.username || url.password) {
    return { problem: "must not contain credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY" };
  }
  if (url.search || url.hash) return { problem: "must not have a query or fragment" };
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  const bucket = segments.pop();
  if (!bucket || !BUCKET.test(bucket)) {
    return { problem: 'must end in the bucket name, e.g. "https://s3.eu-west-1.amazonaws.com/my-bucket"' };
  }
  const path = segments.length > 0 ? `/${segments.join("/")}` : "";
  return { endpoint: `${url.origin}${path}`, bucket };
}

/** The region AWS's own endpoints carry in their name; other stores (MinIO, R2) accept us-east-1. */
export function defaultRegion(endpoint: string): string {
  const match = /^https?:\/\/s3[.-]([a-z0-9-]+)\.amazonaws\.com/.exec(endpoint);
  return match?.[1] ?? "us-east-1";
}

/** The store's settings from the parsed environment, or null when S3_URL is unset (files stay on the local disk). */
export function s3ConfigFromEnv(env: {
  S3_URL?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_REGION?: string;
  S3_SIGNED_LINKS?: boolean;
}): S3Config | null {
  if (!env.S3_URL || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  const parsed = parseS3Url(env.S3_URL);
  if ("problem" in parsed) throw new Error(`S3_URL ${parsed.problem}`);
  return {
    ...parsed,
    region: env.S3_REGION ?? defaultRegion(parsed.endpoint),
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    signedLinks: env.S3_SIGNED_LINKS ?? true,
  };
}
