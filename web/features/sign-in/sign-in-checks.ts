// The e-mail sign-in steps' checks, with the server's schemas; loaded apart from the pages (web/lib/lazy-resolver.ts).
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { EmailSignInSchema, VerifyCodeSchema } from "@shared/portal";

export const checkEmail = standardSchemaResolver(EmailSignInSchema);
export const checkCode = standardSchemaResolver(VerifyCodeSchema);
