// The Google Sheets adapter: appends enrollment rows to one sheet of one spreadsheet, and rewrites rows that
// changed, as a service account.
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import type { sheets_v4 } from "@googleapis/sheets";
import { EXPORT_COLUMNS } from "../../shared/admin";

export interface SheetsConfig {
  /** Path to a service account JSON key file, or the JSON itself. */
  serviceAccount: string;
  spreadsheetId: string;
  /** The tab rows go to; default "Enrollments". */
  sheetName?: string;
  /** Tests: the local fake server instead of https://sheets.googleapis.com. */
  rootUrl?: string;
  /** Per request; default 30 s, so a hung call ends the sync instead of holding its transaction open. */
  timeoutMs?: number;
}

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  [field: string]: unknown;
}

export interface SheetsAdapter {
  /**
   * Appends rows under the sheet's data, writing the EXPORT_COLUMNS header first when the sheet is empty. Rows whose
   * first cell (the enrollment ID) is already in column A are skipped, so appending the same rows again is
   * harmless. Resolves with the number of rows actually appended.
   */
  appendRows(rows: string[][]): Promise<{ appended: number }>;
  /**
   * Rewrites in place each row whose first cell (the enrollment ID) is in column A (the first such row when staff
   * copied one), in one batch; a row whose ID is no longer in the sheet is appended as appendRows would. When the
   * sheet starts with our header, the header row is rewritten too, so a sheet begun with fewer columns gains the new
   * ones. Writing the same rows again is harmless.
   */
  updateRows(rows: string[][]): Promise<{ updated: number; appended: number }>;
}

/** Anything that went wrong talking to Google, or reading the key; the message says what to fix. */
export class SheetsError extends Error {
  override name = "SheetsError";
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const SCOPE = "https://www.googleapis.com/auth/spreadsheets";
const ENV_KEY = "GOOGLE_SERVICE_ACCOUNT_JSON";

/** The configuration, or null when sync is off (neither variable set; SHEETS_NOT_CONFIGURED tells staff why). */
export function sheetsConfigFrom(env: {
  GOOGLE_SERVICE_ACCOUNT_JSON?: string;
  GOOGLE_SHEETS_ID?: string;
  GOOGLE_SHEETS_API_URL?: string;
}): SheetsConfig | null {
  const serviceAccount = env.GOOGLE_SERVICE_ACCOUNT_JSON?.trim();
  const sheetsId = env.GOOGLE_SHEETS_ID?.trim();
  if (!serviceAccount && !sheetsId) return null;
  if (!serviceAccount || !sheetsId) {
    const missing = serviceAccount ? "GOOGLE_SHEETS_ID" : ENV_KEY;
    throw new SheetsError(
      `Google Sheets sync is half configured: ${missing} is not set. Set both or neither.`,
    );
  }
  // People paste the spreadsheet's address; its ID is the part after /d/.
  const spreadsheetId = /\/spreadsheets\/d\/([\w-]+)/.exec(sheetsId)?.[1] ?? sheetsId;
  const rootUrl = env.GOOGLE_SHEETS_API_URL?.trim();
  return { serviceAccount, spreadsheetId, ...(rootUrl ? { rootUrl } : {}) };
}

/** A service account key from its JSON text (starts with "{") or from the path of its file. */
export function loadServiceAccount(value: string): ServiceAccount {
  const trimmed = value.trim();
  if (!trimmed) throw new SheetsError(`${ENV_KEY} is empty: give the key file's path or its JSON.`);
  const fromFile = !trimmed.startsWith("{");
  const source = fromFile ? `The service account key file ${trimmed}` : ENV_KEY;
  let text = trimmed;
  if (fromFile) {
    try {
      text = readFileSync(trimmed, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new SheetsError(`Cannot read the service account key file ${trimmed} (${code}).`, undefined, {
        cause: error,
      });
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Never echo the text: it holds a private key.
    throw new SheetsError(`${source} is not valid JSON.`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new SheetsError(`${source} is not a JSON object.`);
  }
  const account = parsed as Record<string, unknown>;
  if (account.type !== undefined && account.type !== "service_account") {
    throw new SheetsError(
      `${source} is a "${String(account.type)}" credential, not a service account key ("type": "service_account").`,
    );
  }
  const missing = ["client_email", "private_key"].filter(
    (field) => typeof account[field] !== "string" || account[field] === "",
  );
  if (missing.length > 0) throw new SheetsError(`${source} has no ${missing.join(" or ")}.`);
  // Keys copied through shells and .env files often arrive with literal "\n" instead of line breaks.
  const privateKey = (account.private_key as string).replaceAll("\\n", "\n");
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new SheetsError(`${source} has a private_key that is not a PEM private key.`);
  }
  return { ...account, client_email: account.client_email as string, private_key: privateKey };
}

/** "Enrollments" -> "'Enrollments'": quoted, so names with spaces or apostrophes are valid A1 ranges. */
const sheetRange = (name: string, cells: string) => `'${name.replaceAll("'", "''")}'!${cells}`;

export function createSheetsAdapter(config: SheetsConfig): SheetsAdapter {
  const account = loadServiceAccount(config.serviceAccount);
  const sheetName = config.sheetName ?? "Enrollments";
  // Google's client library is loaded at the first sync, not with the server (ADR 039); the key was checked above.
  let loaded: Promise<sheets_v4.Sheets> | undefined;
  const sheetsApi = () => {
    loaded ??= import("@googleapis/sheets").then(({ auth, sheets }) => {
      const client = new auth.JWT({
        email: account.client_email,
        key: account.private_key,
        ...(account.private_key_id ? { keyId: account.private_key_id } : {}),
        scopes: [SCOPE],
      });
      // A self-signed JWT carrying the scope, signed locally per request (jwtclient.js, getRequestMetadataAsync):
      // no call to Google's OAuth token endpoint, so one fewer service to fail, and in tests the local fake is the
      // only server it talks to. Set as a property: JWT's constructor ignores this option (only GoogleAuth sets it).
      client.useJWTAccessWithScope = true;
      return sheets({
        version: "v4",
        auth: client,
        timeout: config.timeoutMs ?? 30_000,
        ...(config.rootUrl ? { rootUrl: config.rootUrl } : {}),
      });
    });
    return loaded;
  };
  const failed = (error: unknown) => toSheetsError(error, account.client_email, config, sheetName);
  const spreadsheetId = config.spreadsheetId;

  // Column A gives both answers at once: whether the header is there, and which IDs the sheet has (and where).
  async function idColumn(): Promise<string[]> {
    const api = await sheetsApi();
    const existing = await api.spreadsheets.values.get({
      spreadsheetId,
      range: sheetRange(sheetName, "A:A"),
      majorDimension: "COLUMNS",
    });
    return (existing.data.values?.[0] ?? []).map(String);
  }

  async function appendMissing(column: string[], rows: string[][]): Promise<number> {
    const present = new Set(column);
    const fresh = rows.filter((row) => !present.has(row[0] ?? ""));
    const values = column.length === 0 ? [[...EXPORT_COLUMNS], ...fresh] : fresh;
    if (values.length === 0) return 0;
    const api = await sheetsApi();
    await api.spreadsheets.values.append({
      spreadsheetId,
      range: sheetRange(sheetName, "A1"),
      // RAW: cell text is stored as typed, never parsed as a formula, date or number.
      valueInputOption: "RAW",
      insertDataOption: "INSERT_ROWS",
      requestBody: { majorDimension: "ROWS", values },
    });
    return fresh.length;
  }

  return {
    async appendRows(rows) {
      try {
        return { appended: await appendMissing(await idColumn(), rows) };
      } catch (error) {
        throw failed(error);
      }
    },
    async updateRows(rows) {
      try {
        const column = await idColumn();
        const rowNumber = new Map<string, number>();
        column.forEach((id, index) => {
          if (!rowNumber.has(id)) rowNumber.set(id, index + 1);
        });
        // A range as wide as the row: Google refuses values that reach past the range they are written to.
        const line = (n: number, cells: readonly string[]) => ({
          range: sheetRange(sheetName, `A${n}:${columnLetter(cells.length)}${n}`),
          majorDimension: "ROWS",
          values: [[...cells]],
        });
        const data = rows.flatMap((row) => {
          const n = rowNumber.get(row[0] ?? "");
          return n === undefined ? [] : [line(n, row)];
        });
        if (data.length > 0 && column[0] === EXPORT_COLUMNS[0]) data.unshift(line(1, EXPORT_COLUMNS));
        if (data.length > 0) {
          const api = await sheetsApi();
          await api.spreadsheets.values.batchUpdate({
            spreadsheetId,
            // RAW, as for appends: text stays text.
            requestBody: { valueInputOption: "RAW", data },
          });
        }
        const missing = rows.filter((row) => !rowNumber.has(row[0] ?? ""));
        return { updated: rows.length - missing.length, appended: await appendMissing(column, missing) };
      } catch (error) {
        throw failed(error);
      }
    },
  };
}

/** 1 -> "A", 27 -> "AA": a column's A1 letters. */
function columnLetter(oneBased: number): string {
  let n = Math.max(oneBased, 1);
  let name = "";
  while (n > 0) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

interface HttpFailure {
  status?: number;
  code?: string | number;
  message?: string;
  response?: { status?: number; data?: { error?: { message?: string } } };
}

function toSheetsError(error: unknown, email: string, config: SheetsConfig, sheetName: string): SheetsError {
  const failure = (typeof error === "object" && error !== null ? error : {}) as HttpFailure;
  const status =
    failure.response?.status ?? (typeof failure.status === "number" ? failure.status : undefined);
  const google = failure.response?.data?.error?.message ?? failure.message ?? String(error);
  const options = { cause: error };
  if (status === undefined) {
    return new SheetsError(`Google Sheets could not be reached: ${google}`, undefined, options);
  }
  const reason = explain(status, google, email, config.spreadsheetId, sheetName);
  return new SheetsError(`${reason} (HTTP ${status}: ${google})`, status, options);
}

function explain(
  status: number,
  google: string,
  email: string,
  spreadsheetId: string,
  sheetName: string,
): string {
  if (status === 401)
    return `Google refused the service account ${email}. Check ${ENV_KEY} (was the key deleted?).`;
  if (status === 403) {
    return (
      `The service account ${email} may not edit spreadsheet ${spreadsheetId}. Share the spreadsheet with that ` +
      "address as an editor, and enable the Google Sheets API in its project."
    );
  }
  if (status === 404) return `Spreadsheet ${spreadsheetId} was not found. Check GOOGLE_SHEETS_ID.`;
  if (status === 400 && /parse range/i.test(google)) {
    return `Spreadsheet ${spreadsheetId} has no sheet named "${sheetName}". Add that tab.`;
  }
  if (status === 429) return "Google Sheets is rate limiting this service account; try again in a minute.";
  return "Google Sheets answered with an error.";
}
