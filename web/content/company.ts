// Company details live in shared/company.ts: the server's e-mails use them too.
export { COMPANY } from "@shared/company";
