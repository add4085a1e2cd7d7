// S3_URL and its keys: set together, checked at boot with a readable message, and the store they select.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "../env";
import { defaultRegion, parseS3Url, s3ConfigFromEnv } from "./s3-config";
import { storageFromEnv } from "./storage-plugin";

const KEYS = { S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret-example-value" };
const configError = (env: Record<string, string>) => {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("parseEnv accepted it");
};

describe("S3_URL", () => {
  it.each([
    ["https://s3.eu-west-1.amazonaws.com/rpas-files", "https://s3.eu-west-1.amazonaws.com", "rpas-files"],
    ["http://127.0.0.1:9000/rpas-files/", "http://127.0.0.1:9000", "rpas-files"],
    [
      "https://acc123.r2.cloudflarestorage.com/rpas.files",
      "https://acc123.r2.cloudflarestorage.com",
      "rpas.files",
    ],
    ["https://storage.example.fj/s3/rpas-files", "https://storage.example.fj/s3", "rpas-files"],
  ])("%s is the endpoint and the bucket", (url, endpoint, bucket) => {
    expect(parseS3Url(url)).toEqual({ endpoint, bucket });
  });

  it.each([
    ["ftp://example.fj/bucket", /http\(s\) URL/],
    ["https://s3.amazonaws.com", /must end in the bucket name/],
    ["https://s3.amazonaws.com/Upper_Case", /must end in the bucket name/],
    ["https://AKIA:secret@s3.amazonaws.com/bucket", /must not contain credentials/],
    ["https://s3.amazonaws.com/bucket?x=1", /query/],
  ])("%s is refused at boot with the reason", (url, reason) => {
    const message = configError({ S3_URL: url, ...KEYS });
    expect(message).toMatch(/S3_URL: /);
    expect(message).toMatch(reason);
    expect(message).not.toContain("secret");
  });

  it("needs both keys with it, and they need it", () => {
    expect(configError({ S3_URL: "https://s3.amazonaws.com/bucket" })).toContain(
      "S3_URL: S3_URL, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
    expect(configError({ ...KEYS })).toContain("must be set together");
  });

  it("takes the region from an AWS endpoint's name unless S3_REGION says otherwise", () => {
    expect(defaultRegion("https://s3.ap-southeast-2.amazonaws.com")).toBe("ap-southeast-2");
    expect(defaultRegion("https://s3-eu-west-1.amazonaws.com")).toBe("eu-west-1");
    expect(defaultRegion("http://127.0.0.1:9000")).toBe("us-east-1");
    const env = parseEnv({ S3_URL: "https://s3.ap-southeast-2.amazonaws.com/rpas-files", ...KEYS });
    expect(s3ConfigFromEnv(env)).toEqual({
      endpoint: "https://s3.ap-southeast-2.amazonaws.com",
      bucket: "rpas-files",
      region: "ap-southeast-2",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret-example-value",
      signedLinks: true,
    });
    const r2 = parseEnv({ S3_URL: "https://a.r2.cloudflarestorage.com/b-1", S3_REGION: "auto", ...KEYS });
    expect(s3ConfigFromEnv(r2)?.region).toBe("auto");
  });

  it("S3_SIGNED_LINKS=false turns the signed links off; anything but true/false is refused", () => {
    const base = { S3_URL: "http://127.0.0.1:9000/rpas-files", ...KEYS };
    expect(parseEnv(base).S3_SIGNED_LINKS).toBe(true);
    expect(parseEnv({ ...base, S3_SIGNED_LINKS: "false" }).S3_SIGNED_LINKS).toBe(false);
    expect(configError({ ...base, S3_SIGNED_LINKS: "no" })).toContain("S3_SIGNED_LINKS");
  });
});

describe("the store the environment selects", () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), "rpas-select-"));

  it("is the local disk without S3_URL", () => {
    expect(storageFromEnv(parseEnv({ DATA_DIR: dataDir() })).kind).toBe("local");
  });

  it("is S3 with S3_URL and its keys, with signed links unless turned off", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), S3_URL: "http://127.0.0.1:9000/rpas-files", ...KEYS });
    const storage = storageFromEnv(env);
    expect(storage.kind).toBe("s3");
    expect(storage.signedDownloadUrl).toBeTypeOf("function");
    expect(storageFromEnv({ ...env, S3_SIGNED_LINKS: false }).signedDownloadUrl).toBeUndefined();
  });
});
