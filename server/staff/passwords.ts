// Staff passwords are hashed with argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane). The PHC string keeps its
// own parameters, so raising them later still verifies old hashes.
import { hash, verify } from "@node-rs/argon2";
import { isCommonPassword } from "./common-passwords";

// 2 is Algorithm.Argon2id: the package exports it as a const enum, which isolated modules cannot read.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing anyone knows: unknown usernames are checked against it so they take as long as known ones. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  const target = storedHash ?? (await decoyHash);
  try {
    const ok = await verify(target, password);
    return ok && storedHash !== undefined;
  } catch {
    return false;
  }
}

export const COMMON_PASSWORD_MESSAGE =
  "That password is too common or too easy to guess (or contains the username). Please choose another.";

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, username?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim() !== password) return "The password must not begin or end with spaces.";
  if (isCommonPassword(password, username)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
