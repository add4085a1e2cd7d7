// A small local Google Sheets v4 server for tests: the real @googleapis/sheets client talks to it. It speaks the
// wire format of the three calls the adapter makes (values.get, values.append and values.batchUpdate), keeps rows
// in memory, checks the service account's self-signed JWT like Google does, and can be told to fail or hang.
import { createPublicKey, generateKeyPairSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { column, columnIndex, googleError, parseSheetName, planBatchUpdate } from "./google-sheets-batch";
import { listenLocally } from "./listen";

export interface TestServiceAccount {
  type: "service_account";
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  token_uri: string;
}

/** A service account key in Google's JSON shape, with a fresh RSA key. */
export function createTestServiceAccount(name = "sheets-sync"): TestServiceAccount {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    type: "service_account",
    project_id: "rpas-test",
    private_key_id: randomBytes(20).toString("hex"),
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: `${name}@rpas-test.iam.gserviceaccount.com`,
    client_id: "100000000000000000001",
    token_uri: "https://oauth2.googleapis.com/token",
  };
}

export interface FakeSheetsRequest {
  method: string;
  /** "get", "append" or "batchUpdate"; null for anything else. */
  call: "get" | "append" | "batchUpdate" | null;
  spreadsheetId: string | null;
  range: string | null;
  query: Record<string, string>;
  body: unknown;
  status: number;
}

export type AppendFailure = "500" | "hang" | "500-after-write";

export interface FakeSheets {
  url: string;
  requests: FakeSheetsRequest[];
  /** The sheet's rows, header included ("Enrollments" unless named). */
  rows(spreadsheetId: string, sheetName?: string): string[][];
  /** Replaces a tab's rows, as staff editing the sheet by hand would (deleting a row, an older header). */
  setRows(spreadsheetId: string, rows: string[][], sheetName?: string): void;
  /** A spreadsheet with these tabs; calls for any other spreadsheet get Google's 404. */
  addSpreadsheet(spreadsheetId: string, sheetNames?: string[]): void;
  /**
   * The next `count` appends fail: "500" writes nothing, "hang" never answers (and writes nothing),
   * "500-after-write" stores the rows and then answers 500, like a response lost on the way back.
   */
  failAppends(count: number, how: AppendFailure): void;
  /** The next `count` values.batchUpdate calls fail the same ways ("500-after-write" writes, then answers 500). */
  failUpdates(count: number, how: AppendFailure): void;
  close(): Promise<void>;
}

const SCOPE = "https://www.googleapis.com/auth/spreadsheets";

export async function startFakeSheets(options: { accounts: TestServiceAccount[] }): Promise<FakeSheets> {
  const keys = new Map(options.accounts.map((a) => [a.client_email, createPublicKey(a.private_key)]));
  const books = new Map<string, Map<string, string[][]>>();
  const failures: Record<"append" | "batchUpdate", { count: number; how: AppendFailure }> = {
    append: { count: 0, how: "500" },
    batchUpdate: { count: 0, how: "500" },
  };
  /** The failure the next call of this kind is told to have, if any (counted down). */
  const nextFailure = (call: "append" | "batchUpdate") => {
    const planned = failures[call];
    if (planned.count === 0) return null;
    planned.count -= 1;
    return planned.how;
  };

  const fake: FakeSheets = {
    url: "",
    requests: [],
    rows: (id, sheetName = "Enrollments") => structuredClone(books.get(id)?.get(sheetName) ?? []),
    setRows(id, rows, sheetName = "Enrollments") {
      const sheet = books.get(id)?.get(sheetName);
      if (!sheet) throw new Error(`no sheet ${sheetName} in ${id}`);
      sheet.splice(0, sheet.length, ...structuredClone(rows));
    },
    addSpreadsheet(id, sheetNames = ["Enrollments"]) {
      books.set(id, new Map(sheetNames.map((name) => [name, []])));
    },
    failAppends(count, how) {
      failures.append = { count, how };
    },
    failUpdates(count, how) {
      failures.batchUpdate = { count, how };
    },
    close: async () => {},
  };

  async function handle(req: IncomingMessage, res: ServerResponse, log: FakeSheetsRequest) {
    const url = new URL(req.url ?? "/", "http://fake");
    log.query = Object.fromEntries(url.searchParams);
    const match = /^\/v4\/spreadsheets\/([^/]+)\/values(?:\/([^/:]+)(:append)?|(:batchUpdate))$/.exec(
      url.pathname,
    );
    const text = await readBody(req);
    log.body = text ? JSON.parse(text) : null;
    if (!match?.[1] || !(match[2] || match[4])) {
      return send(res, log, 404, googleError(404, "Not Found", "NOT_FOUND"));
    }
    log.spreadsheetId = decodeURIComponent(match[1]);
    log.range = match[2] ? decodeURIComponent(match[2]) : null;
    log.call = match[4] ? "batchUpdate" : match[3] ? "append" : "get";
    if ((log.call !== "get") !== (req.method === "POST")) {
      return send(res, log, 405, googleError(405, "Method Not Allowed", "INVALID_ARGUMENT"));
    }
    const authError = checkAuthorization(req.headers.authorization, keys);
    if (authError) {
      const message = `Request had invalid authentication credentials. ${authError}`;
      return send(res, log, 401, googleError(401, message, "UNAUTHENTICATED"));
    }
    const book = books.get(log.spreadsheetId);
    if (!book) return send(res, log, 404, googleError(404, "Requested entity was not found.", "NOT_FOUND"));
    if (log.call === "batchUpdate") return batchUpdate(res, log, book);
    const sheetName = parseSheetName(log.range ?? "");
    const sheet = book.get(sheetName);
    if (!sheet) {
      return send(res, log, 400, googleError(400, `Unable to parse range: ${log.range}`, "INVALID_ARGUMENT"));
    }
    if (log.call === "get") return send(res, log, 200, readRange(sheet, sheetName, log, url));
    return append(res, log, sheet, sheetName);
  }

  function append(res: ServerResponse, log: FakeSheetsRequest, sheet: string[][], sheetName: string) {
    const { valueInputOption, insertDataOption } = log.query;
    if (valueInputOption !== "RAW" && valueInputOption !== "USER_ENTERED") {
      return send(res, log, 400, googleError(400, "Invalid valueInputOption", "INVALID_ARGUMENT"));
    }
    if (
      insertDataOption !== undefined &&
      insertDataOption !== "INSERT_ROWS" &&
      insertDataOption !== "OVERWRITE"
    ) {
      return send(res, log, 400, googleError(400, "Invalid insertDataOption", "INVALID_ARGUMENT"));
    }
    const values = (log.body as { values?: unknown } | null)?.values;
    if (!Array.isArray(values) || !values.every((row) => Array.isArray(row))) {
      return send(res, log, 400, googleError(400, "Invalid values", "INVALID_ARGUMENT"));
    }
    const failure = nextFailure("append");
    if (failure === "hang") {
      log.status = 0;
      return;
    }
    if (failure === "500")
      return send(res, log, 500, googleError(500, "Internal error encountered.", "INTERNAL"));
    const first = sheet.length + 1;
    // RAW stores every value as given; only USER_ENTERED would parse "=..." as a formula.
    sheet.push(...values.map((row: unknown[]) => row.map((cell) => String(cell ?? ""))));
    if (failure === "500-after-write") {
      return send(res, log, 500, googleError(500, "Internal error encountered.", "INTERNAL"));
    }
    const width = Math.max(0, ...values.map((row: unknown[]) => row.length));
    const updatedRange = `${sheetName}!A${first}:${column(width)}${sheet.length}`;
    send(res, log, 200, {
      spreadsheetId: log.spreadsheetId,
      ...(first > 1 ? { tableRange: `${sheetName}!A1:${column(width)}${first - 1}` } : {}),
      updates: {
        spreadsheetId: log.spreadsheetId,
        updatedRange,
        updatedRows: values.length,
        updatedColumns: width,
        updatedCells: values.reduce((sum: number, row: unknown[]) => sum + row.length, 0),
      },
    });
  }

  function batchUpdate(res: ServerResponse, log: FakeSheetsRequest, book: Map<string, string[][]>) {
    const plan = planBatchUpdate(book, log.spreadsheetId ?? "", log.body);
    if ("status" in plan) return send(res, log, plan.status, plan.body);
    const failure = nextFailure("batchUpdate");
    if (failure === "hang") {
      log.status = 0;
      return;
    }
    if (failure !== "500") plan.write();
    if (failure) return send(res, log, 500, googleError(500, "Internal error encountered.", "INTERNAL"));
    send(res, log, plan.answer.status, plan.answer.body);
  }

  const server = createServer((req, res) => {
    const log: FakeSheetsRequest = {
      method: req.method ?? "",
      call: null,
      spreadsheetId: null,
      range: null,
      query: {},
      body: null,
      status: 0,
    };
    fake.requests.push(log);
    handle(req, res, log).catch((error: unknown) => {
      send(res, log, 500, googleError(500, String(error), "INTERNAL"));
    });
  });
  const listening = await listenLocally(server);
  fake.url = listening.url;
  fake.close = listening.close;
  return fake;
}

/** Google's JWT access check, reduced to what matters here: RS256 by a known key, the issuer, expiry, scope. */
function checkAuthorization(
  header: string | undefined,
  keys: Map<string, ReturnType<typeof createPublicKey>>,
): string | null {
  const token = /^Bearer (.+)$/.exec(header ?? "")?.[1];
  if (!token) return "Expected OAuth 2 access token, login cookie or other valid authentication credential.";
  const [head, payload, signature] = token.split(".");
  if (!head || !payload || !signature) return "Malformed JWT.";
  const json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  const claims = json(payload) as { iss?: string; exp?: number; scope?: string };
  if (json(head).alg !== "RS256") return "Unsupported JWT algorithm.";
  const key = keys.get(claims.iss ?? "");
  if (!key) return "Unknown issuer.";
  const signed = Buffer.from(`${head}.${payload}`);
  if (!verify("RSA-SHA256", signed, key, Buffer.from(signature, "base64url")))
    return "Invalid JWT signature.";
  if (typeof claims.exp !== "number" || claims.exp * 1000 < Date.now()) return "JWT expired.";
  if (!claims.scope?.split(" ").includes(SCOPE)) return "Missing scope.";
  return null;
}

function readRange(sheet: string[][], sheetName: string, log: FakeSheetsRequest, url: URL) {
  const cells = /!([A-Z]+)(\d*)(?::([A-Z]+)(\d*))?$/.exec(log.range ?? "");
  const firstCol = cells?.[1] ? columnIndex(cells[1]) : 0;
  const lastCol = cells?.[3] ? columnIndex(cells[3]) : cells?.[1] ? firstCol : 25;
  const firstRow = cells?.[2] ? Number(cells[2]) - 1 : 0;
  const lastRow = cells?.[4] ? Number(cells[4]) - 1 : cells?.[2] && !cells[3] ? firstRow : sheet.length - 1;
  // Like Google: trailing empty cells and rows are left out, and an empty range has no "values" at all.
  let rows = sheet.slice(firstRow, lastRow + 1).map((row) => trimEnd(row.slice(firstCol, lastCol + 1)));
  while (rows.length > 0 && rows[rows.length - 1]?.length === 0) rows = rows.slice(0, -1);
  const byColumns = url.searchParams.get("majorDimension") === "COLUMNS";
  const values = byColumns ? transpose(rows) : rows;
  return {
    range: `${sheetName}!${column(firstCol + 1)}${firstRow + 1}:${column(lastCol + 1)}${Math.max(lastRow + 1, 1)}`,
    majorDimension: byColumns ? "COLUMNS" : "ROWS",
    ...(values.length > 0 ? { values } : {}),
  };
}

function transpose(rows: string[][]): string[][] {
  const width = Math.max(0, ...rows.map((row) => row.length));
  return Array.from({ length: width }, (_, c) => trimEnd(rows.map((row) => row[c] ?? "")));
}

function trimEnd(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === "") end -= 1;
  return cells.slice(0, end);
}

function send(res: ServerResponse, log: FakeSheetsRequest, status: number, body: unknown) {
  log.status = status;
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += (chunk as Buffer).toString("utf8");
  return text;
}
