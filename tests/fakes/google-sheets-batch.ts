// The fake Google Sheets server's values.batchUpdate (POST /v4/spreadsheets/{id}/values:batchUpdate), and the A1
// range helpers the fake's calls share. Like Google: the body names valueInputOption and a list of ValueRanges, each
// written at its range's top-left cell, refused whole (nothing written) when a range names an unknown tab or its
// values reach past the range.

/** "'My tab'!A1:B2" -> "My tab". */
export function parseSheetName(range: string): string {
  const name = range.includes("!") ? range.slice(0, range.lastIndexOf("!")) : range;
  return name.startsWith("'") && name.endsWith("'") ? name.slice(1, -1).replaceAll("''", "'") : name;
}

/** "A" -> 0, "AA" -> 26. */
export const columnIndex = (letters: string) =>
  [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

/** 1 -> "A", 27 -> "AA". */
export function column(oneBased: number): string {
  let n = oneBased;
  let name = "";
  while (n > 0) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name || "A";
}

export function googleError(code: number, message: string, status: string) {
  return { error: { code, message, status } };
}

interface ValueRange {
  range: string;
  sheetName: string;
  firstRow: number;
  firstCol: number;
  values: string[][];
}

type Answer = { status: number; body: unknown };

const invalid = (message: string): Answer => ({
  status: 400,
  body: googleError(400, message, "INVALID_ARGUMENT"),
});

/** One ValueRange checked against its range's bounds, or Google's 400 for it. */
function checkRange(book: Map<string, string[][]>, entry: unknown): ValueRange | Answer {
  const { range, values } = (entry ?? {}) as { range?: unknown; values?: unknown };
  if (typeof range !== "string") return invalid("Invalid data[].range");
  if (!Array.isArray(values) || !values.every((row) => Array.isArray(row))) {
    return invalid("Invalid data[].values");
  }
  const sheetName = parseSheetName(range);
  const cells = /!([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(range);
  if (!book.has(sheetName) || !cells?.[1] || !cells[2]) return invalid(`Unable to parse range: ${range}`);
  const firstCol = columnIndex(cells[1]);
  const firstRow = Number(cells[2]) - 1;
  const lastCol = cells[3] ? columnIndex(cells[3]) : firstCol;
  const lastRow = cells[4] ? Number(cells[4]) - 1 : firstRow;
  const width = Math.max(0, ...values.map((row: unknown[]) => row.length));
  if (firstCol + width - 1 > lastCol) {
    return invalid(
      `Requested writing within range [${range}], but tried writing to column [${column(firstCol + width)}]`,
    );
  }
  if (firstRow + values.length - 1 > lastRow) {
    return invalid(
      `Requested writing within range [${range}], but tried writing to row [${firstRow + values.length + 1}]`,
    );
  }
  const text = values.map((row: unknown[]) => row.map((cell) => String(cell ?? "")));
  return { range, sheetName, firstRow, firstCol, values: text };
}

/**
 * Checks a values.batchUpdate body against the spreadsheet's tabs. Answers Google's error, or the writes to make
 * and the answer to give once they are made (the caller may make them and still fail, like a lost response).
 */
export function planBatchUpdate(
  book: Map<string, string[][]>,
  spreadsheetId: string,
  body: unknown,
): Answer | { write: () => void; answer: Answer } {
  const { valueInputOption, data } = (body ?? {}) as { valueInputOption?: unknown; data?: unknown };
  if (valueInputOption !== "RAW" && valueInputOption !== "USER_ENTERED") {
    return invalid("Invalid valueInputOption");
  }
  if (!Array.isArray(data)) return invalid("Invalid data");
  const ranges: ValueRange[] = [];
  for (const entry of data) {
    const checked = checkRange(book, entry);
    if ("status" in checked) return checked;
    ranges.push(checked);
  }
  const write = () => {
    for (const { sheetName, firstRow, firstCol, values } of ranges) {
      const sheet = book.get(sheetName) ?? [];
      values.forEach((cells, r) => {
        while (sheet.length <= firstRow + r) sheet.push([]);
        const row = sheet[firstRow + r] ?? [];
        while (row.length < firstCol) row.push("");
        // RAW stores every value as given; only USER_ENTERED would parse "=..." as a formula.
        row.splice(firstCol, cells.length, ...cells);
      });
    }
  };
  const responses = ranges.map(({ sheetName, firstRow, firstCol, values }) => {
    const width = Math.max(0, ...values.map((row) => row.length));
    return {
      spreadsheetId,
      updatedRange: `${sheetName}!${column(firstCol + 1)}${firstRow + 1}:${column(firstCol + width)}${firstRow + values.length}`,
      updatedRows: values.length,
      updatedColumns: width,
      updatedCells: values.reduce((sum, row) => sum + row.length, 0),
    };
  });
  const total = (key: "updatedRows" | "updatedCells") => responses.reduce((sum, r) => sum + r[key], 0);
  const answer = {
    status: 200,
    body: {
      spreadsheetId,
      totalUpdatedRows: total("updatedRows"),
      totalUpdatedColumns: Math.max(0, ...responses.map((r) => r.updatedColumns)),
      totalUpdatedCells: total("updatedCells"),
      totalUpdatedSheets: new Set(ranges.map((r) => r.sheetName)).size,
      responses,
    },
  };
  return { write, answer };
}
